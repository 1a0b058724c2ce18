import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { KeyMode } from '../../core/api-keys/api-key.js';
import type { Role } from '../../core/members/members.js';
import type { StoredBarcode } from '../../core/checks.js';
import type { DocumentType } from '../../core/documents/document-types.js';
import type { ReasonCode } from '../../core/verifications/reason-codes.js';
import type { DeliveryStatus } from '../../ports/webhooks.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type ApiKeysTable = {
  id: Generated<number>;
  label: string;
  scopes: Json<string[]>;
  key_hash: string;
  key_prefix: string;
  owner_key_id: number | null;
  /** The merchant account (migrations/0026); a minted key's is its owner's, set by a trigger. */
  account_id: ColumnType<number, number | undefined, never>;
  mode: ColumnType<KeyMode, KeyMode | undefined, KeyMode>;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** The console admin who minted the key (migrations/0034); null for keys minted by a key or the CLI. */
  created_by_member_id: ColumnType<number | null, number | null | undefined, never>;
  /** Set on a rolled key: the key that took its place and that it acts as until expires_at (migrations/0040). */
  successor_key_id: ColumnType<number | null, never, number | null>;
  expires_at: ColumnType<Date | null, never, Date | null>;
};

export type AccountsTable = {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  lineage_root_key_id: ColumnType<number | null, never, never>;
  retention_media_days: ColumnType<number | null, number | null | undefined, number | null>;
  retention_pii_days: ColumnType<number | null, number | null | undefined, number | null>;
  retention_template_days: ColumnType<number | null, number | null | undefined, number | null>;
};

/** What the hosted flow shows an account's end users (migrations/0042). */
export type AccountBrandingTable = {
  account_id: number;
  display_name: string | null;
  colour: string | null;
  support_url: string | null;
  privacy_url: string | null;
  /** The service's WebP re-encoding of the uploaded logo. */
  logo: Uint8Array | null;
  updated_at: Timestamp;
};

export type AuthFailuresTable = {
  id: Generated<number>;
  occurred_at: Timestamp;
  ip: string;
  reason: string;
  key_prefix: string | null;
  method: string;
  path: string;
};

export type PublishableKeysTable = {
  id: Generated<number>;
  key: string;
  api_key_id: number;
  label: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  allowed_origins: ColumnType<string[], string | undefined, string>;
  /** Set from the API key's account by a trigger (migrations/0026). */
  account_id: ColumnType<number, never, never>;
};

export type VerificationsTable = {
  id: string;
  api_key_id: number;
  external_ref: string;
  metadata: Json<Record<string, unknown>>;
  status: string;
  decision: string | null;
  score: number | null;
  decision_reasons: Json<string[]>;
  checks: Json<Record<string, unknown>>;
  doc_checks: Json<Record<string, unknown>>;
  barcode: ColumnType<StoredBarcode | null, string | null | undefined, string | null>;
  consent_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  decided_at: NullableTimestamp;
  review_decision: ColumnType<string | null, string | null | undefined, string | null>;
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: NullableTimestamp;
  reviewer_key_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The member who decided the review, when a person did (migrations/0027). */
  reviewer_member_id: ColumnType<number | null, number | null | undefined, number | null>;
  assigned_member_id: ColumnType<number | null, number | null | undefined, number | null>;
  mode: ColumnType<KeyMode, KeyMode | undefined, KeyMode>;
  test_outcome: ColumnType<ReasonCode[] | null, string | null | undefined, string | null>;
  redacted_at: NullableTimestamp;
  return_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Re-screened on list updates while its personal data is kept (migrations/0038). */
  monitor: ColumnType<boolean, boolean | undefined, boolean>;
  /** The document types accepted, the one chosen, and MRZ-only documents kept at review (migrations/0039). */
  document_types: ColumnType<DocumentType[], string | undefined, string>;
  document_type: ColumnType<DocumentType | null, DocumentType | null | undefined, DocumentType | null>;
  mrz_review: ColumnType<boolean, boolean | undefined, boolean>;
};

export type VerificationAuditTable = {
  id: Generated<number>;
  verification_id: string;
  occurred_at: Timestamp;
  actor: string;
  event: string;
  detail: Json<Record<string, unknown>>;
};

export type ClientTokensTable = {
  token_hash: string;
  verification_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
};

export type MediaTable = {
  id: string;
  verification_id: string;
  kind: string;
  idx: number;
  content_type: string;
  byte_size: number;
  bytes: Uint8Array | null;
  storage_key: string | null;
  created_at: Timestamp;
};

export type UsageRecordsTable = {
  verification_id: string;
  api_key_id: number;
  day: ColumnType<string, string, string>;
  created_at: Timestamp;
};

export type EventsTable = {
  id: string;
  type: string;
  api_key_id: number;
  verification_id: string | null;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
  dispatched_at: NullableTimestamp;
  /** The order events were written in (migration 0023). */
  seq: Generated<number>;
};

export type IdempotencyKeysTable = {
  api_key_id: number;
  key_hash: string;
  request_hash: string;
  status_code: number | null;
  response_sealed: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  verification_id: string | null;
};

export type SchemaMigrationsTable = {
  version: number;
  name: string;
  checksum: string;
  applied_at: Timestamp;
};

export type FaceTemplatesTable = {
  verification_id: string;
  api_key_id: number;
  /** The sealed identity (sealed-columns.ts); null when the verification had none. */
  identity: unknown;
  embedding: number[];
  /** The engine that made the template (migrations/0019): only templates of one engine compare. */
  engine: string;
  created_at: Date;
};

export type FaceBlocklistTable = {
  id: number;
  label: string;
  embedding: number[];
  engine: string;
  created_by: number | null;
  created_at: Date;
  deleted_at: Date | null;
};

export type DeviceSignalsTable = {
  id: Generated<number>;
  verification_id: string | null;
  device_hash: string | null;
  components: ColumnType<Record<string, string>, string, string>;
  dropped_keys: number;
  truncated_values: number;
  collected_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type WebhookEndpointsTable = {
  id: Generated<number>;
  api_key_id: ColumnType<number | null, number | null | undefined, number | null>;
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
  url: string;
  events: ColumnType<string[], string, string>;
  secret_sealed: string;
  mode: ColumnType<KeyMode, KeyMode | undefined, KeyMode>;
  active: Generated<boolean>;
  created_at: Timestamp;
  deactivated_at: NullableTimestamp;
};

export type WebhookDeliveriesTable = {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  verification_id: string | null;
  payload: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: Generated<number>;
  run_attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_token: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
};

export type WebhookDeliveryAttemptsTable = {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  attempted_at: Timestamp;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
};

export type CheckJobsTable = {
  id: Generated<number>;
  verification_id: string;
  status: ColumnType<'queued' | 'running' | 'done', 'queued' | undefined, 'queued' | 'running' | 'done'>;
  input: Json<Record<string, unknown>>;
  attempts: Generated<number>;
  lease_token: string | null;
  lease_expires_at: NullableTimestamp;
  worker_id: string | null;
  enqueued_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  run_ms: number | null;
  outcome: string | null;
};

export type CheckWorkersTable = {
  id: string;
  concurrency: number;
  started_at: Timestamp;
  last_seen_at: Timestamp;
};

export type LivenessChallengesTable = {
  id: string;
  seq: Generated<number>;
  verification_id: string;
  actions: Json<string[]>;
  issued_at: Timestamp;
  expires_at: Timestamp;
  answered_at: NullableTimestamp;
};

export type SelfieAnswersTable = { verification_id: string; answer: Json<Record<string, unknown>> };

export type SelfieFrameHashesTable = {
  verification_id: string;
  api_key_id: number;
  frame_index: number;
  /** 256 characters of 0 and 1 (PostgreSQL `bit(256)`). */
  hash: string;
  /** The hash's bands for the search index (`frameHashBands`). */
  bands: number[];
  created_at: Timestamp;
};

export type MembersTable = {
  id: Generated<number>;
  account_id: number;
  email: string;
  display_name: string;
  role: Role;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
  operator: ColumnType<boolean, boolean | undefined, boolean>;
  /** migrations/0035: single sign-on may sign this member in. */
  sso_allowed: ColumnType<boolean, boolean | undefined, boolean>;
};

export type MemberSsoIdentitiesTable = {
  account_id: number;
  issuer: string;
  subject: string;
  member_id: number;
  created_at: Timestamp;
};

export type MemberInvitationsTable = {
  id: Generated<number>;
  account_id: number;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  accepted_member_id: ColumnType<number | null, number | null | undefined, number | null>;
  operator: ColumnType<boolean, boolean | undefined, boolean>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type MemberPasskeysTable = {
  credential_id: string;
  member_id: number;
  public_key: Uint8Array;
  counter: ColumnType<number, number | undefined, number>;
  transports: ColumnType<string[], string | undefined, string>;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
};

export type WebauthnCeremoniesTable = {
  id_hash: string;
  purpose: 'register' | 'sign_in';
  challenge: string;
  invitation_id: number | null;
  expires_at: Timestamp;
};

export type MemberSessionsTable = {
  id_hash: string;
  member_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
};

export type AccountSsoTable = {
  account_id: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  allowed_domains: ColumnType<string[], string, string>;
  updated_at: Timestamp;
};

export type AccountAuditTable = {
  id: Generated<number>;
  account_id: number;
  event: string;
  /** Null when the host's CLI or an API key acted (migrations/0034). */
  actor_member_id: number | null;
  actor_key_id: ColumnType<number | null, number | null | undefined, never>;
  subject_member_id: number | null;
  detail: ColumnType<Record<string, unknown>, string, string>;
  at: Timestamp;
};

export type SsoLoginsTable = {
  state_hash: string;
  account_id: number;
  code_verifier: string;
  nonce: string;
  expires_at: Timestamp;
  browser_hash: string | null;
  link_member_id: ColumnType<number | null, number | null | undefined, never>;
};

/** Every table the service uses: the one place that tells the database's shape. */
export interface Database {
  accounts: AccountsTable;
  account_branding: AccountBrandingTable;
  members: MembersTable;
  member_invitations: MemberInvitationsTable;
  member_sso_identities: MemberSsoIdentitiesTable;
  member_passkeys: MemberPasskeysTable;
  webauthn_ceremonies: WebauthnCeremoniesTable;
  member_sessions: MemberSessionsTable;
  account_sso: AccountSsoTable;
  account_audit: AccountAuditTable;
  sso_logins: SsoLoginsTable;
  api_keys: ApiKeysTable;
  auth_failures: AuthFailuresTable;
  publishable_keys: PublishableKeysTable;
  verifications: VerificationsTable;
  verification_audit: VerificationAuditTable;
  client_tokens: ClientTokensTable;
  media: MediaTable;
  usage_records: UsageRecordsTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
  face_templates: FaceTemplatesTable;
  face_blocklist: FaceBlocklistTable;
  device_signals: DeviceSignalsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  check_jobs: CheckJobsTable;
  check_workers: CheckWorkersTable;
  job_leases: JobLeasesTable;
  liveness_challenges: LivenessChallengesTable;
  selfie_answers: SelfieAnswersTable;
  selfie_frame_hashes: SelfieFrameHashesTable;
  verification_keys: VerificationKeysTable;
  screening_list_entries: ScreeningListEntriesTable;
  screening_deltas: ScreeningDeltasTable;
  screening_monitors: ScreeningMonitorsTable;
  screening_alerts: ScreeningAlertsTable;
  handoff_links: HandoffLinksTable;
}

/** Links that carry a verification from a desktop to a phone: only each token's SHA-256 is kept. */
export type HandoffLinksTable = {
  token_hash: string;
  verification_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  claimed_at: NullableTimestamp;
  replaced_at: NullableTimestamp;
  creator_token_expires_at: NullableTimestamp;
};

/** The last screened state of each list (migrations/0038). */
export type ScreeningListEntriesTable = { list_id: string; entry_id: string; digest: string; name: string };

export type ScreeningDeltasTable = {
  id: Generated<number>;
  list_id: string;
  from_version: string | null;
  to_version: string;
  baseline: ColumnType<boolean, boolean | undefined, boolean>;
  added: Json<string[]>;
  changed: Json<string[]>;
  removed: Json<string[]>;
  added_count: number;
  changed_count: number;
  removed_count: number;
  created_at: Timestamp;
  claimed_until: NullableTimestamp;
  rescreened_at: NullableTimestamp;
  rescreen_ms: ColumnType<number | null, number | null | undefined, number | null>;
  subjects_screened: ColumnType<number | null, number | null | undefined, number | null>;
  matches_found: ColumnType<number | null, number | null | undefined, number | null>;
};

/** `subject` is sealed with the monitor's own key: `{"sealed": "k1.…"}`. */
export type ScreeningMonitorsTable = {
  id: string;
  api_key_id: number;
  kind: 'name' | 'wallet';
  subject: Json<{ sealed: string }>;
  external_ref: string | null;
  created_at: Timestamp;
};

export type ScreeningAlertsTable = {
  subject_kind: 'verification' | 'monitor';
  subject_id: string;
  api_key_id: number;
  list_id: string;
  entry_id: string;
  match: 'strong' | 'possible';
  score: number;
  list_version: string;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
};

/** Wrapped per-verification data keys (VERIFICATION_KEY_STORE=database, migrations/0025). */
export type VerificationKeysTable = { verification_id: string; wrapped: string; created_at: Timestamp };

export type JobLeasesTable = { name: string; holder: string; expires_at: Date };

/** A query runner: the database itself, or one transaction (see transactor.ts). */
export type Executor = Kysely<Database> | Transaction<Database>;
