import type { App } from './route-context.js';

/** The routes the hosted flow calls from the browser; every other route stays same-origin only. */
const BROWSER_ROUTES = /^\/v1\/(session\/|signals\/collect(\?|$))/;

const EXPOSED_HEADERS = 'x-request-id, retry-after';
/** Answers to a preflight; browsers may cache them for maxAge seconds. */
const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, POST',
  'access-control-allow-headers': 'content-type, x-client-token, authorization, x-request-id',
  'access-control-max-age': '600',
  'content-length': '0',
};

/**
 * CORS for the hosted flow's browser calls (/v1/session/*, /v1/signals/collect). The flow may be
 * served from another origin (HOSTED_FLOW_URL); it authenticates with the client token in a header,
 * never with cookies, so credentials stay off.
 *
 * The same answers @fastify/cors gave with a per-request options delegator, which rebuilt and
 * normalised its options on every request of every route (about 5 % of a cached read's CPU): here
 * other routes cost one pattern test. Every answer keeps the `Vary: Origin` that plugin put on all
 * of them, so no response changed.
 */
export function allowHostedFlowOrigin(
  app: App,
  urls: { hostedFlowUrl: string; publicBaseUrl: string },
): void {
  const origins = new Set([new URL(urls.hostedFlowUrl).origin, new URL(urls.publicBaseUrl).origin]);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('vary', 'Origin');
    if (!BROWSER_ROUTES.test(request.url)) return done();
    const origin = request.headers.origin;
    if (origin !== undefined && origins.has(origin)) void reply.header('access-control-allow-origin', origin);
    void reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS') return done();
    // Answered here, before the client-token check: a preflight carries no token. Any OPTIONS is
    // answered so, with or without preflight headers (no 400 outside the error envelope).
    void reply.code(204).headers(PREFLIGHT_HEADERS).send();
  });
  // OPTIONS to any other path is a 404 in the error envelope, as for an unknown route.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
}
