import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createPlatform } from '../../src/platform.js';
import { createLogger } from '../../src/adapters/logger.js';
import {
  createSecretBox,
  generateWebhookSecret,
  parseSecretKey,
} from '../../src/core/webhooks/secret-box.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const OLD_KEY = crypto.randomBytes(32).toString('base64url');
const NEW_KEY = crypto.randomBytes(32).toString('base64url');

/** The service's own settings for this test's PGlite folder, plus the given keys. */
function settings(dataDir: string, keys: Record<string, string>): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ML_DISABLED: '1',
    SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-test',
    ...keys,
  };
}

async function cli(dataDir: string, keys: Record<string, string>) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...settings(dataDir, keys) };
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/index.ts', 'webhooks', 'reseal'],
      {
        cwd: ROOT,
        env,
      },
    );
    return { code: 0, output: JSON.parse(stdout) };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: JSON.parse(failed.stdout), stderr: failed.stderr };
  }
}

async function sealedSecrets(dataDir: string): Promise<string[]> {
  const platform = await createPlatform(loadConfig(settings(dataDir, { WEBHOOK_SECRET_KEY: NEW_KEY })), {
    logger: createLogger('silent'),
    skipSanctions: true,
  });
  try {
    const rows = await platform.database.db
      .selectFrom('webhook_endpoints')
      .select('secret_sealed')
      .orderBy('id')
      .execute();
    const sso = await platform.database.db
      .selectFrom('account_sso')
      .select('client_secret_sealed')
      .orderBy('account_id')
      .execute();
    return [...rows.map((r) => r.secret_sealed), ...sso.map((r) => r.client_secret_sealed)];
  } finally {
    await platform.close();
  }
}

describe('rotating WEBHOOK_SECRET_KEY with `idv webhooks reseal` (PGlite on disk)', () => {
  let dataDir: string;
  let accountId: number;
  // A key's two endpoints, the account's own endpoint, and the account's single sign-on client secret.
  const secrets = [generateWebhookSecret(), generateWebhookSecret(), generateWebhookSecret()];
  const clientSecret = crypto.randomBytes(24).toString('base64url');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-rotation-'));
    const platform = await createPlatform(loadConfig(settings(dataDir, { WEBHOOK_SECRET_KEY: OLD_KEY })), {
      logger: createLogger('silent'),
      skipSanctions: true,
    });
    try {
      const key = await platform.stores.apiKeys.insert({
        label: 'merchant',
        scopes: ['*'],
        keyHash: 'f'.repeat(64),
        keyPrefix: 'svc_test',
        ownerKeyId: null,
      });
      if (!key) throw new Error('a key without an owner is never refused');
      accountId = key.account_id;
      for (const [i, secret] of secrets.entries()) {
        await platform.stores.webhooks.insertEndpoint({
          owner: i < 2 ? { apiKeyId: key.id } : { accountId, mode: 'live' },
          url: 'https://merchant.example/hooks',
          events: ['verification.decided'],
          secret,
        });
      }
      await platform.stores.sso.save(
        {
          accountId,
          issuer: 'https://sso.merchant.example',
          clientId: 'idv',
          clientSecret,
          allowedDomains: ['merchant.example'],
        },
        new Date(),
      );
    } finally {
      await platform.close();
    }
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('without the old key it changes nothing, names the endpoints and accounts it cannot open and exits 1', async () => {
    const before = await sealedSecrets(dataDir);
    const result = await cli(dataDir, { WEBHOOK_SECRET_KEY: NEW_KEY });
    expect(result.code).toBe(1);
    expect(result.output).toEqual({
      resealed: 0,
      unreadable_endpoint_ids: [1, 2, 3],
      sso_resealed: 0,
      unreadable_sso_account_ids: [accountId],
    });
    expect(result.stderr).toMatch(/WEBHOOK_SECRET_KEY_PREVIOUS/);
    expect(await sealedSecrets(dataDir)).toEqual(before);
  }, 60_000);

  it('with the old key as previous it re-encrypts every secret under the new key alone, the single sign-on client secrets too', async () => {
    const result = await cli(dataDir, { WEBHOOK_SECRET_KEY: NEW_KEY, WEBHOOK_SECRET_KEY_PREVIOUS: OLD_KEY });
    expect(result).toEqual({
      code: 0,
      output: { resealed: 3, unreadable_endpoint_ids: [], sso_resealed: 1, unreadable_sso_account_ids: [] },
    });
    const box = createSecretBox(parseSecretKey(NEW_KEY));
    expect((await sealedSecrets(dataDir)).map((sealed) => box.open(sealed))).toEqual([
      ...secrets,
      clientSecret,
    ]);
  }, 60_000);
});
