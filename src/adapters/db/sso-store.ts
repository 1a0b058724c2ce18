import type { Kysely } from 'kysely';
import type { SecretBox } from '../../core/webhooks/secret-box.js';
import type { SsoStore } from '../../ports/member-store.js';
import type { Database } from './schema.js';

/** Account single sign-on settings; the client secret is sealed with the deployment's secret box. */
export function createSsoStore(db: Kysely<Database>, box: SecretBox): SsoStore {
  return {
    async save(settings, at) {
      const row = {
        issuer: settings.issuer,
        client_id: settings.clientId,
        client_secret_sealed: box.seal(settings.clientSecret),
        allowed_domains: JSON.stringify(settings.allowedDomains),
        updated_at: at,
      };
      await db
        .insertInto('account_sso')
        .values({ account_id: settings.accountId, ...row })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
        .execute();
    },

    async find(accountId) {
      const row = await db
        .selectFrom('account_sso')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return (
        row && {
          accountId: row.account_id,
          issuer: row.issuer,
          clientId: row.client_id,
          clientSecret: box.open(row.client_secret_sealed),
          allowedDomains: row.allowed_domains,
        }
      );
    },

    async saveLogin(stateHash, login, at) {
      await db
        .insertInto('sso_logins')
        .values({
          state_hash: stateHash,
          account_id: login.accountId,
          code_verifier: login.codeVerifier,
          nonce: login.nonce,
          expires_at: login.expiresAt,
          browser_hash: login.browserHash,
          link_member_id: login.linkMemberId,
        })
        .execute();
      await db.deleteFrom('sso_logins').where('expires_at', '<', at).execute();
    },

    async takeLogin(stateHash, at) {
      const row = await db
        .deleteFrom('sso_logins')
        .where('state_hash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
      if (!row || row.expires_at.getTime() <= at.getTime()) return undefined;
      return {
        accountId: row.account_id,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        expiresAt: row.expires_at,
        browserHash: row.browser_hash,
        linkMemberId: row.link_member_id === null ? null : Number(row.link_member_id),
      };
    },

    async resealSecrets() {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('account_sso')
          .select(['account_id', 'client_secret_sealed'])
          .orderBy('account_id')
          .forUpdate()
          .execute();
        const unreadable: number[] = [];
        for (const row of rows) {
          let secret: string;
          try {
            secret = box.open(row.client_secret_sealed);
          } catch {
            unreadable.push(Number(row.account_id));
            continue;
          }
          await trx
            .updateTable('account_sso')
            .set({ client_secret_sealed: box.seal(secret) })
            .where('account_id', '=', row.account_id)
            .execute();
        }
        return { resealed: rows.length - unreadable.length, unreadable };
      });
    },
  };
}
