import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { digestToken } from '../../src/core/members/members.js';
import { loadConfig } from '../../src/config.js';
import { createPlatform } from '../../src/platform.js';
import { createLogger } from '../../src/adapters/logger.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_BASE_URL = 'https://idv.example.test';

/** `idv accounts create|list|invite` as an operator runs them on the host, against a PGlite folder. */
describe('idv accounts (PGlite on disk)', () => {
  let dataDir: string;
  const env = () => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ML_DISABLED: '1',
    SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-test',
    PUBLIC_BASE_URL,
  });

  async function idv(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        // The built CLI, as a production tree runs it; the global setup rebuilt it if a source is newer.
        ['dist/src/cli/index.js', ...args],
        {
          cwd: ROOT,
          env: env(),
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-cli-accounts-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an account with its first key, lists it, and prints its first admin’s invitation link', async () => {
    const created = await idv('accounts', 'create', '--name', 'Acme Ltd');
    expect(created.code, created.stderr).toBe(0);
    const account = JSON.parse(created.stdout);
    expect(account).toMatchObject({ name: 'Acme Ltd', api_key: { scopes: ['*'] } });
    expect(account.api_key.api_key).toMatch(/^\S{20,}$/);

    const listed = await idv('accounts', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: account.id, name: 'Acme Ltd', live_api_keys: 1, verifications: 0 }),
      ]),
    );

    const invited = await idv(
      'accounts',
      'invite',
      '--account',
      String(account.id),
      '--email',
      'Ada@Acme.example',
    );
    expect(invited.code, invited.stderr).toBe(0);
    const invitation = JSON.parse(invited.stdout);
    expect(invitation).toMatchObject({ account_id: account.id, email: 'ada@acme.example', role: 'admin' });
    expect(invitation.link).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/console#invitation=[A-Za-z0-9_-]{43}$`));

    // Refusals: no name, an unknown account, an unknown role.
    expect((await idv('accounts', 'create')).code).toBe(2);
    const unknown = await idv('accounts', 'invite', '--account', '999', '--email', 'x@acme.example');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no account 999 (idv accounts list)');
    expect(
      (
        await idv(
          'accounts',
          'invite',
          '--account',
          String(account.id),
          '--email',
          'x@acme.example',
          '--role',
          'owner',
        )
      ).code,
    ).toBe(2);

    // What was written: the key's and the token's digests only, in the new account.
    const platform = await createPlatform(loadConfig(env()), {
      logger: createLogger('silent'),
      skipSanctions: true,
    });
    try {
      const key = await platform.stores.apiKeys.findByHash(hashSecret(account.api_key.api_key));
      expect(key?.account_id).toBe(account.id);
      const token = invitation.link.split('#invitation=')[1];
      const stored = await platform.stores.members.findInvitationByHash(digestToken(token));
      expect(stored).toMatchObject({ account_id: account.id, role: 'admin', accepted_at: null });
    } finally {
      await platform.close();
    }
  }, 120_000);

  it('lists and revokes an invitation, and revokes any API key with the keys below it', async () => {
    const account = JSON.parse((await idv('accounts', 'create', '--name', 'Revoke Ltd')).stdout);
    const invitation = JSON.parse(
      (await idv('accounts', 'invite', '--account', String(account.id), '--email', 'eve@revoke.example'))
        .stdout,
    );
    const listed = await idv('accounts', 'invitations', 'list', '--account', String(account.id));
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: invitation.id, invited_by: null, revoked_at: null }),
    ]);
    const revoked = await idv('accounts', 'invitations', 'revoke', '--id', String(invitation.id));
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout).revoked_at).not.toBeNull();
    expect((await idv('accounts', 'invitations', 'revoke', '--id', '999999')).code).toBe(2);
    expect((await idv('accounts', 'invitations', 'revoke')).code).toBe(2);

    const keyRolled = await idv(
      'keys',
      'roll',
      '--id',
      String(account.api_key.id),
      '--expires-in-seconds',
      '60',
    );
    expect(keyRolled.code, keyRolled.stderr).toBe(0);
    const successor = JSON.parse(keyRolled.stdout);
    expect(successor).toMatchObject({
      account_id: account.id,
      rolled_key: { id: account.api_key.id, expires_at: expect.any(String) },
    });
    expect(successor.id).not.toBe(account.api_key.id);
    expect((await idv('keys', 'roll', '--id', '999999')).code).toBe(2);
    expect((await idv('keys', 'roll', '--id', '1', '--expires-in-seconds', 'soon')).code).toBe(2);

    const keyRevoked = await idv('keys', 'revoke', '--id', String(account.api_key.id));
    expect(keyRevoked.code, keyRevoked.stderr).toBe(0);
    expect(JSON.parse(keyRevoked.stdout)).toMatchObject({ id: account.api_key.id, account_id: account.id });
    expect((await idv('keys', 'revoke', '--id', '999999')).code).toBe(2);

    const platform = await createPlatform(loadConfig(env()), {
      logger: createLogger('silent'),
      skipSanctions: true,
    });
    try {
      const key = await platform.stores.apiKeys.findByHash(hashSecret(account.api_key.api_key));
      expect(key?.revoked_at).not.toBeNull();
      // Revoking the rolled key leaves its successor live.
      const live = await platform.stores.apiKeys.findByHash(hashSecret(successor.api_key));
      expect([live?.id, live?.revoked_at]).toEqual([successor.id, null]);
      const token = invitation.link.split('#invitation=')[1];
      expect(
        (await platform.stores.members.findInvitationByHash(digestToken(token)))?.revoked_at,
      ).not.toBeNull();
      const audit = await platform.stores.members.listAccountAudit(account.id, 10);
      expect(audit.map((e) => [e.event, e.actor_member_id, e.actor_key_id])).toEqual([
        ['api_key.revoked', null, null],
        ['api_key.rolled', null, null],
        ['invitation.revoked', null, null],
        ['invitation.created', null, null],
        ['account.opened', null, null],
      ]);
    } finally {
      await platform.close();
    }
  }, 120_000);
});
