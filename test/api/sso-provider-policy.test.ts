import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver, type ConsoleSession } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * The single sign-on provider an admin names is reached only under the webhooks' address policy, its
 * metadata is discovered once per account and settings, and /sso/start redirects only to an
 * authorization endpoint on the issuer's own origin (docs/security.md "Team console").
 */

/** A provider's discovery document on loopback http, counting what it is asked. */
async function fakeProvider(authorizationEndpoint: (origin: string) => string) {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        issuer: origin,
        authorization_endpoint: authorizationEndpoint(origin),
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

const providers: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => {
  for (const provider of providers) await provider.close();
});

const settings = (issuer: string) => ({
  issuer,
  client_id: 'console',
  client_secret: 'a-long-client-secret-0123456789abcdef',
  allowed_domains: ['acme.example'],
});

describe.each(engines)('single sign-on provider policy on %s', (engine) => {
  describe('with the address policy on (the default)', () => {
    let t: TestContext;
    let c: ReturnType<typeof consoleDriver>;
    let accountId: number;
    let admin: ConsoleSession;
    beforeAll(async () => {
      t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN } });
      c = consoleDriver(t);
      accountId = (await c.openAccount('Acme policy')).id;
      admin = await c.join(accountId, 'admin@acme.example', 'admin');
    });
    afterAll(async () => t?.close());

    it('refuses a loopback, private, link-local or metadata issuer, and plain http, when it is saved', async () => {
      const provider = await fakeProvider((origin) => `${origin}/auth`);
      providers.push(provider);
      for (const issuer of [
        provider.issuer,
        'https://127.0.0.1:5432',
        'https://10.255.255.1',
        'https://169.254.169.254',
        'https://[::1]',
        'https://[::ffff:127.0.0.1]',
        'http://sso.acme.example',
      ]) {
        const res = await c.as(admin, 'PUT', '/v1/console/sso', settings(issuer));
        expect([issuer, res.statusCode, res.json().detail?.[0]?.msg]).toEqual([
          issuer,
          422,
          'issuer is not allowed: it must use https and a publicly routable host',
        ]);
      }
      expect(provider.requests).toEqual([]);
      expect(await t.platform.stores.sso.find(accountId)).toBeUndefined();
    });

    it('a stored issuer that the policy refuses is never fetched: /sso/start answers 502 and writes nothing', async () => {
      const provider = await fakeProvider((origin) => `${origin}/auth`);
      providers.push(provider);
      // Settings saved before the check existed (or by hand) are checked again at every fetch.
      await t.platform.stores.sso.save(
        {
          accountId,
          issuer: provider.issuer,
          clientId: 'console',
          clientSecret: 'secret',
          allowedDomains: ['acme.example'],
        },
        t.clock.now(),
      );
      const start = await t.app.inject({ method: 'GET', url: `/v1/console/sso/start?account=${accountId}` });
      expect([start.statusCode, start.json()]).toEqual([
        502,
        {
          detail: "the account's single sign-on provider could not be used; try again later or ask an admin",
        },
      ]);
      expect(start.headers.location).toBeUndefined();
      expect(provider.requests).toEqual([]);
      const logins = await t.platform.database.db.selectFrom('sso_logins').select('state_hash').execute();
      expect(logins).toEqual([]);
    });
  });

  describe('with the insecure development setting (loopback http allowed)', () => {
    let t: TestContext;
    let c: ReturnType<typeof consoleDriver>;
    beforeAll(async () => {
      t = await createTestApp(engine, {
        env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' },
      });
      c = consoleDriver(t);
    });
    afterAll(async () => t?.close());

    it('discovers once per account and settings; later starts use the cached metadata', async () => {
      const provider = await fakeProvider((origin) => `${origin}/auth`);
      providers.push(provider);
      const account = await c.openAccount('Acme cache');
      const admin = await c.join(account.id, 'admin@cache.example', 'admin');
      expect((await c.as(admin, 'PUT', '/v1/console/sso', settings(provider.issuer))).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        const start = await t.app.inject({
          method: 'GET',
          url: `/v1/console/sso/start?account=${account.id}`,
        });
        expect(start.statusCode).toBe(302);
        expect(String(start.headers.location).startsWith(`${provider.issuer}/auth?`)).toBe(true);
      }
      expect(provider.requests).toEqual(['/.well-known/openid-configuration']);
      // New settings are discovered anew.
      const changed = { ...settings(provider.issuer), client_id: 'console-2' };
      expect((await c.as(admin, 'PUT', '/v1/console/sso', changed)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/v1/console/sso/start?account=${account.id}` }))
          .statusCode,
      ).toBe(302);
      expect(provider.requests).toHaveLength(2);
    });

    it('never redirects to an authorization endpoint off the issuer’s origin (no open redirect)', async () => {
      const provider = await fakeProvider(() => 'https://phish.example/console-login');
      providers.push(provider);
      const account = await c.openAccount('Acme redirect');
      const admin = await c.join(account.id, 'admin@redirect.example', 'admin');
      expect((await c.as(admin, 'PUT', '/v1/console/sso', settings(provider.issuer))).statusCode).toBe(200);
      const start = await t.app.inject({ method: 'GET', url: `/v1/console/sso/start?account=${account.id}` });
      expect(start.statusCode).toBe(502);
      expect(start.headers.location).toBeUndefined();
    });
  });
});
