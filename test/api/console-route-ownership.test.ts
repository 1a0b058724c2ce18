import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRoute } from '../../src/http/member-session.js';
import { CONSOLE_ORIGIN, consoleDriver, type ConsoleSession } from '../helpers/console-members.js';
import { routeName } from '../helpers/route-security.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** Another account, whose resources a member of the first must not reach. */
type Elsewhere = { t: TestContext; apiKey: string; keyId: number; admin: ConsoleSession };

type Ownership = {
  /** The 404 message another account's resource gets: the same as a missing one's. */
  notFound: string;
  /** A valid body, so the route reaches its lookup. */
  payload?: Record<string, unknown>;
  /** Creates a resource of the other account; returns the path parameters that name it. */
  resource(e: Elsewhere): Promise<Record<string, string>>;
};

async function created(
  e: Elsewhere,
  url: string,
  payload: object,
  by: 'key' | 'member' = 'key',
): Promise<Record<string, unknown>> {
  const headers =
    by === 'key'
      ? { 'x-api-key': e.apiKey }
      : {
          origin: CONSOLE_ORIGIN,
          cookie: `__Host-idv_session=${e.admin.cookie}`,
          'x-csrf-token': e.admin.csrf,
        };
  const res = await e.t.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const accountEndpoint = async (e: Elsewhere) =>
  String(
    (
      await created(
        e,
        '/v1/console/webhooks',
        { url: 'http://127.0.0.1:9/idv', events: ['*'], mode: 'live' },
        'member',
      )
    ).id,
  );
const verification = async (e: Elsewhere) => ({
  id: String((await created(e, '/v1/verifications', { external_ref: 'ownership' })).id),
});
const member = async (e: Elsewhere) => ({ member_id: String(e.admin.memberId) });
// A key of its own for each case: the account's admin revokes or rolls it when the test shows it reachable.
const apiKey = async (e: Elsewhere) => ({
  id: String((await created(e, '/v1/keys', { label: 'ownership', scopes: ['keys:read'] })).id),
});
const publishableKey = async (e: Elsewhere) => ({
  id: String((await created(e, '/v1/publishable-keys', { label: 'ownership' })).id),
});

/**
 * Every console route that names a resource in its path, with how to make one in another account. The
 * suite below fails for a route with a path parameter that is missing here, so a new one cannot be
 * added without showing that another account's resource is a 404 to it.
 */
const CONSOLE_OWNERSHIP: Record<string, Ownership> = {
  'DELETE /v1/console/webhooks/:endpoint_id': {
    notFound: 'webhook not found',
    resource: async (e) => ({ endpoint_id: await accountEndpoint(e) }),
  },
  'POST /v1/console/webhooks/:endpoint_id/redeliver': {
    notFound: 'webhook not found',
    payload: {},
    resource: async (e) => ({ endpoint_id: await accountEndpoint(e) }),
  },
  'GET /v1/console/webhooks/:endpoint_id/deliveries': {
    notFound: 'webhook not found',
    resource: async (e) => ({ endpoint_id: await accountEndpoint(e) }),
  },
  'POST /v1/console/webhooks/deliveries/:delivery_id/retry': {
    notFound: 'delivery not found',
    resource: async (e) => {
      const endpointId = Number(await accountEndpoint(e));
      // An outbox event of the account's key, as a decision writes it, becomes a delivery to the endpoint.
      await e.t.platform.database.db
        .insertInto('events')
        .values({
          id: crypto.randomUUID(),
          type: 'verification.decided',
          api_key_id: e.keyId,
          verification_id: crypto.randomUUID(),
          data: JSON.stringify({ decision: 'approve' }),
        })
        .execute();
      await e.t.platform.stores.webhooks.dispatchEvents(100);
      const { items } = await e.t.platform.stores.webhooks.listDeliveries(endpointId, {
        limit: 1,
        beforeId: null,
      });
      expect(items).toHaveLength(1);
      return { delivery_id: String(items[0]!.id) };
    },
  },
  'GET /v1/console/verifications/:id': { notFound: 'verification not found', resource: verification },
  'GET /v1/console/verifications/:id/media': { notFound: 'verification not found', resource: verification },
  'POST /v1/console/verifications/:id/assign': {
    notFound: 'verification not found',
    payload: { member_id: null },
    resource: verification,
  },
  'POST /v1/console/verifications/:id/review': {
    notFound: 'verification not found',
    payload: { decision: 'approve', note: 'checked' },
    resource: verification,
  },
  'DELETE /v1/console/invitations/:invitation_id': {
    notFound: 'invitation not found, already used or expired',
    resource: async (e) => ({
      invitation_id: String(
        (
          await created(
            e,
            '/v1/console/invitations',
            { email: `${crypto.randomUUID()}@elsewhere.example`, role: 'viewer' },
            'member',
          )
        ).id,
      ),
    }),
  },
  'PATCH /v1/console/members/:member_id': {
    notFound: 'member not found',
    payload: { role: 'viewer' },
    resource: member,
  },
  'DELETE /v1/console/members/:member_id': { notFound: 'member not found', resource: member },
  'PUT /v1/console/members/:member_id/sso': {
    notFound: 'member not found',
    payload: { allowed: true },
    resource: member,
  },
  'POST /v1/console/keys/:id/revoke': { notFound: 'api key not found', resource: apiKey },
  'POST /v1/console/keys/:id/roll': {
    notFound: 'api key not found',
    payload: { expires_in_seconds: 60 },
    resource: apiKey,
  },
  'PUT /v1/console/publishable-keys/:id/origins': {
    notFound: 'publishable key not found',
    payload: { allowed_origins: [] },
    resource: publishableKey,
  },
  'POST /v1/console/publishable-keys/:id/revoke': {
    notFound: 'publishable key not found',
    resource: publishableKey,
  },
};

/** The guarded console routes that name a resource in their path and have no ownership case here. */
function uncovered(routes: ConsoleRoute[], cases: Record<string, Ownership>): string[] {
  return routes
    .filter((route) => route.access && route.url.includes(':') && !(routeName(route) in cases))
    .map(routeName);
}

const discovery = await createTestApp('pglite');
const declared = [...discovery.app.consoleRoutes];
await discovery.close();
const withResource = declared.filter((route) => route.access && route.url.includes(':'));

describe('every console route that names a resource has an ownership case', () => {
  it('covers each one, and names no route that does not exist', () => {
    expect(withResource.length).toBeGreaterThanOrEqual(15);
    expect(uncovered(declared, CONSOLE_OWNERSHIP)).toEqual([]);
    expect(Object.keys(CONSOLE_OWNERSHIP).sort()).toEqual(withResource.map(routeName).sort());
  });

  it('reports a new route with a path parameter and no case', () => {
    const added: ConsoleRoute = {
      method: 'DELETE',
      url: '/v1/console/things/:thing_id',
      access: { role: 'admin', operator: false },
    };
    expect(uncovered([...declared, added], CONSOLE_OWNERSHIP)).toEqual([
      'DELETE /v1/console/things/:thing_id',
    ]);
  });
});

describe.each(engines)("another account's resources on %s", (engine) => {
  let t: TestContext;
  let mine: ConsoleSession;
  let elsewhere: Elsewhere;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, WEBHOOK_ALLOW_INSECURE: '1', CONSOLE_ANONYMOUS_LIMIT: '0' },
    });
    const c = consoleDriver(t);
    const account = await c.openAccount('Mine Ltd');
    const other = await c.openAccount('Elsewhere Ltd');
    mine = await c.join(account.id, 'admin@mine.example', 'admin');
    const keys = await t.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { 'x-api-key': other.apiKey },
    });
    elsewhere = {
      t,
      apiKey: other.apiKey,
      keyId: (keys.json() as Array<{ id: number }>)[0]!.id,
      admin: await c.join(other.id, 'admin@elsewhere.example', 'admin'),
    };
  });
  afterAll(async () => t?.close());

  const call = async (route: ConsoleRoute, session: ConsoleSession, ownership: Ownership) => {
    const params = await ownership.resource(elsewhere);
    const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name]!);
    const inject = (as: ConsoleSession) =>
      t.app.inject({
        method: route.method as 'GET',
        url,
        ...(ownership.payload ? { payload: ownership.payload } : {}),
        headers: {
          origin: CONSOLE_ORIGIN,
          cookie: `__Host-idv_session=${as.cookie}`,
          'x-csrf-token': as.csrf,
        },
      });
    return { foreign: await inject(session), own: await inject(elsewhere.admin) };
  };

  describe.each(withResource.map((route) => ({ ...route, name: routeName(route) })))('$name', (route) => {
    it("is a 404 for an admin of another account, and reaches the resource for the account's own", async () => {
      const ownership = CONSOLE_OWNERSHIP[route.name]!;
      const { foreign, own } = await call(route, mine, ownership);
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: ownership.notFound }]);
      const ownDetail = own.statusCode < 300 ? '' : String(own.json().detail);
      expect([own.statusCode, ownDetail]).not.toEqual([404, ownership.notFound]);
    });
  });
});
