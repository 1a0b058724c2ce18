import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardConsoleRoutes,
  PUBLIC_CONSOLE_ROUTES,
  type ConsoleRoute,
} from '../../src/http/member-session.js';
import type { App } from '../../src/http/route-context.js';
import {
  CONSOLE_ORIGIN,
  consoleDriver,
  SESSION_COOKIE,
  type ConsoleSession,
} from '../helpers/console-members.js';
import { printedRoutes, routeName, type PrintedRoute } from '../helpers/route-security.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const MEMBER_HOOK = 'memberSessionHook';

/**
 * What is wrong with the console's routes, read from the app itself: a route under /v1/console that is
 * neither listed as public nor runs the member session hook with a declared access, or a public one
 * that runs it anyway (the list would then lie).
 */
function consoleRouteProblems(printed: PrintedRoute[], declared: ConsoleRoute[]): string[] {
  const accessOf = new Map(declared.map((route) => [routeName(route), route.access]));
  return printed
    .filter((route) => route.url.startsWith('/v1/console/'))
    .flatMap((route) => {
      const name = routeName(route);
      const guarded = route.onRequest.includes(MEMBER_HOOK);
      if (PUBLIC_CONSOLE_ROUTES.has(name)) return guarded ? [`${name}: listed as public but guarded`] : [];
      if (!accessOf.get(name)) return [`${name}: declares no access`];
      return guarded ? [] : [`${name}: declares access but runs no session hook`];
    });
}

/** The console's routes, read from the app before the suites are built. */
const discovery = await createTestApp('pglite');
const printed = printedRoutes(discovery.app);
const declared = [...discovery.app.consoleRoutes];
await discovery.close();
const guarded = declared.filter((route) => route.access);

describe('every console route is covered', () => {
  it('finds every /v1/console route; each is public by name or guarded with a declared access', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    expect(consoleRouteProblems(printed, declared)).toEqual([]);
    expect(declared.map(routeName).sort()).toEqual(
      printed
        .filter((r) => r.url.startsWith('/v1/console/'))
        .map(routeName)
        .sort(),
    );
  });

  it('the public list names exactly the routes that sign in, start or finish single sign-on, or accept an invitation', () => {
    expect(
      declared
        .filter((route) => !route.access)
        .map(routeName)
        .sort(),
    ).toEqual([...PUBLIC_CONSOLE_ROUTES].sort());
  });

  it('flags a console route that lost its guard, and refuses one that declares no access', async () => {
    const app = Fastify() as unknown as App;
    guardConsoleRoutes(app);
    // Declared as an admin route, but the hook that enforces it was dropped.
    app.get(
      '/v1/console/unguarded',
      { config: { consoleAccess: { role: 'admin', operator: false } } },
      async () => ({}),
    );
    await app.ready();
    expect(consoleRouteProblems(printedRoutes(app), app.consoleRoutes)).toEqual([
      'GET /v1/console/unguarded: declares access but runs no session hook',
    ]);
    await app.close();

    const bare = Fastify() as unknown as App;
    guardConsoleRoutes(bare);
    const registering = async () => {
      bare.post('/v1/console/forgotten', async () => ({}));
      await bare.ready();
    };
    await expect(registering()).rejects.toThrow('POST /v1/console/forgotten declares no access');
    await bare.close();
  });
});

describe.each(engines)('console route security on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  let sessions: Record<'viewer' | 'reviewer' | 'admin' | 'operator', ConsoleSession>;
  let operatorAuthenticator: Parameters<ReturnType<typeof consoleDriver>['signIn']>[0];
  beforeAll(async () => {
    // Two sign-ins a route from one address: far past the public routes' limit, tested below.
    t = await createTestApp(engine, {
      env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, CONSOLE_ANONYMOUS_LIMIT: '0' },
    });
    c = consoleDriver(t);
    const account = await c.openAccount('Route security');
    const operator = await c.join(account.id, 'ops@routes.example', 'admin', undefined, { operator: true });
    operatorAuthenticator = operator.authenticator;
    sessions = {
      viewer: await c.join(account.id, 'viewer@routes.example', 'viewer'),
      reviewer: await c.join(account.id, 'reviewer@routes.example', 'reviewer'),
      admin: await c.join(account.id, 'admin@routes.example', 'admin'),
      operator,
    };
  });
  afterAll(async () => t?.close());

  /** The route's path with every parameter filled: the session hook answers before any lookup. */
  const urlOf = (route: ConsoleRoute) => route.url.replace(/:([A-Za-z_]+)/g, '999999999');
  const call = (route: ConsoleRoute, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route),
      headers: { origin: CONSOLE_ORIGIN, ...headers },
    });
  const withSession = (session: ConsoleSession, csrf = true) => ({
    cookie: `${SESSION_COOKIE}=${session.cookie}`,
    ...(csrf ? { 'x-csrf-token': session.csrf } : {}),
  });
  /** A member one step below what the route needs, and the refusal they get. */
  const below = (route: ConsoleRoute): [keyof typeof sessions, string] | null => {
    const access = route.access!;
    if (access.operator) return ['admin', 'this needs the operator role'];
    if (access.role === 'admin') return ['reviewer', 'this needs the admin role'];
    if (access.role === 'reviewer') return ['viewer', 'this needs the reviewer role'];
    return null;
  };

  describe.each(guarded.map((route) => ({ ...route, name: routeName(route) })))('$name', (route) => {
    it('no session gives 401', async () => {
      const res = await call(route, {});
      expect([res.statusCode, res.json()]).toEqual([401, { detail: 'sign in required' }]);
      const forged = await call(route, { cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` });
      expect(forged.statusCode).toBe(401);
    });

    if (route.method !== 'GET') {
      it('a state-changing request without the CSRF header gives 403', async () => {
        const res = await call(route, withSession(await c.signIn(operatorAuthenticator), false));
        expect([res.statusCode, res.json()]).toEqual([403, { detail: 'missing or invalid CSRF token' }]);
      });
    }

    const refusal = below(route);
    if (refusal) {
      it(`a member below the route's access gives 403 (${refusal[1]})`, async () => {
        const res = await call(route, withSession(sessions[refusal[0]]));
        expect([res.statusCode, res.json()]).toEqual([403, { detail: refusal[1] }]);
      });
    }

    it('a member with the access gets past the guard', async () => {
      // Sessions of their own here and above: signing out everywhere ends every session of the member.
      const session = await c.signIn(operatorAuthenticator);
      const res = await call(route, withSession(session));
      // The route's own refusals may follow (an operator may not link single sign-on); the guard's may not.
      const detail = res.statusCode < 300 ? '' : String(res.json().detail);
      expect([res.statusCode, detail]).not.toEqual([401, 'sign in required']);
      expect(detail).not.toMatch(/^(missing or invalid CSRF token|this needs the \w+ role)$/);
    });
  });
});

describe.each(engines)('the public console routes on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN } });
  });
  afterAll(async () => t?.close());

  it('count calls per client address and answer 429 with Retry-After past the limit, before any row is written', async () => {
    const signInOptions = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/console/sign-in/options',
        payload: {},
        headers: { origin: CONSOLE_ORIGIN },
        remoteAddress: ip,
      });
    for (let i = 0; i < 120; i++) expect((await signInOptions('198.51.100.7')).statusCode).toBe(200);
    const ceremonies = async () =>
      (await t.platform.database.db.selectFrom('webauthn_ceremonies').select('id_hash').execute()).length;
    const before = await ceremonies();
    const limited = await signInOptions('198.51.100.7');
    expect([limited.statusCode, limited.json()]).toEqual([
      429,
      { detail: 'rate limit exceeded; retry after the number of seconds in Retry-After' },
    ]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ceremonies()).toBe(before);
    // The same bucket covers single sign-on and invitations; another address is not affected.
    for (const url of ['/v1/console/sso/start?account=1', '/v1/console/sso/callback?state=x']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
      expect(res.statusCode).toBe(429);
    }
    const invitation = await t.app.inject({
      method: 'POST',
      url: '/v1/console/invitations/options',
      payload: { token: 'x', display_name: 'x' },
      headers: { origin: CONSOLE_ORIGIN },
      remoteAddress: '198.51.100.7',
    });
    expect(invitation.statusCode).toBe(429);
    expect((await signInOptions('203.0.113.9')).statusCode).toBe(200);
  });
});
