import { decidedVerification } from './session-flow.js';
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { OPERATOR_SCOPE, SCOPES, type Scope } from '../../src/core/api-keys/api-key.js';
import type { App } from '../../src/http/route-context.js';
import type { TestContext } from './test-app.js';

/** The documented 401/403/404 answers, word for word (docs/errors.md). */
export const INVALID_API_KEY = 'invalid API key';
export const missingScope = (scope: Scope) => `missing scope: ${scope}`;

/** A keyed route as Fastify names it: `POST /v1/keys/:key_id/revoke`. */
export type KeyedRoute = { method: string; url: string };
export const routeName = (route: KeyedRoute) => `${route.method} ${route.url}`;
export const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

/** Keys the suite authenticates with; every one is created through the API by the bootstrap key. */
export type SecurityFixtures = {
  t: TestContext;
  /** Owns the resources the ownership checks ask for. */
  owner: { id: number; key: string };
  /** Holds every scope, and owns none of `owner`'s resources. */
  stranger: string;
  revoked: string;
  /** A key with every scope but `scope` (and not `*`). */
  keyWithout(scope: Scope): Promise<string>;
  /** A key holding exactly `scope`. */
  keyWithOnly(scope: Scope): Promise<string>;
};

export type RoutePolicy = {
  /** The scope the route requires (docs/security.md); null for routes any valid key may call (ownership still applies). */
  scope: Scope | null;
  /** A valid body, for routes whose body is checked before the resource is looked up. */
  payload?: Record<string, unknown>;
  /** How a route with an id in its path keeps keys to their own resources. */
  ownership?:
    | {
        kind: 'owned';
        /** The 404 message another key's resource gets. */
        notFound: string;
        /** Creates a resource owned by `owner`; returns the path parameters that name it. */
        resource(f: SecurityFixtures): Promise<Record<string, string>>;
      }
    | { kind: 'operator-wide'; reason: string };
};

async function createKey(t: TestContext, by: string, scopes: string[]): Promise<{ id: number; key: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { 'x-api-key': by },
    payload: { label: 'route-security', scopes },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  return { id: body.id, key: body.api_key };
}

export async function createSecurityFixtures(t: TestContext): Promise<SecurityFixtures> {
  const owner = await createKey(t, t.rootKey, ['*']);
  const stranger = (await createKey(t, t.rootKey, ['*'])).key;
  const revoked = await createKey(t, t.rootKey, ['*']);
  const revoke = await t.app.inject({
    method: 'POST',
    url: `/v1/keys/${revoked.id}/revoke`,
    headers: { 'x-api-key': t.rootKey },
  });
  expect(revoke.statusCode).toBe(200);
  const without = new Map<Scope, Promise<string>>();
  const only = new Map<Scope, Promise<string>>();
  const cached = (cache: Map<Scope, Promise<string>>, scope: Scope, scopes: string[]) => {
    if (!cache.has(scope))
      cache.set(
        scope,
        createKey(t, t.rootKey, scopes).then((k) => k.key),
      );
    return cache.get(scope)!;
  };
  return {
    t,
    owner,
    stranger,
    revoked: revoked.key,
    // `operator` lies outside `*`, so a key without it may hold `*` (the strongest refusal to show).
    keyWithout: (scope) =>
      cached(
        without,
        scope,
        SCOPES.filter((s) => s !== scope && (scope === OPERATOR_SCOPE || s !== '*')),
      ),
    // No API call mints an operator key (docs/security.md): the root key, which holds it, stands in.
    keyWithOnly: (scope) =>
      scope === OPERATOR_SCOPE ? Promise.resolve(t.rootKey) : cached(only, scope, [scope]),
  };
}

async function ownedVerification(f: SecurityFixtures): Promise<Record<string, string>> {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/v1/verifications',
    headers: { 'x-api-key': f.owner.key },
    payload: { external_ref: 'route-security' },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id };
}

async function ownedMonitor(f: SecurityFixtures): Promise<Record<string, string>> {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/v1/screening/monitors',
    headers: { 'x-api-key': f.owner.key },
    payload: { name: 'Route Security' },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id };
}

async function ownedWebhook(f: SecurityFixtures): Promise<number> {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: { 'x-api-key': f.owner.key },
    // Loopback (WEBHOOK_ALLOW_INSECURE=1 in the suite): no DNS is needed, nothing listens there.
    payload: { url: 'http://127.0.0.1:9/idv', events: ['*'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/**
 * Every keyed route's scope and ownership rule. A keyed route missing here fails
 * test/api/route-security.test.ts, so a new route cannot skip these checks.
 */
export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  'POST /v1/verifications': { scope: 'verifications:write' },
  'GET /v1/verifications': { scope: 'verifications:read' },
  'GET /v1/verifications/:id': {
    scope: 'verifications:read',
    ownership: { kind: 'owned', notFound: 'verification not found', resource: ownedVerification },
  },
  'POST /v1/verifications/:id/cancel': {
    scope: 'verifications:write',
    ownership: { kind: 'owned', notFound: 'verification not found', resource: ownedVerification },
  },
  'GET /v1/verifications/:id/media': {
    scope: 'verifications:read',
    ownership: { kind: 'owned', notFound: 'verification not found', resource: ownedVerification },
  },
  'POST /v1/verifications/:id/client-token': {
    scope: null,
    ownership: { kind: 'owned', notFound: 'verification not found', resource: ownedVerification },
  },
  'POST /v1/verifications/:id/client-token/revoke': {
    scope: 'verifications:write',
    ownership: { kind: 'owned', notFound: 'verification not found', resource: ownedVerification },
  },
  'POST /v1/verifications/:id/review': {
    scope: 'verifications:review',
    payload: { decision: 'approve', note: 'checked by hand in the route-security suite' },
    ownership: {
      kind: 'owned',
      notFound: 'verification not found',
      // Decided `review` (no face models, no sanctions list in this suite), so its owner may review it.
      resource: async (f) => ({ id: (await decidedVerification(f.t, f.owner.key)).id }),
    },
  },
  'POST /v1/verifications/:id/redact': {
    scope: 'verifications:write',
    ownership: { kind: 'owned', notFound: 'verification not found', resource: ownedVerification },
  },
  'GET /v1/usage': { scope: 'verifications:read' },
  'GET /v1/events': { scope: 'verifications:read' },
  'POST /v1/screen/ofac': { scope: 'screen:ofac' },
  'POST /v1/screen/wallet': { scope: 'screen:ofac' },
  'GET /v1/screen/ofac/stats': { scope: 'screen:ofac' },
  'POST /v1/screen/name': { scope: 'screen:ofac' },
  'GET /v1/screen/lists': { scope: 'screen:ofac' },
  'POST /v1/screening/monitors': { scope: 'screening:write', payload: { name: 'Jane Doe' } },
  'GET /v1/screening/monitors': { scope: 'screening:read' },
  'GET /v1/screening/monitors/:id': {
    scope: 'screening:read',
    ownership: { kind: 'owned', notFound: 'monitor not found', resource: ownedMonitor },
  },
  'DELETE /v1/screening/monitors/:id': {
    scope: 'screening:write',
    ownership: { kind: 'owned', notFound: 'monitor not found', resource: ownedMonitor },
  },
  'POST /v1/keys': { scope: 'keys:write' },
  'GET /v1/keys': { scope: 'keys:read' },
  'POST /v1/keys/:key_id/revoke': {
    scope: 'keys:write',
    ownership: {
      kind: 'owned',
      notFound: 'api key not found',
      resource: async (f) => ({ key_id: String((await createKey(f.t, f.owner.key, ['keys:read'])).id) }),
    },
  },
  'POST /v1/keys/:key_id/roll': {
    scope: 'keys:write',
    payload: { expires_in_seconds: 60 },
    ownership: {
      kind: 'owned',
      notFound: 'api key not found',
      resource: async (f) => ({ key_id: String((await createKey(f.t, f.owner.key, ['keys:read'])).id) }),
    },
  },
  'POST /v1/publishable-keys': { scope: 'keys:write' },
  'GET /v1/publishable-keys': { scope: 'keys:read' },
  'POST /v1/publishable-keys/:id/revoke': {
    scope: 'keys:write',
    ownership: {
      kind: 'owned',
      notFound: 'publishable key not found',
      resource: async (f) => {
        const res = await f.t.app.inject({
          method: 'POST',
          url: '/v1/publishable-keys',
          headers: { 'x-api-key': f.owner.key },
          payload: { label: 'route-security' },
        });
        expect(res.statusCode).toBe(201);
        return { id: String(res.json().id) };
      },
    },
  },
  'POST /v1/webhooks': { scope: 'webhooks:write' },
  'GET /v1/webhooks': { scope: 'webhooks:read' },
  'DELETE /v1/webhooks/:endpoint_id': {
    scope: 'webhooks:write',
    ownership: {
      kind: 'owned',
      notFound: 'webhook not found',
      resource: async (f) => ({ endpoint_id: String(await ownedWebhook(f)) }),
    },
  },
  'POST /v1/webhooks/:endpoint_id/redeliver': {
    scope: 'webhooks:write',
    payload: {},
    ownership: {
      kind: 'owned',
      notFound: 'webhook not found',
      resource: async (f) => ({ endpoint_id: String(await ownedWebhook(f)) }),
    },
  },
  'GET /v1/webhooks/:endpoint_id/deliveries': {
    scope: 'webhooks:read',
    ownership: {
      kind: 'owned',
      notFound: 'webhook not found',
      resource: async (f) => ({ endpoint_id: String(await ownedWebhook(f)) }),
    },
  },
  'POST /v1/webhooks/deliveries/:delivery_id/retry': {
    scope: 'webhooks:write',
    ownership: {
      kind: 'owned',
      notFound: 'delivery not found',
      resource: async (f) => {
        const endpointId = await ownedWebhook(f);
        // An outbox event of the owner's, as a decision writes it, becomes a delivery to its endpoint.
        await f.t.platform.database.db
          .insertInto('events')
          .values({
            id: crypto.randomUUID(),
            type: 'verification.decided',
            api_key_id: f.owner.id,
            verification_id: crypto.randomUUID(),
            data: JSON.stringify({ decision: 'approve' }),
          })
          .execute();
        await f.t.platform.stores.webhooks.dispatchEvents(100);
        const { items } = await f.t.platform.stores.webhooks.listDeliveries(endpointId, {
          limit: 1,
          beforeId: null,
        });
        expect(items).toHaveLength(1);
        return { delivery_id: String(items[0]!.id) };
      },
    },
  },
  'POST /v1/accounts': { scope: OPERATOR_SCOPE, payload: { name: 'route-security' } },
  'GET /v1/accounts': { scope: OPERATOR_SCOPE },
  'POST /v1/faces/blocklist': { scope: OPERATOR_SCOPE },
  'GET /v1/faces/blocklist': { scope: OPERATOR_SCOPE },
  'DELETE /v1/faces/blocklist/:entry_id': {
    scope: OPERATOR_SCOPE,
    ownership: {
      kind: 'operator-wide',
      reason: 'the blocklist is the operator’s, shared by every key; only operator keys may touch it',
    },
  },
};

/** The keyed routes as the OpenAPI document declares them (`security: [{ apiKey: [] }]`). */
export async function keyedRoutesInOpenApi(app: App): Promise<KeyedRoute[]> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((s) => 'apiKey' in s))
      .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{([^}]+)\}/g, ':$1') })),
  );
}

/** A route as Fastify's route tree prints it, with the names of the `onRequest` hooks it runs. */
export type PrintedRoute = KeyedRoute & { onRequest: string[] };

/**
 * Every route of the app with its `onRequest` hooks, read from Fastify's route tree: what really runs,
 * whatever a schema or a declaration says. HEAD routes Fastify adds beside each GET are left out.
 */
export function printedRoutes(app: App): PrintedRoute[] {
  const lines = app.printRoutes({ commonPrefix: false, includeHooks: true }).split('\n');
  const prefixAtDepth: string[] = [];
  const routes: PrintedRoute[] = [];
  let current: PrintedRoute[] = [];
  for (const line of lines) {
    const route = /^([│├└─ ]*)(\S.*) \(([A-Z, ]+)\)$/.exec(line);
    if (route) {
      const depth = [...route[1]!].length / 4;
      const url = (prefixAtDepth[depth - 1] ?? '') + route[2]!;
      prefixAtDepth[depth] = url;
      prefixAtDepth.length = depth + 1;
      current = route[3]!
        .split(', ')
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, url, onRequest: [] }));
      routes.push(...current);
      continue;
    }
    if (!/• \(onRequest\) /.test(line)) continue;
    for (const hook of line.matchAll(/"([A-Za-z0-9_]+)\(\)"/g)) {
      for (const route of current) route.onRequest.push(hook[1]!);
    }
  }
  return routes;
}

/**
 * The routes that really run the API-key hook (`apiKeyHook` in src/http/auth.ts): this catches a keyed
 * route its OpenAPI schema forgot to declare.
 */
export function keyedRoutesByHook(app: App): KeyedRoute[] {
  return printedRoutes(app)
    .filter((route) => route.onRequest.includes('apiKeyHook'))
    .map(({ method, url }) => ({ method, url }));
}
