/** What one batch of the retention sweeper removed, committed in one transaction. */
export type RetentionBatch = {
  /** The verifications the batch changed (the read cache forgets them). */
  verificationIds: string[];
  /** Rows removed or redacted: media rows, verifications or templates, by stage. */
  count: number;
  /** Bucket objects whose rows the batch deleted, to delete once it has committed. */
  storageKeys: string[];
};

/** An account's own retention periods (days); null where it keeps the deployment's. */
export type AccountRetention = {
  accountId: number;
  mediaDays: number | null;
  piiDays: number | null;
  templateDays: number | null;
};

/** Limits a stage to the verifications of one account (its keys'); null for every verification. */
export type RetentionScope = { accountId: number } | null;

/** Where the media stage left off, so one run reads each past verification once. */
export type RetentionCursor = { decidedAt: Date; id: string };

/**
 * The retention sweeper's reads and writes (docs/privacy.md). Each stage takes at most `limit`
 * candidates with FOR UPDATE SKIP LOCKED, so a verification being decided or redacted meanwhile is
 * left to the next batch, and records a system audit entry per verification.
 */
export type RetentionStore = {
  /** Takes or renews the named lease for `holder` until `until`; false while another holder's lease runs. */
  acquireLease(name: string, holder: string, now: Date, until: Date): Promise<boolean>;
  releaseLease(name: string, holder: string, now: Date): Promise<void>;
  /** Fully redacts (media and personal data) undecided verifications that expired before `expiredBefore`. */
  redactUnfinished(expiredBefore: Date, at: Date, limit: number): Promise<RetentionBatch>;
  /** Deletes the media of verifications decided before `decidedBefore`, after `cursor`. */
  deleteMedia(
    decidedBefore: Date,
    cursor: RetentionCursor | null,
    at: Date,
    limit: number,
    scope?: RetentionScope,
  ): Promise<RetentionBatch & { cursor: RetentionCursor | null }>;
  /** Redacts the personal data of verifications decided before `decidedBefore`. */
  redactDecided(
    decidedBefore: Date,
    at: Date,
    limit: number,
    scope?: RetentionScope,
  ): Promise<RetentionBatch>;
  /** Deletes face templates stored before `createdBefore`. */
  deleteTemplates(
    createdBefore: Date,
    at: Date,
    limit: number,
    scope?: RetentionScope,
  ): Promise<RetentionBatch>;
  /** The accounts that set a retention period of their own, with their periods. */
  accountRetention(): Promise<AccountRetention[]>;
  /** One account's periods (every one null when it set none). */
  findAccountRetention(accountId: number): Promise<AccountRetention>;
  saveAccountRetention(retention: AccountRetention): Promise<void>;
  /** Which of these verifications are redacted (their keys must be gone). */
  redactedAmong(verificationIds: string[]): Promise<string[]>;
};
