import cors from '@fastify/cors';
import type { App } from './route-context.js';
import type { Container } from '../container.js';

/** The routes the hosted flow calls from the browser; every other route stays same-origin only. */
const BROWSER_ROUTES = /^\/v1\/(session\/|signals\/collect(\?|$))/;

/**
 * CORS for the hosted flow's browser calls (/v1/session/*, /v1/signals/collect). The flow may be
 * served from another origin (HOSTED_FLOW_URL); it authenticates with the client token in a header,
 * never with cookies, so credentials stay off.
 */
export async function allowHostedFlowOrigin(app: App, container: Container): Promise<void> {
  const origins = [
    new URL(container.config.hostedFlowUrl).origin,
    new URL(container.config.publicBaseUrl).origin,
  ];
  await app.register(cors, {
    delegator: (request, callback) => {
      if (!BROWSER_ROUTES.test(request.url ?? '')) return callback(null, { origin: false });
      callback(null, {
        origin: origins,
        methods: ['GET', 'POST'],
        allowedHeaders: ['content-type', 'x-client-token', 'authorization', 'x-request-id'],
        exposedHeaders: ['x-request-id', 'retry-after'],
        maxAge: 600,
        // An OPTIONS without preflight headers is not a preflight: answered 204 like the others,
        // instead of the plugin's own 400 in text/plain outside the error envelope.
        strictPreflight: false,
      });
    },
  });
}
