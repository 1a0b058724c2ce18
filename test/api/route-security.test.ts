import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecurityFixtures,
  INVALID_API_KEY,
  keyedRoutesByHook,
  keyedRoutesInOpenApi,
  missingScope,
  pathParams,
  ROUTE_POLICIES,
  routeName,
  type KeyedRoute,
  type SecurityFixtures,
} from '../helpers/route-security.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** The keyed routes, read from the app itself before the suites are built. */
const discovery = await createTestApp('pglite');
const documented = await keyedRoutesInOpenApi(discovery.app);
const hooked = keyedRoutesByHook(discovery.app);
await discovery.close();

const names = (routes: KeyedRoute[]) => routes.map(routeName).sort();
const covered = documented.filter((route) => ROUTE_POLICIES[routeName(route)]);

describe('every keyed route is covered', () => {
  it('the OpenAPI document declares exactly the routes that run the API-key hook', () => {
    expect(hooked.length).toBeGreaterThan(0);
    expect(names(documented)).toEqual(names(hooked));
  });

  it('every keyed route has a policy, and every policy names a keyed route', () => {
    expect(names(documented)).toEqual(Object.keys(ROUTE_POLICIES).sort());
  });

  it('a route with an id in its path says how it keeps keys to their own resources', () => {
    for (const route of documented) {
      const policy = ROUTE_POLICIES[routeName(route)];
      const hasId = pathParams(route.url).length > 0;
      expect([routeName(route), Boolean(policy?.ownership)]).toEqual([routeName(route), hasId]);
    }
  });
});

describe.each(engines)('route security on %s', (engine) => {
  let t: TestContext;
  let f: SecurityFixtures;
  beforeAll(async () => {
    // Every route is called with unknown keys from one address, so without AUTH_FAILURE_DELAY_MS=0 the
    // slow-down (throttling.test.ts) would hold the later calls up to 2 s each: most of this file's time.
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1', AUTH_FAILURE_DELAY_MS: '0' } });
    f = await createSecurityFixtures(t);
  });
  afterAll(async () => t?.close());

  /** The route's path with every parameter filled (a UUID: any value reaches the auth hook first). */
  const placeholderUrl = (route: KeyedRoute, params: Record<string, string> = {}) =>
    route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? crypto.randomUUID());

  const call = (route: KeyedRoute, headers: Record<string, string>, url = placeholderUrl(route)) =>
    t.app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(ROUTE_POLICIES[routeName(route)]?.payload
        ? { payload: ROUTE_POLICIES[routeName(route)]!.payload }
        : {}),
    });

  describe.each(covered.map((route) => ({ ...route, name: routeName(route) })))('$name', (route) => {
    const policy = ROUTE_POLICIES[route.name]!;

    it('no key gives 401', async () => {
      const res = await call(route, {});
      expect([res.statusCode, res.json()]).toEqual([401, { detail: INVALID_API_KEY }]);
    });

    it('a malformed or unknown key gives 401', async () => {
      for (const key of [
        'not-a-key',
        `${f.owner.key}x`,
        'svc_' + 'A'.repeat(300),
        `svc_${crypto.randomBytes(32).toString('base64url')}`,
      ]) {
        const res = await call(route, { 'x-api-key': key });
        expect([key.slice(0, 12), res.statusCode, res.json()]).toEqual([
          key.slice(0, 12),
          401,
          { detail: INVALID_API_KEY },
        ]);
      }
    });

    it('a revoked key gives 401', async () => {
      const res = await call(route, { 'x-api-key': f.revoked });
      expect([res.statusCode, res.json()]).toEqual([401, { detail: INVALID_API_KEY }]);
    });

    const scope = policy.scope;
    if (scope) {
      it(`a key without ${scope} gives 403; a key with only ${scope} gets past authentication`, async () => {
        const denied = await call(route, { 'x-api-key': await f.keyWithout(scope) });
        expect([denied.statusCode, denied.json()]).toEqual([403, { detail: missingScope(scope) }]);
        const allowed = await call(route, { 'x-api-key': await f.keyWithOnly(scope) });
        expect([401, 403]).not.toContain(allowed.statusCode);
      });
    }

    const ownership = policy.ownership;
    if (ownership?.kind === 'owned') {
      it(`another key's resource gives 404 "${ownership.notFound}"; its owner reaches it`, async () => {
        const params = await ownership.resource(f);
        const url = placeholderUrl(route, params);
        const foreign = await call(route, { 'x-api-key': f.stranger }, url);
        expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: ownership.notFound }]);
        const own = await call(route, { 'x-api-key': f.owner.key }, url);
        expect(own.statusCode).toBeLessThan(300);
      });
    }
  });
});
