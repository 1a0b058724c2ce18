import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, pgliteDir } from '../../src/config.js';
import { createModules } from '../../src/modules/index.js';
import { createPlatform } from '../../src/platform.js';
import { createApp } from '../../src/http/app.js';
import { createLogger } from '../../src/adapters/logger.js';
import { ensureBootstrapKeys } from '../../src/bootstrap.js';
import { openDatabase } from '../../src/adapters/db/database.js';
import { defaultMigrationsDir, readMigrations } from '../../src/adapters/db/migration-files.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { frameHashBands } from '../../src/adapters/db/face-store.js';
import { createServerDatabase, engines, TEST_DATA_KEY } from '../helpers/test-app.js';

/**
 * Every shipped migration's sha256. A released migration never changes: a new one corrects it. Adding
 * a migration means adding its line here; changing a line means a database made by a release would be
 * refused at start-up.
 */
const SHIPPED = {
  '0001_init': '83a80d8de97f18fa12613e165ae5cd96be26b008723b48f4d15fb1a9af67f670',
  '0002_face_templates': '695d59f10b8f6451a1a4f9409131c1534decc3e872efe5fe1359e13e0ce98601',
  '0003_webhooks': '7853bc50cf3b59a188901cd1ebe8dcbc6e87cc144353072d0487f390a101f35e',
  '0004_rate_limits_and_signals': '83f67baa409a2cc407798820300ab3bff5bcacd853e7475952d973940562f0e1',
  '0005_change_notifications': '194d348da7258dac59051e5dca5e7a7e09e91907653d6bab3cb4dcb42f3b2080',
  '0006_media_storage_key_index': '66ab83eab6a4a84ce493fab7e5420fb678678f9802c4cece0097a5834b224f26',
  '0007_key_lineage_and_operator': '32eef370c150a51cf3c54e6534a3b1cffbdfaa7eaf89bcefa9e9b8ef154d05f3',
  '0008_handoff_links': '3ad0a8eac2e3fd8b40d8fa70e4159bbf2334725325024b232dbcc146b9e198c8',
  '0010_drop_ip_blocks': '316f2496774eee6330ec25f9c06a48169413b3d3b36c962996379a48bd01befd',
  '0012_check_queue': '24d49e2daf0178d6e0d38523f0ada37fafd55e5e008989ac09c1f55a34c5e18e',
  '0013_manual_review': '678c5d548856b4c19ca9e1bfc878188f335d1e3231bfcca3d361e9b998e88892',
  '0014_privacy': '882d802e12907cc1c7c33c1e459ea7908a6098f5ef1be32b62ee689ab706fbb1',
  '0015_test_mode': 'a3901d22a6b9c137eb481fad49a9572f5b1f9bd4679e15eb2a9611f92997814e',
  '0017_liveness_challenges': 'a6109ab372d193edb989083fe96459c7c82a2236aa4bea402b5bddabbdba1f97',
  '0018_frame_hash_bands': '7275399f8cbcec7a2e4967b38356d955c966bdbd807f82a1965c29bfe4283f1a',
  '0019_face_template_engine': 'bbd1b229a28e159de0d13e72e30ce522b5af9cab3a5ecb500c62c91b7257155f',
  '0020_key_mint_checks_ancestors': '345bde0655744df997e7f6118ae8d96584456025265d3699656263c294f98386',
  '0021_handoff_token_chain': 'a5b7b843d34759474e6c9f13c2cc9ae38afa0ea1b6a1a5f93f7514c0cd90ff94',
  '0022_idempotency_keys': '1435d3eba207f70399ba6f8752fcc47677b04390a4d23b36380a6099a55023fa',
  '0023_event_log': 'b9be3d51400874552f2a3ee86777eba6f6307da26b784320b0062ede9d6add81',
  '0024_verification_return_url': '9f589ecc97ea2fa66e8b2b3317d4d672ce554babb5d1b392ff02796e61979c7b',
  '0025_verification_keys': 'b9d964231a1825ad0299b4ba4022f719a514335d91aef36af29d1922ffd70cff',
  '0026_accounts': '582ef55cfc4bd038d02caea7d53dff199647aa794c08b3fab177d8a62688fcf2',
  '0027_members_and_sessions': 'aa8af01df277188f8dfb8b79a5dfc1e67d0e6f1a14dbdbfdc6fc638a3e25b14d',
  '0028_account_sso': '6b37a6709c7821bd1c9841128b6e4aedf4ee5f4e10a3f2b723345957e140c0d9',
  '0029_account_audit': '1f8f846bee0b5fea4e8f26c940fc582fa55eba31485b5f777af343cb5ee58956',
  '0030_account_webhooks': 'e1424987ad4c496437fe5ca5397bbd5fccd55f98eafe9ab0ebb5847722870ca4',
  '0031_account_retention': 'e2347803a88612881c6813f49649dc2a0f793af4f8b6954a91f8f7357ffca58f',
  '0032_operator_members': '459a6c49814be7264b35fe864a619d660e52d078cfaa9faa7a00de09aa2eec15',
  '0033_open_expiry_index': 'fdf6ca162157013bc5ba7ca54f09b54271933481a8928ef3d06c51c2a838e48b',
  '0034_console_accountability': '5c489d63e0bcbc3f7f8ec2f1f342a077eb021c176d71df8c0ae60a7c62dc3d6b',
  '0035_sso_browser_and_identities': '7de71f2e5763b07f3668a79491fccb8b0426433805346e749f184e93a91f7942',
  '0036_idempotency_verification': 'ae9d1cbff9bf8ec3f3f0310276eed33d4cc0d18515d811cb427fd89ddd99127b',
  '0037_scrub_stored_details': '186987017bf19e6f0ab6b163d8172e286da632a35f84d117ec7d6aee892f3d6b',
  '0038_screening_watch': 'b4483cdaa48d7acba5d73250f9dcc6814ef7800ffd6ef6b93eade4ed69e2cc3e',
  '0039_document_types': '2b6761aeedb2eaf15a8e73afc81751dd0c8b148b442c7590f55d46bb7a78575b',
  '0040_key_roll': 'e3078ec815b6537ad5f8c5e5cd5ff0eccf6c7a6cc61a55aae12077be4aa9ab0f',
  '0041_verification_reasons_index': '70ec77fc05e10c5721f6c3c8924e69874c43ed24fb91c4a6f144c07d78005b09',
  '0042_account_branding': 'd9c16fe9b81bfb59464a35ee84ceef3453b92fc125e4e164e47fd0af3bc89ee5',
};

/** 0017 as first released (before 05d8343 added the frame-hash bands); databases made then recorded this checksum. */
const ORIGINAL_0017 = fileURLToPath(
  new URL('../fixtures/migrations/0017_liveness_challenges.original.sql', import.meta.url),
);

describe('shipped migrations', () => {
  it('are byte for byte what was released', () => {
    const files = Object.fromEntries(readMigrations().map((m) => [m.name, m.checksum]));
    expect(files).toEqual(SHIPPED);
  });

  it('the original 0017 fixture is the file c6474c1 shipped', () => {
    const digest = crypto.createHash('sha256').update(fs.readFileSync(ORIGINAL_0017)).digest('hex');
    expect(digest).toBe('03a3b2fc7157032116159b36337e7e149e15830524cd5fd5a36602f274b57c00');
  });
});

/**
 * The migrations folder of a previous release: 0001–0015 as shipped, then 0017 as released first
 * (`original`) or as it was after the edit (`edited`).
 */
function previousRelease(variant: 'original' | 'edited'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `idv-migrations-${variant}-`));
  for (const file of fs.readdirSync(defaultMigrationsDir).filter((f) => /^00(0\d|1[0-5])_/.test(f)))
    fs.copyFileSync(path.join(defaultMigrationsDir, file), path.join(dir, file));
  const target = path.join(dir, '0017_liveness_challenges.sql');
  if (variant === 'original') fs.copyFileSync(ORIGINAL_0017, target);
  else fs.copyFileSync(path.join(defaultMigrationsDir, '0017_liveness_challenges.sql'), target);
  return dir;
}

const ONE_HASH = Array.from({ length: 256 }, (_, i) => ((i * 7919) % 3 === 0 ? '1' : '0')).join('');

describe.each(engines)('upgrading a database made by the previous release on %s', (engine) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function storage(): Promise<Record<string, string>> {
    if (engine === 'postgres') {
      const server = await createServerDatabase();
      cleanups.push(() => server.drop());
      // The current code stands in for the previous release and runs on its schema, which has no
      // verification_keys table (0025): its per-verification keys go to files, read again after the upgrade.
      const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-upgrade-keys-'));
      cleanups.push(() => fs.rmSync(keyDir, { recursive: true, force: true }));
      return {
        DATABASE_URL: server.url,
        DATA_DIR: 'memory://',
        VERIFICATION_KEY_STORE: 'files',
        VERIFICATION_KEY_DIR: keyDir,
      };
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-upgrade-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }

  it.each(['original', 'edited'] as const)(
    'from 0017 as %s: migrates, keeps every verification readable, indexes old frame hashes',
    async (variant) => {
      const env = {
        ...(await storage()),
        LOG_LEVEL: 'silent',
        ML_DISABLED: '1',
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
        SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-test',
        PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
      };
      const config = loadConfig(env);
      const oldDatabase = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: pgliteDir(config.dataDir),
        initialData: false,
      });
      await migrate(oldDatabase, previousRelease(variant));
      // The current code stands in for that release's service, and its check queue takes turns per
      // account (api_keys.account_id, added by 0026): an empty placeholder for that phase only.
      await sql`ALTER TABLE api_keys ADD COLUMN account_id bigint`.execute(oldDatabase.db);
      await oldDatabase.close();

      // The previous release's service writes its data: a root key, a test key and decided verifications.
      const before = await createPlatform(config, { logger: createLogger('silent'), skipMigrations: true });
      // That release had no accounts (0026): no key belongs to one, so no account's retention applies.
      before.stores.accounts.accountOfKey = async () => undefined;
      const beforeModules = await createModules(before);
      const { createdRootKey } = await ensureBootstrapKeys(before);
      const rootKey = createdRootKey!;
      const app = await createApp(beforeModules.http);
      const stopBackground = await beforeModules.startBackground();
      const inject = (
        headers: Record<string, string>,
        method: 'GET' | 'POST',
        url: string,
        payload?: object,
      ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      const testKey = (
        await inject({ 'x-api-key': rootKey }, 'POST', '/v1/keys', {
          label: 'sandbox',
          scopes: ['*'],
          mode: 'test',
        })
      ).json() as { api_key: string; id: number };
      const created: Array<{ id: string; decision: string | null; apiKey: string }> = [];
      for (const outcome of [['ofac_match'], [], ['face_seen_before']]) {
        const res = await inject({ 'x-api-key': testKey.api_key }, 'POST', '/v1/verifications', {
          external_ref: `upgrade-${outcome.join() || 'clean'}`,
          ...(outcome.length ? { test_outcome: outcome } : {}),
        });
        expect(res.statusCode, res.body).toBe(201);
        const { id, client_token } = res.json() as { id: string; client_token: string };
        const token = { 'x-client-token': client_token };
        const sample = async (kind: string) =>
          ((await inject(token, 'GET', `/v1/session/test-samples/${kind}`)).json() as { image_b64: string })
            .image_b64;
        await inject(token, 'POST', '/v1/session/consent', { consent: true });
        await inject(token, 'POST', '/v1/session/document', {
          side: 'front',
          image_b64: await sample('document_front'),
        });
        await inject(token, 'POST', '/v1/session/document', {
          side: 'back',
          image_b64: await sample('document_back'),
        });
        await inject(token, 'POST', '/v1/session/selfie', { frames_b64: [await sample('selfie')] });
        const submitted = await inject(token, 'POST', '/v1/session/submit', {});
        expect(submitted.statusCode, submitted.body).toBe(200);
        const detail = (
          await inject({ 'x-api-key': testKey.api_key }, 'GET', `/v1/verifications/${id}`)
        ).json();
        created.push({ id, decision: detail.decision, apiKey: testKey.api_key });
      }
      // One open verification, never submitted.
      const open = await inject({ 'x-api-key': rootKey }, 'POST', '/v1/verifications', {
        external_ref: 'open',
      });
      created.push({ id: (open.json() as { id: string }).id, decision: null, apiKey: rootKey });
      if (variant === 'original') {
        // The first release stored frame hashes without bands; 0018 must index them.
        await sql`INSERT INTO selfie_frame_hashes (verification_id, api_key_id, frame_index, hash, created_at)
          VALUES (${created[0]!.id}, ${testKey.id}, 0, ${ONE_HASH}::bit(256), now())`.execute(
          before.database.db,
        );
      }
      await stopBackground();
      await app.close();
      await beforeModules.close();
      await sql`ALTER TABLE api_keys DROP COLUMN account_id`.execute(before.database.db);
      await before.close();

      // The current release opens the same data.
      const after = await createPlatform(config, { logger: createLogger('silent') });
      cleanups.push(() => after.close());
      const afterModules = await createModules(after);
      cleanups.push(() => afterModules.close());
      const current = await createApp(afterModules.http);
      cleanups.push(() => current.close());
      expect((await afterModules.readiness()).components.migrations).toEqual({ status: 'ok' });
      for (const { id, decision, apiKey } of created) {
        const res = await current.inject({
          method: 'GET',
          url: `/v1/verifications/${id}`,
          headers: { 'x-api-key': apiKey },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().decision ?? null).toBe(decision);
      }
      expect(created.filter((c) => c.decision !== null).map((c) => c.decision)).toEqual([
        'decline',
        'approve',
        'review',
      ]);
      // The root key and the test key it minted are one account (migrations/0026).
      const keyAccounts = await after.database.db
        .selectFrom('api_keys')
        .select(['id', 'account_id'])
        .execute();
      expect(keyAccounts.length).toBe(2);
      expect(new Set(keyAccounts.map((k) => k.account_id)).size).toBe(1);
      const { rows } = await sql<{
        bands: number[];
      }>`SELECT bands FROM selfie_frame_hashes WHERE frame_index = 0 AND hash = ${ONE_HASH}::bit(256)`.execute(
        after.database.db,
      );
      if (variant === 'original') expect(rows.map((r) => r.bands)).toEqual([frameHashBands(ONE_HASH)]);
    },
  );
});
