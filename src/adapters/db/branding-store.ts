import type { Kysely } from 'kysely';
import type { BrandingStore } from '../../ports/branding.js';
import type { Database } from './schema.js';

export function createBrandingStore(db: Kysely<Database>): BrandingStore {
  return {
    async findBranding(accountId) {
      const row = await db
        .selectFrom('account_branding')
        .select(['display_name', 'colour', 'support_url', 'privacy_url'])
        .select((eb) => eb('logo', 'is not', null).as('has_logo'))
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return {
        displayName: row?.display_name ?? null,
        colour: row?.colour ?? null,
        supportUrl: row?.support_url ?? null,
        privacyUrl: row?.privacy_url ?? null,
        hasLogo: row?.has_logo === true,
      };
    },

    async saveBranding(accountId, branding, at) {
      const values = {
        display_name: branding.displayName,
        colour: branding.colour,
        support_url: branding.supportUrl,
        privacy_url: branding.privacyUrl,
        updated_at: at,
      };
      await db
        .insertInto('account_branding')
        .values({ account_id: accountId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
    },

    async saveLogo(accountId, logo, at) {
      await db
        .insertInto('account_branding')
        .values({ account_id: accountId, logo, updated_at: at })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ logo, updated_at: at }))
        .execute();
    },

    async findLogo(accountId) {
      const row = await db
        .selectFrom('account_branding')
        .select('logo')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.logo ?? null;
    },
  };
}
