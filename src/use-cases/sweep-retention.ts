import type { Clock } from '../core/time.js';
import type { Metrics } from '../ports/metrics.js';
import type { RetentionBatch, RetentionCursor, RetentionScope, RetentionStore } from '../ports/retention.js';
import type { VerificationKeys } from '../ports/verification-keys.js';
import type { MediaStore } from '../ports/verification-store.js';

const DAY_MS = 86_400_000;

/** How long personal data is kept (RETENTION_* settings, docs/privacy.md). */
export type RetentionPolicy = {
  /** Media of a decided verification, counted from the decision. */
  mediaDays: number;
  /** Personal fields of a decided verification, counted from the decision. */
  piiDays: number;
  /** Face templates (duplicate detection), counted from when they were stored. */
  templateDays: number;
  /** Verifications per batch (one transaction). */
  batchSize: number;
};

export type RetentionStage = 'unfinished' | 'media' | 'pii' | 'templates' | 'keys';

export type RetentionSweepResult = Record<RetentionStage, number> & {
  batches: number;
  /** false when the lease went to another instance mid-run (this one stopped at once). */
  completed: boolean;
};

export const RETENTION_LEASE = 'retention-sweeper';
/**
 * How long one batch's transaction should take. On PGlite a batch holds the only connection, so every
 * request waits behind it: the batch size halves while batches run longer than this and grows back
 * (up to the configured size) while they run well under it.
 */
export const RETENTION_BATCH_TARGET_MS = 50;
const MIN_BATCH = 50;
/** Held keys looked up per query when looking for those of redacted verifications. */
const KEY_CHECK_BATCH = 1_000;
/** Renewed before every batch, so only an instance that died mid-run holds it this long. */
export const RETENTION_LEASE_MS = 5 * 60_000;

export type RetentionDeps = {
  store: RetentionStore;
  media: Pick<MediaStore, 'removeObjects'>;
  /** Redacting stages destroy the verifications' own keys once their batch has committed. */
  keys: Pick<VerificationKeys, 'destroy' | 'heldBy'>;
  clock: Clock;
  metrics: Pick<Metrics, 'retentionSwept'>;
  /** The verifications a batch changed: the read cache forgets them. */
  changed(verificationIds: Set<string>): void;
};

/** The periods one pass of the media, personal-data and template stages applies; null skips the stage. */
type ScopedPeriods = {
  scope: RetentionScope;
  mediaDays: number | null;
  piiDays: number | null;
  templateDays: number | null;
};

/** An account's own period where it is shorter than the deployment's (a longer one is never honoured). */
const shorter = (own: number | null, deployment: number): number | null =>
  own !== null && own < deployment ? own : null;

/**
 * Removes what is past retention, in batches: unfinished verifications once expired (everything),
 * then media, personal data and face templates, each by its own period: first the deployment's over
 * every verification, then each account's shorter period over that account's verifications. One
 * instance runs it at a time (a lease renewed before every batch); returns null when another
 * instance holds the lease.
 */
export async function sweepRetention(
  deps: RetentionDeps,
  policy: RetentionPolicy,
  holder: string,
): Promise<RetentionSweepResult | null> {
  const start = deps.clock.now();
  const holdLease = () => {
    const now = deps.clock.now();
    return deps.store.acquireLease(
      RETENTION_LEASE,
      holder,
      now,
      new Date(now.getTime() + RETENTION_LEASE_MS),
    );
  };
  if (!(await holdLease())) return null;
  const result: RetentionSweepResult = {
    unfinished: 0,
    media: 0,
    pii: 0,
    templates: 0,
    keys: 0,
    batches: 0,
    completed: false,
  };
  const before = (days: number) => new Date(start.getTime() - days * DAY_MS);

  let limit = policy.batchSize;
  const adaptLimit = (tookMs: number) => {
    if (tookMs > RETENTION_BATCH_TARGET_MS)
      limit = Math.max(Math.min(MIN_BATCH, policy.batchSize), Math.floor(limit / 2));
    else if (tookMs < RETENTION_BATCH_TARGET_MS / 2) limit = Math.min(policy.batchSize, limit * 2);
  };

  /** Runs batches of one stage until one comes back short; false when the lease was lost. */
  const drain = async (
    stage: RetentionStage,
    batch: (limit: number) => Promise<RetentionBatch & { done?: boolean }>,
  ): Promise<boolean> => {
    for (;;) {
      // Between batches, let the event loop serve what is waiting: on PGlite every query runs inside
      // this process, so back-to-back batches would otherwise hold every request until the run ends.
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await holdLease())) return false;
      const size = limit;
      const startedAt = deps.clock.now().getTime();
      const done = await batch(size);
      adaptLimit(deps.clock.now().getTime() - startedAt);
      result.batches += 1;
      result[stage] += done.count;
      deps.metrics.retentionSwept(stage, done.count);
      if (done.verificationIds.length > 0) deps.changed(new Set(done.verificationIds));
      if (stage === 'unfinished' || stage === 'pii') await deps.keys.destroy(done.verificationIds);
      await deps.media.removeObjects(done.storageKeys);
      if (done.done ?? done.verificationIds.length < size) return true;
    }
  };

  /**
   * Keys of redacted verifications that are still held: a crash between a redaction's commit and the
   * key's destruction leaves one (and a check finishing after a redaction may have made a new one).
   */
  const destroyLeftKeys = async (): Promise<boolean> => {
    const held = await deps.keys.heldBy();
    for (let at = 0; at < held.length; at += KEY_CHECK_BATCH) {
      if (!(await holdLease())) return false;
      const left = await deps.store.redactedAmong(held.slice(at, at + KEY_CHECK_BATCH));
      await deps.keys.destroy(left);
      result.keys += left.length;
      deps.metrics.retentionSwept('keys', left.length);
    }
    return true;
  };

  const accounts = await deps.store.accountRetention();
  const passes: ScopedPeriods[] = [
    { scope: null, mediaDays: policy.mediaDays, piiDays: policy.piiDays, templateDays: policy.templateDays },
    ...accounts.map((account) => ({
      scope: { accountId: account.accountId },
      mediaDays: shorter(account.mediaDays, policy.mediaDays),
      piiDays: shorter(account.piiDays, policy.piiDays),
      templateDays: shorter(account.templateDays, policy.templateDays),
    })),
  ];
  /** Runs `stage` for every pass that has a period for it; false when the lease was lost. */
  const everyPass = async (
    period: (pass: ScopedPeriods) => number | null,
    stage: (scope: RetentionScope, days: number) => Promise<boolean>,
  ): Promise<boolean> => {
    for (const pass of passes) {
      const days = period(pass);
      if (days !== null && !(await stage(pass.scope, days))) return false;
    }
    return true;
  };

  try {
    result.completed =
      (await drain('unfinished', (size) => deps.store.redactUnfinished(start, deps.clock.now(), size))) &&
      (await everyPass(
        (pass) => pass.mediaDays,
        (scope, days) => {
          let cursor: RetentionCursor | null = null;
          return drain('media', async (size) => {
            const batch = await deps.store.deleteMedia(before(days), cursor, deps.clock.now(), size, scope);
            cursor = batch.cursor;
            return { ...batch, done: batch.cursor === null };
          });
        },
      )) &&
      (await everyPass(
        (pass) => pass.piiDays,
        (scope, days) =>
          drain('pii', (size) => deps.store.redactDecided(before(days), deps.clock.now(), size, scope)),
      )) &&
      (await everyPass(
        (pass) => pass.templateDays,
        (scope, days) =>
          drain('templates', (size) =>
            deps.store.deleteTemplates(before(days), deps.clock.now(), size, scope),
          ),
      )) &&
      (await destroyLeftKeys());
  } finally {
    if (result.completed) await deps.store.releaseLease(RETENTION_LEASE, holder, deps.clock.now());
  }
  return result;
}
