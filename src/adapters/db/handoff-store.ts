import type { Kysely } from 'kysely';
import type { HandoffLink, HandoffStore, RequestOrigin } from '../../ports/handoff-store.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import { storedAuditDetail } from './audit-log.js';
import type { Database } from './schema.js';

type Row = {
  verification_id: string;
  created_at: Date;
  expires_at: Date;
  claimed_at: Date | null;
  replaced_at: Date | null;
  creator_token_expires_at: Date | null;
};

function toLink(row: Row): HandoffLink {
  return {
    verificationId: row.verification_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    claimedAt: row.claimed_at,
    replacedAt: row.replaced_at,
    creatorTokenExpiresAt: row.creator_token_expires_at,
  };
}

const LINK_COLUMNS = [
  'verification_id',
  'created_at',
  'expires_at',
  'claimed_at',
  'replaced_at',
  'creator_token_expires_at',
] as const;

/**
 * Retires the verification's unclaimed links: a new link replaces them, and revoking the client tokens
 * ends them with the tokens (a link is a credential too). Returns how many were retired.
 */
export async function retireUnclaimedHandoffLinks(
  database: Kysely<Database>,
  verificationId: string,
  now: Date,
): Promise<number> {
  const retired = await database

    .updateTable('handoff_links')
    .set({ replaced_at: now })
    .where('verification_id', '=', verificationId)
    .where('claimed_at', 'is', null)
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
  return Number(retired.numUpdatedRows);
}

/**
 * Handoff links (migrations/0008_handoff_links.sql): only the SHA-256 of each link's token is kept.
 * Claiming is one conditional UPDATE, so of two devices opening the same link at once exactly one wins.
 */
export function createHandoffStore(database: Kysely<Database>, keys?: VerificationKeys): HandoffStore {
  const db = database;

  return {
    /** Stores a new link and retires the verification's unclaimed earlier ones: only the latest QR works. */
    async create(input: {
      verificationId: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
      creatorTokenExpiresAt: Date;
      origin: RequestOrigin;
    }): Promise<void> {
      await database.transaction().execute(async (trx) => {
        await retireUnclaimedHandoffLinks(trx, input.verificationId, input.now);
        await trx

          .insertInto('handoff_links')
          .values({
            token_hash: input.tokenHash,
            verification_id: input.verificationId,
            created_at: input.now,
            expires_at: input.expiresAt,
            claimed_at: null,
            replaced_at: null,
            creator_token_expires_at: input.creatorTokenExpiresAt,
          })
          .execute();
        await trx
          .insertInto('verification_audit')
          .values({
            verification_id: input.verificationId,
            actor: 'end_user',
            event: 'handoff.created',
            occurred_at: input.now,
            detail: await storedAuditDetail(keys, input.verificationId, {
              expires_at: input.expiresAt.toISOString(),
              ...input.origin,
            }),
          })
          .execute();
      });
    },

    async count(verificationId: string): Promise<number> {
      const row = await db
        .selectFrom('handoff_links')
        .select((eb) => eb.fn.countAll<string>().as('links'))
        .where('verification_id', '=', verificationId)
        .executeTakeFirstOrThrow();
      return Number(row.links);
    },

    async find(tokenHash: string): Promise<HandoffLink | undefined> {
      const row = await db
        .selectFrom('handoff_links')
        .select(LINK_COLUMNS)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? toLink(row) : undefined;
    },

    /** The verification's most recent link, for the first device's progress view. */
    async latest(verificationId: string): Promise<HandoffLink | undefined> {
      const row = await db
        .selectFrom('handoff_links')
        .select(LINK_COLUMNS)
        .where('verification_id', '=', verificationId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toLink(row) : undefined;
    },

    /**
     * Marks the link claimed and stores the second device's client token, in one transaction. Returns
     * the verification id, or undefined when the link was already claimed, replaced or past its expiry.
     */
    async claim(input: {
      tokenHash: string;
      now: Date;
      clientTokenHash: string;
      clientTokenExpiresAt: Date;
      origin: RequestOrigin;
    }): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('handoff_links')
          .set({ claimed_at: input.now })
          .where('token_hash', '=', input.tokenHash)
          .where('claimed_at', 'is', null)
          .where('replaced_at', 'is', null)
          .where('expires_at', '>', input.now)
          .returning('verification_id')
          .executeTakeFirst();
        if (!claimed) return undefined;
        await trx
          .insertInto('client_tokens')
          .values({
            token_hash: input.clientTokenHash,
            verification_id: claimed.verification_id,
            created_at: input.now,
            expires_at: input.clientTokenExpiresAt,
          })
          .execute();
        await trx
          .insertInto('verification_audit')
          .values({
            verification_id: claimed.verification_id,
            actor: 'end_user',
            event: 'handoff.claimed',
            occurred_at: input.now,
            detail: await storedAuditDetail(keys, claimed.verification_id, input.origin),
          })
          .execute();
        return claimed.verification_id;
      });
    },
  };
}
