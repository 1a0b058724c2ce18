import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createModules, type Modules } from '../../src/modules/index.js';
import { createPlatform, type Platform } from '../../src/platform.js';
import { createApp } from '../../src/http/app.js';
import type { App } from '../../src/http/route-context.js';
import { createLogger } from '../../src/adapters/logger.js';
import { ensureBootstrapKeys } from '../../src/bootstrap.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE } from '../helpers/session-flow.js';
import { createServerDatabase, engines, OFAC_SNAPSHOT } from '../helpers/test-app.js';

/**
 * A client's black-box run over every documented route against a real listening server with DEFAULT
 * settings: nothing about throttling, proxies or guards is configured. The only settings are where
 * data lives (DATA_DIR, DATABASE_URL, the local OFAC snapshot: there is no network here), the root
 * key (to know it), quiet logs, and ML_DISABLED (the face models are not what this run is about
 * and would take minutes of the shared CPU). All requests come from one address, 127.0.0.1.
 */
const FAILED_KEYS_FIRST = 150;

type Answer = { status: number; headers: Headers; body: unknown };

describe.each(engines)('API black-box run with default settings on %s', (engine) => {
  let platform: Platform;
  let modules: Modules;
  let app: App;
  let base: string;
  let rootKey: string;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const failures: string[] = [];
  let checks = 0;

  async function call(
    method: string,
    url: string,
    options: { key?: string; token?: string; body?: unknown; raw?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    if (options.token !== undefined) headers['x-client-token'] = options.token;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  function check(name: string, passed: boolean, seen: unknown): void {
    checks += 1;
    if (!passed) failures.push(`${name}: ${JSON.stringify(seen).slice(0, 300)}`);
  }

  function expectError(name: string, answer: Answer, status: number, detail?: string): void {
    const body = answer.body as { detail?: unknown } | null;
    check(
      name,
      answer.status === status &&
        (answer.headers.get('content-type') ?? '').startsWith('application/json') &&
        body !== null &&
        (detail === undefined ? body.detail !== undefined : body.detail === detail),
      { status: answer.status, body: answer.body },
    );
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-blackbox-'));
    const server = engine === 'postgres' ? await createServerDatabase() : null;
    dropDatabase = server?.drop;
    rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      BOOTSTRAP_API_KEY: rootKey,
      SANCTIONS_LIST: OFAC_SNAPSHOT,
      ML_DISABLED: '1',
      ...(server ? { DATABASE_URL: server.url } : {}),
    });
    platform = await createPlatform(config, { logger: createLogger('silent') });
    modules = await createModules(platform);
    await ensureBootstrapKeys(platform);
    app = await createApp(modules.http);
    await app.listen({ host: config.host, port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    // The list loads in the background as at any start; a client would retry 503s the same way.
    for (let i = 0; i < 600; i += 1) {
      const probe = await call('GET', '/v1/screen/ofac/stats', { key: rootKey });
      if (probe.status === 200 && (probe.body as { loaded_at?: string | null }).loaded_at) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await modules?.close();
    await platform?.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`passes every check, after ${FAILED_KEYS_FIRST} failed keys from the same address`, async () => {
    // A client with typos, a revoked key and a missing header, all from this one address.
    for (let i = 0; i < FAILED_KEYS_FIRST; i += 1) {
      const wrong = i % 3 === 0 ? undefined : `svc_${crypto.randomBytes(32).toString('base64url')}`;
      expectError(`failed key ${i}`, await call('GET', '/v1/keys', { key: wrong }), 401, 'invalid API key');
    }

    // 5.1 API keys and 4.3
    const created = await call('POST', '/v1/keys', { key: rootKey, body: { label: 'bb', scopes: ['*'] } });
    const key = (created.body as { api_key: string; id: number }).api_key;
    check('POST /v1/keys', created.status === 201 && typeof key === 'string', created);
    const narrow = await call('POST', '/v1/keys', {
      key,
      body: { label: 'narrow', scopes: ['keys:read'] },
    });
    const narrowKey = (narrow.body as { api_key: string }).api_key;
    const narrowId = (narrow.body as { id: number }).id;
    expectError(
      'missing scope',
      await call('POST', '/v1/keys', { key: narrowKey, body: { label: 'x', scopes: ['*'] } }),
      403,
      'missing scope: keys:write',
    );
    const listed = await call('GET', '/v1/keys', { key });
    check('GET /v1/keys', listed.status === 200 && Array.isArray(listed.body), listed);
    const revoked = await call('POST', `/v1/keys/${narrowId}/revoke`, { key });
    check(
      'revoke',
      revoked.status === 200 && (revoked.body as { revoked_at: unknown }).revoked_at !== null,
      revoked,
    );
    const again = await call('POST', `/v1/keys/${narrowId}/revoke`, { key });
    check('revoke twice is idempotent', again.status === 200, again);
    expectError('revoked key', await call('GET', '/v1/keys', { key: narrowKey }), 401, 'invalid API key');
    expectError(
      'unknown key id',
      await call('POST', '/v1/keys/999999/revoke', { key }),
      404,
      'api key not found',
    );

    // 4.1 Verifications
    const verification = await call('POST', '/v1/verifications', { key, body: { external_ref: 'bb-1' } });
    const v = verification.body as { id: string; client_token: string; url: string };
    check(
      'POST /v1/verifications',
      verification.status === 201 && !!v.id && !!v.client_token && !!v.url,
      verification,
    );
    const list = await call('GET', '/v1/verifications', { key });
    check('GET /v1/verifications', list.status === 200, list);
    for (const limit of ['0', '201', 'x']) {
      const res = await call('GET', `/v1/verifications?limit=${limit}`, { key });
      check(
        `limit=${limit} is 422 with an issue array`,
        res.status === 422 && Array.isArray((res.body as { detail: unknown }).detail),
        res,
      );
    }
    check(
      'limit=200',
      (await call('GET', '/v1/verifications?limit=200', { key })).status === 200,
      'limit=200',
    );
    const one = await call('GET', `/v1/verifications/${v.id}`, { key });
    check('GET /v1/verifications/{id}', one.status === 200, one);
    expectError(
      'unknown verification',
      await call('GET', `/v1/verifications/${crypto.randomUUID()}`, { key }),
      404,
      'verification not found',
    );
    const media = await call('GET', `/v1/verifications/${v.id}/media`, { key });
    check('GET media', media.status === 200, media);
    const token = await call('POST', `/v1/verifications/${v.id}/client-token`, { key });
    check('POST client-token', token.status === 201 || token.status === 200, token);

    // 4.5 Session
    const clientToken = v.client_token;
    expectError(
      'bad client token',
      await call('GET', '/v1/session/state', { token: 'nope' }),
      401,
      'invalid or expired client token',
    );
    check(
      'GET /v1/session/state',
      (await call('GET', '/v1/session/state', { token: clientToken })).status === 200,
      'state',
    );
    const jpeg = toB64(await plainJpeg());
    expectError(
      'consent refused',
      await call('POST', '/v1/session/consent', { token: clientToken, body: { consent: false } }),
      422,
      'consent is required to proceed',
    );
    check(
      'consent',
      (await call('POST', '/v1/session/consent', { token: clientToken, body: { consent: true } })).status ===
        200,
      'consent',
    );
    expectError(
      'invalid base64',
      await call('POST', '/v1/session/document', {
        token: clientToken,
        body: { side: 'front', image_b64: '%%%' },
      }),
      422,
    );
    const front = await call('POST', '/v1/session/document', {
      token: clientToken,
      body: { side: 'front', image_b64: jpeg },
    });
    check('document front', front.status === 200, front);
    const back = await call('POST', '/v1/session/document', {
      token: clientToken,
      body: { side: 'back', image_b64: jpeg, barcode: SAMPLE_BARCODE },
    });
    check('document back', back.status === 200, back);
    expectError(
      'selfie required',
      await call('POST', '/v1/session/selfie', { token: clientToken, body: {} }),
      422,
      'video_b64 or frames_b64 required',
    );
    const selfie = await call('POST', '/v1/session/selfie', {
      token: clientToken,
      body: { frames_b64: [jpeg, jpeg] },
    });
    check('selfie', selfie.status === 200, selfie);
    const submitted = await call('POST', '/v1/session/submit', { token: clientToken, body: {} });
    check(
      'submit',
      submitted.status === 200 && (submitted.body as { status: string }).status === 'decided',
      submitted,
    );
    expectError(
      'submit twice',
      await call('POST', '/v1/session/submit', { token: clientToken, body: {} }),
      409,
      'cannot submit from status decided',
    );
    const decided = await call('GET', `/v1/verifications/${v.id}`, { key });
    check(
      'decided verification has a decision',
      (decided.body as { status: string }).status === 'decided',
      decided.body,
    );

    // 4.2 Screening
    check(
      'screen ofac',
      (await call('POST', '/v1/screen/ofac', { key, body: { name: 'John Smith' } })).status === 200,
      'ofac',
    );
    expectError(
      'screen name too short',
      await call('POST', '/v1/screen/ofac', { key, body: { name: 'J' } }),
      422,
    );
    check(
      'screen wallet',
      (await call('POST', '/v1/screen/wallet', { key, body: { address: '0x1234567890abcdef' } })).status ===
        200,
      'wallet',
    );
    expectError(
      'wallet too short',
      await call('POST', '/v1/screen/wallet', { key, body: { address: '0x12' } }),
      422,
    );
    check('stats', (await call('GET', '/v1/screen/ofac/stats', { key })).status === 200, 'stats');

    // 4.4 Webhooks (an address literal: no DNS here)
    const hook = await call('POST', '/v1/webhooks', {
      key,
      body: { url: 'https://93.184.215.14/hook', events: ['*'] },
    });
    const hookId = (hook.body as { id: string }).id;
    check('POST /v1/webhooks', hook.status === 201 && !!(hook.body as { secret: string }).secret, hook);
    check('GET /v1/webhooks', (await call('GET', '/v1/webhooks', { key })).status === 200, 'list');
    check(
      'DELETE webhook',
      (await call('DELETE', `/v1/webhooks/${hookId}`, { key })).status === 204,
      'delete',
    );
    expectError(
      'DELETE unknown webhook',
      await call('DELETE', `/v1/webhooks/${crypto.randomUUID()}`, { key }),
      404,
      'webhook not found',
    );

    // 4.6 Keyless
    const signals = await call('POST', '/v1/signals/collect', { body: { components: { a: 'b' } } });
    check('signals', signals.status === 200, signals);
    expectError(
      'signals over 64 KB',
      await call('POST', '/v1/signals/collect', {
        raw: JSON.stringify({ components: { a: 'x'.repeat(70_000) } }),
      }),
      413,
      'payload too large',
    );
    const free: Answer[] = [];
    for (let i = 0; i < 31; i += 1)
      free.push(await call('POST', '/v1/free/ofac', { body: { name: 'John Smith' } }));
    check(
      'free tier: 30 answered',
      free.slice(0, 30).every((a) => a.status === 200),
      free.map((a) => a.status),
    );
    check(
      'free tier: X-RateLimit-Limit 30',
      free.every((a) => a.headers.get('x-ratelimit-limit') === '30'),
      'headers',
    );
    check(
      'free tier: X-RateLimit-Remaining',
      free[29]!.headers.get('x-ratelimit-remaining') === '0',
      free[29]!.headers,
    );
    expectError('free tier: 31st', free[30]!, 429, 'free tier rate limit exceeded — 30 lookups per hour');
    check('free tier: Retry-After', Number(free[30]!.headers.get('retry-after')) > 0, free[30]!.headers);

    // Keyed endpoints keep working for valid keys, at any rate, after all those failures.
    const burst = await Promise.all(Array.from({ length: 200 }, () => call('GET', '/v1/keys', { key })));
    check(
      '200 keyed requests at once: no 429',
      burst.every((a) => a.status === 200),
      burst.map((a) => a.status),
    );

    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(FAILED_KEYS_FIRST + 40);
  }, 300_000);
});
