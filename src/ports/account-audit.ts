/**
 * The account's own audit trail (docs/review.md "Audit of admin actions"): every change an admin, the
 * host's CLI or the operator's key makes to an account's people, keys, sign-in settings, webhook
 * endpoints and retention, with who made it. Details hold identifiers, roles, labels and settings,
 * never a secret (no token, key, client secret or URL path).
 */
export type AuditActor = { memberId: number } | { keyId: number } | 'cli';

export type AccountAuditRecord = {
  accountId: number;
  event: string;
  actor: AuditActor;
  subjectMemberId?: number | null;
  detail?: Record<string, unknown>;
  at: Date;
};

export type AccountAudit = {
  record(entry: AccountAuditRecord): Promise<void>;
  /**
   * Runs `work` in one database transaction that every store's queries join: an action and its audit
   * entry commit together or not at all.
   */
  atomically<T>(work: () => Promise<T>): Promise<T>;
};
