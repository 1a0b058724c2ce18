import type { KeyMode } from '../core/api-keys/api-key.js';
import type { StoredBarcode } from '../core/checks.js';
import type { DocumentType } from '../core/documents/document-types.js';
import type { ReasonCode } from '../core/verifications/reason-codes.js';
import type { CheckJobWrites } from './check-queue.js';
import type { LivenessChallengeWrites } from './liveness-challenges.js';
import type { FaceIdentity } from '../core/faces/face-dedupe.js';
import type {
  AuditActor,
  MediaIndexEntry,
  MediaItem,
  MediaKind,
  Verification,
  VerificationDetail,
} from '../core/verifications/verification.js';
import type { Decision } from '../core/verifications/decide.js';
import type { ReviewDecision } from '../core/verifications/review.js';
import type { VerificationStatus } from '../core/verifications/status.js';
import type { Checks, DocChecks } from '../core/check-results.js';

export type ListFilter = {
  limit: number;
  startingAfter?: { createdAt: Date; id: string };
  status?: VerificationStatus;
  externalRef?: string;
  decision?: Decision;
  /** true: only those a reviewer has decided; false: only those no reviewer has (yet). */
  reviewed?: boolean;
};

/** The console's search over an account's verifications: the shared filters and a few more. */
export type AccountListFilter = ListFilter & {
  mode: KeyMode;
  assigned?: number | 'none';
  id?: string;
  /** Only verifications whose decision gave this reason. */
  reason?: ReasonCode;
  /** created_at >= createdFrom and < createdBefore. */
  createdFrom?: Date;
  createdBefore?: Date;
};

export type NewVerification = {
  id: string;
  apiKeyId: number;
  externalRef: string;
  metadata: Record<string, unknown>;
  /** Live unless given. */
  mode?: KeyMode;
  /** Test mode only: the reason codes the checks are forced to (docs/testing.md). */
  testOutcome?: ReasonCode[] | null;
  /** Where the hosted flow sends the end user back when finished (redirect mode). */
  returnUrl?: string | null;
  /** Re-screened on list updates while its personal data is kept; true unless false. */
  monitor?: boolean;
  /** The document types the end user may choose among; every type unless given. */
  documentTypes?: DocumentType[];
  /** A passport or ID card read only through its MRZ is kept at review (docs/decision-policy.md). */
  mrzReview?: boolean;
  createdAt: Date;
  expiresAt: Date;
};

export type DecisionRecord = {
  decision: Decision;
  score: number;
  reasons: ReasonCode[];
  checks: Checks;
  docChecks: DocChecks;
};

/**
 * Verifications and their client tokens. Reads apply the expire-on-read rule (an open
 * verification past expires_at is expired when read), so no caller repeats it.
 */
export type VerificationStore = {
  findOwned(id: string, apiKeyId: number, now: Date): Promise<Verification | undefined>;
  /** The verification and its audit log, for the merchant's detail view; undefined unless `apiKeyId` owns it. */
  findOwnedDetail(id: string, apiKeyId: number, now: Date): Promise<VerificationDetail | undefined>;
  findById(id: string, now: Date): Promise<Verification | undefined>;
  list(apiKeyId: number, filter: ListFilter): Promise<Verification[]>;
  /**
   * Every verification created by any key of the account (the console's team queue), newest first;
   * `assigned` narrows to one member's cases, or to unassigned ones with `none`.
   */
  listInAccount(accountId: number, filter: AccountListFilter): Promise<Verification[]>;
  /** The verification behind a client token that has not expired. */
  findByToken(
    tokenHash: string,
    now: Date,
  ): Promise<{ verification: Verification; tokenExpiresAt: Date } | undefined>;
  /** Marks open verifications past expires_at as expired (the sweep); returns how many. */
  expireDue(now: Date): Promise<number>;
};

/** The writes of one transaction: they commit together or not at all. */
export type VerificationWrites = {
  insert(input: NewVerification): Promise<Verification>;
  addToken(verificationId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void>;
  /**
   * Ends every live client token of the verification now, and its unclaimed handoff links with them;
   * returns how many tokens were live.
   */
  revokeTokens(verificationId: string, now: Date): Promise<number>;
  /** Closes an open verification as `canceled`; undefined when it is no longer open (the guard makes races safe). */
  cancel(verificationId: string, at: Date): Promise<Verification | undefined>;
  /** Sets consent once; false when it was already given. */
  recordConsent(verificationId: string, at: Date): Promise<boolean>;
  /**
   * Records the end user's choice of document type on an open verification and restarts its
   * document capture: the barcode read for another type is dropped and the status returns to
   * doc_front (the caller removes the other type's images). False when it is no longer open.
   */
  chooseDocumentType(verificationId: string, type: DocumentType, at: Date): Promise<boolean>;
  /** Moves an open verification on (status, barcode); false when it is no longer open. */
  advance(
    verificationId: string,
    change: {
      status: VerificationStatus;
      barcode?: StoredBarcode;
      /** Test mode: the outcome chosen at submit, kept as the verification's `test_outcome`. */
      testOutcome?: ReasonCode[];
      at: Date;
    },
  ): Promise<boolean>;
  /**
   * Records the decision while the verification is still submittable and unexpired; undefined when
   * another submit won or it has closed (the status guard makes concurrent submits race safely).
   */
  markDecided(
    verificationId: string,
    input: DecisionRecord & { at: Date; consentAt?: Date; barcode?: StoredBarcode },
  ): Promise<Verification | undefined>;
  /**
   * Records a reviewer's decision while the verification is decided `review` and not yet reviewed;
   * undefined otherwise (the guard makes two reviewers racing safe: exactly one wins).
   */
  recordReview(verificationId: string, review: ReviewRecord): Promise<Verification | undefined>;
  /** Assigns the review case to a member (null: unassigned); undefined when the verification is gone. */
  assign(verificationId: string, memberId: number | null, at: Date): Promise<Verification | undefined>;
  /**
   * Erases the verification's personal data (docs/privacy.md): barcode, metadata, the parsed identity
   * and device details in doc_checks and checks, the review note, device signals, the client address
   * in its audit entries and check job; ends its client tokens; closes it (`expired`) if still open.
   * Keeps id, status, decision, score, reasons, timestamps and the audit log. Undefined when it was
   * already redacted (the guard makes a repeat, or a race with the retention sweeper, a no-op).
   */
  redact(verificationId: string, at: Date): Promise<Verification | undefined>;
};

export type ReviewRecord = {
  decision: ReviewDecision;
  note: string;
  /** The key that decided; null when a member did (reviewerMemberId). */
  reviewerKeyId: number | null;
  reviewerMemberId?: number | null;
  at: Date;
};

export type AuditLog = {
  append(
    verificationId: string,
    entry: { actor: AuditActor; event: string; at: Date; detail?: Record<string, unknown> },
  ): Promise<void>;
};

export type UsageRecords = {
  /** Meters one completed verification (usage counts decided verifications). */
  record(input: { verificationId: string; apiKeyId: number; at: Date }): Promise<void>;
};

export type UsageStore = {
  byDay(apiKeyId: number, from: string, to: string): Promise<Array<{ day: string; verifications: number }>>;
};

export type Outbox = {
  /** An event for the webhook worker to fan out to subscribed endpoints. */
  add(event: {
    id: string;
    type: string;
    apiKeyId: number;
    verificationId: string | null;
    data: Record<string, unknown>;
    at: Date;
  }): Promise<void>;
};

/** A media item placed in storage, ready to be recorded by a transaction. */
export type PlacedMedia = MediaItem & {
  id: string;
  storageKey: string | null;
  /** The bytes as stored, when they differ from `bytes` (sealed with the verification's key). */
  storedBytes?: Buffer;
};

export type MediaRecords = {
  /** Records placed media, replacing earlier uploads of the same slot; returns the replaced objects' keys. */
  save(verificationId: string, items: PlacedMedia[], at: Date): Promise<string[]>;
  /** Deletes the verification's media of these kinds; returns the object keys to delete after commit. */
  removeKinds(verificationId: string, kinds: MediaKind[]): Promise<string[]>;
  /** Deletes every media row of the verification; returns how many and the object keys to delete after commit. */
  removeAll(verificationId: string): Promise<{ count: number; storageKeys: string[] }>;
};

export type MediaStore = {
  /**
   * Runs `write` (one transaction) with the media placed: with an object store the bytes are uploaded
   * first under fresh keys no row points at yet. If `write` fails or saves nothing (`replaced` null),
   * those objects are deleted again; once it has committed, the objects it replaced are deleted.
   */
  withPlaced<T>(
    verificationId: string,
    items: MediaItem[],
    write: (placed: PlacedMedia[]) => Promise<{ result: T; replaced: string[] | null }>,
  ): Promise<T>;
  has(verificationId: string, kind: MediaKind): Promise<boolean>;
  load(verificationId: string, kind: MediaKind): Promise<Buffer[]>;
  index(verificationId: string): Promise<MediaIndexEntry[]>;
  /** One stored image with its bytes, or undefined when there is none (or its object is gone). */
  byId(mediaId: string): Promise<{ contentType: string; bytes: Buffer } | undefined>;
  /** Which of these object keys a media row refers to. */
  referencedStorageKeys(keys: string[]): Promise<Set<string>>;
  /**
   * Deletes objects whose rows a committed transaction removed. Best effort: a failure is reported
   * and the objects, named by no row, are left to the media-object sweep.
   */
  removeObjects(keys: string[]): Promise<void>;
};

export type FaceTemplateWrites = {
  /** Keeps the selfie's template for later duplicate searches. */
  remember(input: {
    verificationId: string;
    apiKeyId: number;
    identity: FaceIdentity | null;
    embedding: number[];
    at: Date;
  }): Promise<void>;
  /** Deletes the verification's template, so duplicate searches no longer find it; false when there was none. */
  forget(verificationId: string): Promise<boolean>;
  /** Keeps the perceptual hashes of the selfie frames, so a later verification that re-sends one is seen. */
  rememberFrames(input: {
    verificationId: string;
    apiKeyId: number;
    hashes: string[];
    at: Date;
  }): Promise<void>;
};

/** The stores a transaction writes through. */
export type TransactionStores = {
  verifications: VerificationWrites;
  audit: AuditLog;
  usage: UsageRecords;
  outbox: Outbox;
  media: MediaRecords;
  faces: FaceTemplateWrites;
  checkJobs: CheckJobWrites;
  challenges: LivenessChallengeWrites;
};

/** Runs `work` in one database transaction: every write inside commits together or none does. */
export type Transactor = <T>(work: (stores: TransactionStores) => Promise<T>) => Promise<T>;
