import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, pgliteDir } from '../config.js';
import { sweepMedia } from '../modules/privacy.js';
import { createPlatform } from '../platform.js';
import { ALL_SCOPES, displayPrefix, generateApiKey, hashSecret } from '../core/api-keys/api-key.js';
import { createLogger } from '../adapters/logger.js';
import { openDatabase } from '../adapters/db/database.js';
import { migrate } from '../adapters/db/migrator.js';
import { restrictNewFileModes } from '../adapters/private-files.js';
import { createMerchantAccount, listMerchantAccounts } from '../use-cases/accounts/merchant-accounts.js';
import { MAX_ROLL_GRACE_SECONDS, revokeAudited, rollAudited } from '../use-cases/accounts/api-keys.js';
import { createInvitation, revokeInvitation } from '../use-cases/members/team.js';
import { ROLES, type Role } from '../core/members/members.js';
import { ApiError } from '../core/errors.js';
import type { Invitation } from '../ports/member-store.js';

/** A positive integer id, or null. */
function parseAccountId(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

const usage = `usage:
  idv migrate                                   apply pending database migrations
  idv keys create --label L --scopes 'a,b|*' [--account ID]
                                                create an API key (printed once); only here can
                                                'operator' be given (docs/security.md); without
                                                --account the key opens an account of its own
  idv keys revoke --id N                        revoke any API key of any account, and every key below it
  idv keys roll --id N [--expires-in-seconds S] mint the successor of any API key (secret printed once); the old
                                                key works as it for S seconds (default 86400, at most 604800)
  idv accounts create --name N                  open a merchant account; prints its first API key once
  idv accounts list                             the merchant accounts, their live keys and verifications
  idv accounts invite --account ID --email E [--role admin|reviewer|viewer] [--operator]
                                                an invitation link to the console (printed once;
                                                admin unless --role): how an account's first admin joins;
                                                --operator: the member also sees every account and the
                                                deployment's health in the console
  idv accounts invitations list --account ID    the account's invitations: who made each, pending or not
  idv accounts invitations revoke --id N        revoke an invitation not accepted yet (its link stops working)
  idv sanctions refresh                         load the sanctions list now (downloads refresh the DATA_DIR cache)
  idv webhooks reseal                           re-encrypt webhook and single sign-on secrets with WEBHOOK_SECRET_KEY (key rotation)
  idv media sweep                               delete media objects no media row refers to (MEDIA_STORE=s3 or files)`;

async function run(argv: string[]): Promise<number> {
  restrictNewFileModes();
  const [command, sub, ...rest] = argv;
  // A command is not a check worker: it must not claim check jobs (nor load the face models) while it runs.
  const config = { ...loadConfig(), role: 'api' as const };
  if (command === 'migrate') {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: pgliteDir(config.dataDir),
    });
    try {
      const { applied } = await migrate(database);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    } finally {
      await database.close();
    }
    return 0;
  }
  if (command === 'keys' && sub === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: { label: { type: 'string' }, scopes: { type: 'string' }, account: { type: 'string' } },
    });
    const accountId = values.account === undefined ? undefined : parseAccountId(values.account);
    if (accountId === null) {
      console.error('--account must be the id of an account (idv accounts list)');
      return 2;
    }
    const scopes = (values.scopes ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = scopes.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
    if (!values.label || scopes.length === 0 || unknown.length > 0) {
      console.error(
        unknown.length ? `unknown scopes: ${unknown.join(', ')} (known: ${ALL_SCOPES.join(', ')})` : usage,
      );
      return 2;
    }
    const platform = await createPlatform(config, { logger: createLogger('warn', process.stderr) });
    try {
      if (accountId !== undefined && !(await platform.stores.accounts.find(accountId))) {
        console.error(`no account ${accountId} (idv accounts list)`);
        return 2;
      }
      const apiKey = generateApiKey(config.apiKeyPrefix);
      const row = await platform.stores.apiKeys.insert({
        label: values.label,
        scopes,
        keyHash: hashSecret(apiKey),
        keyPrefix: displayPrefix(apiKey, config.apiKeyPrefix),
        ownerKeyId: null,
        accountId,
      });
      if (!row) throw new Error('a key without an owner is never refused');
      console.log(
        JSON.stringify(
          { id: row.id, label: row.label, scopes: row.scopes, account_id: row.account_id, api_key: apiKey },
          null,
          2,
        ),
      );
    } finally {
      await platform.close();
    }
    return 0;
  }
  if (command === 'keys' && sub === 'revoke') {
    const { values } = parseArgs({ args: rest, options: { id: { type: 'string' } } });
    const id = values.id === undefined ? null : parseAccountId(values.id);
    if (id === null) {
      console.error(usage);
      return 2;
    }
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      const key = await platform.stores.apiKeys.findById(id);
      if (!key) {
        console.error(`no API key ${id}`);
        return 2;
      }
      const revoked = await revokeAudited(
        { apiKeys: platform.stores.apiKeys, audit: platform.stores.accountAudit, clock: platform.clock },
        key,
        'cli',
      );
      console.log(
        JSON.stringify(
          {
            id: revoked.id,
            label: revoked.label,
            account_id: revoked.account_id,
            revoked_at: revoked.revoked_at?.toISOString() ?? null,
          },
          null,
          2,
        ),
      );
      return 0;
    } finally {
      await platform.close();
    }
  }
  if (command === 'keys' && sub === 'roll') {
    const { values } = parseArgs({
      args: rest,
      options: { id: { type: 'string' }, 'expires-in-seconds': { type: 'string' } },
    });
    const id = values.id === undefined ? null : parseAccountId(values.id);
    const graceText = values['expires-in-seconds'];
    const grace = graceText === undefined ? undefined : Number(graceText);
    if (
      id === null ||
      (grace !== undefined && (!/^[0-9]+$/.test(graceText ?? '') || grace > MAX_ROLL_GRACE_SECONDS))
    ) {
      console.error(usage);
      return 2;
    }
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      const key = await platform.stores.apiKeys.findById(id);
      if (!key) {
        console.error(`no API key ${id}`);
        return 2;
      }
      const rolled = await rollAudited(
        {
          apiKeys: platform.stores.apiKeys,
          audit: platform.stores.accountAudit,
          clock: platform.clock,
          apiKeyPrefix: config.apiKeyPrefix,
          verificationsChanged: (ids) => platform.stores.verifications.forget(ids),
        },
        key,
        'cli',
        grace,
      );
      console.log(
        JSON.stringify(
          {
            id: rolled.key.id,
            label: rolled.key.label,
            scopes: rolled.key.scopes,
            account_id: rolled.key.account_id,
            api_key: rolled.plaintext,
            rolled_key: { id: rolled.rolled.id, expires_at: rolled.rolled.expires_at?.toISOString() ?? null },
          },
          null,
          2,
        ),
      );
      return 0;
    } finally {
      await platform.close();
    }
  }
  if (command === 'accounts' && (sub === 'create' || sub === 'list')) {
    const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } } });
    const name = values.name?.trim();
    if (sub === 'create' && (!name || name.length > 200)) {
      console.error(usage);
      return 2;
    }
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      if (sub === 'list') {
        console.log(JSON.stringify(await listMerchantAccounts(platform.stores), null, 2));
        return 0;
      }
      const { account, key } = await createMerchantAccount(
        {
          ...platform.stores,
          audit: platform.stores.accountAudit,
          clock: platform.clock,
          apiKeyPrefix: config.apiKeyPrefix,
          consoleUrl: `${config.publicBaseUrl}/console`,
        },
        { name: name!, actor: 'cli' },
      );
      console.log(
        JSON.stringify(
          {
            id: account.id,
            name: account.name,
            api_key: key && {
              id: key.key.id,
              label: key.key.label,
              scopes: key.key.scopes,
              api_key: key.plaintext,
            },
          },
          null,
          2,
        ),
      );
      return 0;
    } finally {
      await platform.close();
    }
  }
  if (command === 'accounts' && sub === 'invite') {
    const { values } = parseArgs({
      args: rest,
      options: {
        account: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        operator: { type: 'boolean' },
      },
    });
    const accountId = values.account === undefined ? null : parseAccountId(values.account);
    const role = values.role ?? 'admin';
    const email = values.email?.trim() ?? '';
    if (
      accountId === null ||
      !/^[^\s@]+@[^\s@]+$/.test(email) ||
      email.length > 254 ||
      !(ROLES as readonly string[]).includes(role)
    ) {
      console.error(usage);
      return 2;
    }
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      if (!(await platform.stores.accounts.find(accountId))) {
        console.error(`no account ${accountId} (idv accounts list)`);
        return 2;
      }
      const { invitation, link } = await createInvitation(
        {
          members: platform.stores.members,
          clock: platform.clock,
          consoleUrl: `${config.publicBaseUrl}/console`,
        },
        { accountId, email, role: role as Role, invitedBy: null, operator: values.operator === true },
      );
      console.log(
        JSON.stringify(
          {
            id: invitation.id,
            account_id: invitation.account_id,
            email: invitation.email,
            role: invitation.role,
            operator: invitation.operator,
            expires_at: invitation.expires_at.toISOString(),
            link,
          },
          null,
          2,
        ),
      );
      return 0;
    } finally {
      await platform.close();
    }
  }
  if (command === 'accounts' && sub === 'invitations') {
    const [action, ...args] = rest;
    const { values } = parseArgs({
      args,
      options: { id: { type: 'string' }, account: { type: 'string' } },
    });
    const id = action === 'revoke' && values.id !== undefined ? parseAccountId(values.id) : null;
    const accountId =
      action === 'list' && values.account !== undefined ? parseAccountId(values.account) : null;
    if (id === null && accountId === null) {
      console.error(usage);
      return 2;
    }
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      const present = (i: Invitation) => ({
        id: i.id,
        account_id: i.account_id,
        email: i.email,
        role: i.role,
        invited_by: i.invited_by,
        created_at: i.created_at.toISOString(),
        expires_at: i.expires_at.toISOString(),
        accepted_at: i.accepted_at?.toISOString() ?? null,
        revoked_at: i.revoked_at?.toISOString() ?? null,
      });
      if (accountId !== null) {
        const invitations = await platform.stores.members.listInvitations(accountId);
        console.log(JSON.stringify(invitations.map(present), null, 2));
        return 0;
      }
      try {
        const revoked = await revokeInvitation(
          { members: platform.stores.members, clock: platform.clock },
          null,
          id!,
        );
        console.log(JSON.stringify(present(revoked), null, 2));
        return 0;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        console.error(`no pending invitation ${id} (idv accounts invitations list --account ID)`);
        return 2;
      }
    } finally {
      await platform.close();
    }
  }
  if (command === 'sanctions' && sub === 'refresh') {
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      const outcome = await platform.sanctions.refresh();
      const stats = platform.sanctions.stats();
      console.log(
        JSON.stringify(
          {
            outcome,
            list_version: stats.list_version,
            loaded_from: stats.loaded_from,
            entries: stats.entries,
            error: stats.last_refresh?.error ?? null,
          },
          null,
          2,
        ),
      );
      return outcome === 'failed' ? 1 : 0;
    } finally {
      await platform.close();
    }
  }
  if (command === 'webhooks' && sub === 'reseal') {
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      // Every secret sealed under WEBHOOK_SECRET_KEY: webhook endpoints' and single sign-on clients'.
      const { resealed, unreadable } = await platform.stores.webhooks.resealSecrets();
      const sso = await platform.stores.sso.resealSecrets();
      console.log(
        JSON.stringify(
          {
            resealed,
            unreadable_endpoint_ids: unreadable,
            sso_resealed: sso.resealed,
            unreadable_sso_account_ids: sso.unreadable,
          },
          null,
          2,
        ),
      );
      if (unreadable.length > 0) {
        console.error(
          'some endpoint secrets open with no configured key: add the key they were sealed with to WEBHOOK_SECRET_KEY_PREVIOUS and run again, or recreate those endpoints',
        );
      }
      if (sso.unreadable.length > 0) {
        console.error(
          "some single sign-on client secrets open with no configured key: add the key they were sealed with to WEBHOOK_SECRET_KEY_PREVIOUS and run again, or have those accounts' admins enter the secret again",
        );
      }
      return unreadable.length > 0 || sso.unreadable.length > 0 ? 1 : 0;
    } finally {
      await platform.close();
    }
  }
  if (command === 'media' && sub === 'sweep') {
    if (config.mediaStore.kind !== 's3') {
      console.error('media are kept in the database (MEDIA_STORE=database): there is no bucket to sweep');
      return 2;
    }
    const platform = await createPlatform(config, {
      logger: createLogger('warn', process.stderr),
      skipSanctions: true,
    });
    try {
      console.log(JSON.stringify(await sweepMedia(platform), null, 2));
      return 0;
    } finally {
      await platform.close();
    }
  }
  console.error(usage);
  return 2;
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `error: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
