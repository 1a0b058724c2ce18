import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { createSoftAuthenticator } from '../helpers/soft-authenticator.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) started here on a loopback
 * port: the browser's part (authorize, the provider's login and consent forms, the redirect back) is
 * played with fetch and a small cookie jar.
 */

const ORIGIN = 'https://idv.example.test';
const COOKIE = '__Host-idv_session';
const CLIENT = { client_id: 'idv-console', client_secret: 'a-long-client-secret-0123456789abcdef' };

let issuer: string;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${ORIGIN}/v1/console/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // The login name is the person's address; the provider vouches for it.
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: `Person ${id.split('@')[0]}` }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-signing-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Plays the browser at the provider: login as `email`, consent, and return the redirect back to us. */
async function browserAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 12; hop++) {
    if (url.origin === ORIGIN) return url;
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(response);
    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      const html = await response.text();
      const body = html.includes('name="login"')
        ? new URLSearchParams({ prompt: 'login', login: email, password: 'any' })
        : new URLSearchParams({ prompt: 'consent' });
      response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      remember(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${response.status}): ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}

describe.each(engines)('single sign-on on %s', (engine) => {
  let t: TestContext;
  let accountId: number;
  let admin: { cookie: string; csrf: string; id: number };

  beforeAll(async () => {
    // The provider listens on loopback http, which only the insecure development setting lets through
    // (test/api/sso-provider-policy.test.ts shows the refusals without it).
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' } });
    accountId = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/accounts',
        headers: { 'x-api-key': t.rootKey },
        payload: { name: 'Acme' },
      })
    ).json().id;
    const { link } = await createInvitation(
      { members: t.platform.stores.members, clock: t.clock, consoleUrl: `${ORIGIN}/console` },
      { accountId, email: 'admin@acme.example', role: 'admin', invitedBy: null },
    );
    const token = link.split('#invitation=')[1]!;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN } });
    const options = (await post('/v1/console/invitations/options', { token, display_name: 'Admin' })).json();
    const accepted = await post('/v1/console/invitations/accept', {
      token,
      display_name: 'Admin',
      ceremony_id: options.ceremony_id,
      credential: createSoftAuthenticator().register(options.options, ORIGIN),
    });
    admin = {
      cookie: /__Host-idv_session=([^;]+)/.exec(String(accepted.headers['set-cookie']))![1]!,
      csrf: accepted.json().csrf_token,
      id: accepted.json().member.id,
    };
  });
  afterAll(async () => t.close());

  const configure = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/v1/console/sso',
      payload,
      headers: { cookie: `${COOKIE}=${admin.cookie}`, 'x-csrf-token': admin.csrf, origin: ORIGIN },
    });

  /** Starts a sign-in as a browser: the redirect to the provider and the cookie binding this browser. */
  const startInBrowser = async () => {
    const start = await t.app.inject({ method: 'GET', url: `/v1/console/sso/start?account=${accountId}` });
    expect(start.statusCode, start.body).toBe(302);
    const setCookie = String(start.headers['set-cookie']);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', 'Max-Age=600']) {
      expect(setCookie).toContain(flag);
    }
    const browser = /^(__Host-idv_sso=[A-Za-z0-9_-]{43});/.exec(setCookie)![1]!;
    return { location: String(start.headers.location), browser };
  };

  const signInThroughProvider = async (email: string) => {
    const { location, browser } = await startInBrowser();
    expect(location.startsWith(`${issuer}/auth?`)).toBe(true);
    const authorize = new URL(location);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await browserAtProvider(location, email);
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: browser },
    });
  };

  it('is set up by an admin; the client secret is sealed at rest and never returned', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/console/sso/start?account=${accountId}` })).statusCode,
    ).toBe(404);
    const res = await configure({ issuer, ...CLIENT, allowed_domains: ['Acme.example'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ issuer, client_id: CLIENT.client_id, allowed_domains: ['acme.example'] });
    const row = await t.platform.database.db
      .selectFrom('account_sso')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(CLIENT.client_secret);
    expect(row.client_secret_sealed.length).toBeGreaterThan(CLIENT.client_secret.length);
  });

  it('signs in a person of an allowed domain, as a viewer the first time, with a session cookie', async () => {
    const res = await signInThroughProvider('jane@acme.example');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/console#signed-in');
    const cookie = String(res.headers['set-cookie']);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict']) expect(cookie).toContain(flag);
    const sessionId = /__Host-idv_session=([^;]+)/.exec(cookie)![1]!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/console/session',
      headers: { cookie: `${COOKIE}=${sessionId}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().member).toMatchObject({
      email: 'jane@acme.example',
      role: 'viewer',
      account_id: accountId,
      display_name: 'Person jane',
    });
    // The admin joined by invitation with a passkey: single sign-on does not sign them in until an
    // admin allows it (an IdP that vouches for their address is not enough).
    const refused = await signInThroughProvider('admin@acme.example');
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      {
        detail:
          'single sign-on is not allowed for this member: sign in with a passkey, or ask an admin to allow it',
      },
    ]);
    const allowed = await t.app.inject({
      method: 'PUT',
      url: `/v1/console/members/${admin.id}/sso`,
      payload: { allowed: true },
      headers: { cookie: `${COOKIE}=${admin.cookie}`, 'x-csrf-token': admin.csrf, origin: ORIGIN },
    });
    expect([allowed.statusCode, allowed.json()]).toEqual([200, { id: admin.id, sso_allowed: true }]);
    const again = await signInThroughProvider('admin@acme.example');
    const adminSession = /__Host-idv_session=([^;]+)/.exec(String(again.headers['set-cookie']))![1]!;
    const adminMe = await t.app.inject({
      method: 'GET',
      url: '/v1/console/session',
      headers: { cookie: `${COOKIE}=${adminSession}` },
    });
    expect(adminMe.json().member).toMatchObject({ email: 'admin@acme.example', role: 'admin' });
  });

  it('refuses a person of a foreign domain, and a state that was not issued or was used', async () => {
    const foreign = await signInThroughProvider('mallory@evil.example');
    expect([foreign.statusCode, foreign.json()]).toEqual([
      403,
      { detail: 'this email domain may not sign in to this account' },
    ]);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const members = await t.platform.database.db
      .selectFrom('members')
      .select('email')
      .where('account_id', '=', accountId)
      .execute();
    expect(members.map((m) => m.email)).not.toContain('mallory@evil.example');

    const forged = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sso/callback?code=abc&state=${'A'.repeat(43)}`,
    });
    expect([forged.statusCode, forged.json()]).toEqual([401, { detail: 'single sign-on failed' }]);

    // A redirect back replayed after it was used.
    const { location, browser } = await startInBrowser();
    const back = await browserAtProvider(location, 'jane@acme.example');
    const callback = `${back.pathname}${back.search}`;
    const first = await t.app.inject({ method: 'GET', url: callback, headers: { cookie: browser } });
    expect(first.statusCode).toBe(303);
    const replay = await t.app.inject({ method: 'GET', url: callback, headers: { cookie: browser } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a callback in a browser other than the one that started the sign-in (login CSRF)', async () => {
    // The attacker starts a sign-in and stops before the callback; the victim's browser opens it.
    const attacker = await startInBrowser();
    const back = await browserAtProvider(attacker.location, 'jane@acme.example');
    const callback = `${back.pathname}${back.search}`;
    const victim = await startInBrowser();
    for (const headers of [{}, { cookie: victim.browser }]) {
      const res = await t.app.inject({ method: 'GET', url: callback, headers });
      expect([res.statusCode, res.json()]).toEqual([401, { detail: 'single sign-on failed' }]);
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('idv_session=');
    }
  });

  it('a member who joined by invitation links their own identity while signed in, then signs in with it', async () => {
    const { link } = await createInvitation(
      { members: t.platform.stores.members, clock: t.clock, consoleUrl: `${ORIGIN}/console` },
      { accountId, email: 'rita@acme.example', role: 'reviewer', invitedBy: null },
    );
    const token = link.split('#invitation=')[1]!;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN } });
    const options = (await post('/v1/console/invitations/options', { token, display_name: 'Rita' })).json();
    const joined = await post('/v1/console/invitations/accept', {
      token,
      display_name: 'Rita',
      ceremony_id: options.ceremony_id,
      credential: createSoftAuthenticator().register(options.options, ORIGIN),
    });
    const rita = {
      cookie: /__Host-idv_session=([^;]+)/.exec(String(joined.headers['set-cookie']))![1]!,
      csrf: joined.json().csrf_token,
    };
    expect((await signInThroughProvider('rita@acme.example')).statusCode).toBe(403);

    const startLink = async () => {
      const started = await t.app.inject({
        method: 'POST',
        url: '/v1/console/sso/link',
        headers: { cookie: `${COOKIE}=${rita.cookie}`, 'x-csrf-token': rita.csrf, origin: ORIGIN },
      });
      expect(started.statusCode, started.body).toBe(200);
      const browser = /^(__Host-idv_sso=[A-Za-z0-9_-]{43});/.exec(String(started.headers['set-cookie']))![1]!;
      const back = await browserAtProvider(started.json().location, 'rita@acme.example');
      return { browser, callback: `${back.pathname}${back.search}` };
    };
    // A link's callback without Rita's session links nothing.
    const orphan = await startLink();
    const refused = await t.app.inject({
      method: 'GET',
      url: orphan.callback,
      headers: { cookie: orphan.browser },
    });
    expect(refused.statusCode).toBe(401);
    expect((await signInThroughProvider('rita@acme.example')).statusCode).toBe(403);

    const own = await startLink();
    const linked = await t.app.inject({
      method: 'GET',
      url: own.callback,
      headers: { cookie: `${own.browser}; ${COOKIE}=${rita.cookie}` },
    });
    expect(linked.statusCode, linked.body).toBe(303);
    const again = await signInThroughProvider('rita@acme.example');
    expect(again.statusCode).toBe(303);

    const withoutSession = await t.app.inject({
      method: 'POST',
      url: '/v1/console/sso/link',
      headers: { origin: ORIGIN },
    });
    expect(withoutSession.statusCode).toBe(401);
  });

  it('never signs in an operator member, whatever the provider vouches for', async () => {
    const { link } = await createInvitation(
      { members: t.platform.stores.members, clock: t.clock, consoleUrl: `${ORIGIN}/console` },
      { accountId, email: 'ops@acme.example', role: 'admin', invitedBy: null, operator: true },
    );
    const token = link.split('#invitation=')[1]!;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN } });
    const options = (await post('/v1/console/invitations/options', { token, display_name: 'Ops' })).json();
    const ops = await post('/v1/console/invitations/accept', {
      token,
      display_name: 'Ops',
      ceremony_id: options.ceremony_id,
      credential: createSoftAuthenticator().register(options.options, ORIGIN),
    });
    const allow = await t.app.inject({
      method: 'PUT',
      url: `/v1/console/members/${ops.json().member.id}/sso`,
      payload: { allowed: true },
      headers: { cookie: `${COOKIE}=${admin.cookie}`, 'x-csrf-token': admin.csrf, origin: ORIGIN },
    });
    expect(allow.statusCode).toBe(403);
    const res = await signInThroughProvider('ops@acme.example');
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is configured by admins only', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/console/sso',
      payload: { issuer, ...CLIENT, allowed_domains: ['acme.example'] },
    });
    expect(res.statusCode).toBe(401);
  });
});
