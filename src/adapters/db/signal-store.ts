import type { Kysely } from 'kysely';
import { isoWithoutZone } from '../../core/time.js';
import type { SignalRecord, SignalSink, SignalsSummary, SignalStore } from '../../ports/signal-store.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { Database } from './schema.js';
import { openComponents, sealComponents } from './sealed-columns.js';

/**
 * Device signals. A batch sent for a verification has its browser properties sealed with that
 * verification's key (redaction deletes the rows and destroys the key); one sent before any
 * verification claims it has no key to be sealed with, and is pruned within the hour.
 */
export function createSignalStore(db: Kysely<Database>, keys?: VerificationKeys): SignalStore {
  const sink: SignalSink = {
    async verificationForToken(tokenHash: string, now: Date): Promise<string | null> {
      const row = await db
        .selectFrom('client_tokens')
        .select('verification_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.verification_id ?? null;
    },

    async insert(record: SignalRecord): Promise<void> {
      const sealer = keys && record.verificationId ? await keys.sealerFor(record.verificationId) : undefined;
      await db
        .insertInto('device_signals')
        .values({
          verification_id: record.verificationId,
          device_hash: record.deviceHash,
          components: sealComponents(sealer, record.components),
          dropped_keys: record.droppedKeys,
          truncated_values: record.truncatedValues,
          collected_at: record.collectedAt,
        })
        .execute();
    },

    async batchesFor(verificationId: string): Promise<number> {
      const row = await db
        .selectFrom('device_signals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('verification_id', '=', verificationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };

  return {
    ...sink,
    summary: (verificationId: string) => signalsSummary(db, keys, verificationId),

    /** Retention for signals no verification claimed (the endpoint has no rate cap); returns rows deleted. */
    async pruneUnlinked(collectedBefore: Date): Promise<number> {
      const result = await db
        .deleteFrom('device_signals')
        .where('verification_id', 'is', null)
        .where('collected_at', '<', collectedBefore)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

async function signalsSummary(
  db: Kysely<Database>,
  keys: VerificationKeys | undefined,
  verificationId: string,
): Promise<SignalsSummary | null> {
  const base = db.selectFrom('device_signals').where('verification_id', '=', verificationId);
  const latest = await base
    .select(['components', 'collected_at'])
    .orderBy('collected_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return null;
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const hash =
    (
      await base
        .select('device_hash')
        .where('device_hash', 'is not', null)
        .orderBy('collected_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.device_hash ?? null;
  let others = 0;
  if (hash) {
    const row = await db
      .selectFrom('device_signals')
      .select((eb) => eb.fn.count<number>('verification_id').distinct().as('n'))
      .where('device_hash', '=', hash)
      .where('verification_id', 'is not', null)
      .where('verification_id', '!=', verificationId)
      .executeTakeFirstOrThrow();
    others = Number(row.n);
  }
  return {
    device_hash: hash,
    collected_at: isoWithoutZone(latest.collected_at)!,
    components_count: Object.keys(
      openComponents(keys && (await keys.openerFor(verificationId)), latest.components),
    ).length,
    batches: Number(counted.n),
    other_verifications_with_device: others,
  };
}
