import type { Kysely } from 'kysely';
import type { IpBlockStore } from '../../abuse/abuse-guards.js';
import type { Database } from '../db/schema.js';

/** The brute-force guard's blocks: shared by every instance and kept as the audit of each block. */
export function createIpBlockStore(db: Kysely<Database>): IpBlockStore {
  return {
    async insert(input: {
      ip: string;
      failures: number;
      windowSeconds: number;
      blockedAt: Date;
      blockedUntil: Date;
    }): Promise<void> {
      await db
        .insertInto('ip_blocks')
        .values({
          ip: input.ip,
          failures: input.failures,
          window_seconds: input.windowSeconds,
          blocked_at: input.blockedAt,
          blocked_until: input.blockedUntil,
        })
        .execute();
    },

    /** Every address blocked at `now`, with the end of its latest block. */
    async active(now: Date): Promise<Array<{ ip: string; until: Date }>> {
      const rows = await db
        .selectFrom('ip_blocks')
        .select(['ip', (eb) => eb.fn.max('blocked_until').as('until')])
        .where('blocked_until', '>', now)
        .groupBy('ip')
        .execute();
      return rows.map((r) => ({ ip: r.ip, until: new Date(r.until) }));
    },
  };
}
