import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FlowManifest } from '../../../flow/build.js';
import {
  hostedFlowRoutes,
  sdkAssetRoutes,
  type HostedFlowOptions,
} from '../../../src/http/routes/hosted-flow.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const flowDist = path.join(repoRoot, 'flow/dist');
export const sdkDist = path.join(repoRoot, 'sdk/dist');

export function flowManifest(): FlowManifest {
  return JSON.parse(fs.readFileSync(path.join(flowDist, 'manifest.json'), 'utf8')) as FlowManifest;
}

export interface RunningServer {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<RunningServer> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, close: () => app.close() };
}

/**
 * Phase 1 stand-in for the service's HTTP layer: a plain Fastify instance with only the hosted-flow
 * and SDK plugins, reached as http://127.0.0.1:<port>. There is no session API behind it.
 */
export async function startFlowServer(
  extra?: (app: FastifyInstance) => void,
  flowOptions: Pick<HostedFlowOptions, 'frameAncestorsFor'> = {},
): Promise<RunningServer & { origin: string; flowUrl: string }> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow', ...flowOptions });
  await app.register(sdkAssetRoutes, { distDir: sdkDist, prefix: '/sdk' });
  extra?.(app);
  const server = await listen(app);
  const origin = `http://127.0.0.1:${server.port}`;
  return { ...server, origin, flowUrl: `${origin}/flow` };
}

/**
 * A merchant page on a second origin (http://localhost:<port>) that loads the SDK by script tag under a
 * strict CSP (no inline script or style), like a careful merchant would. The same server, reached as
 * http://127.0.0.1:<port>, is a third origin used to forge messages.
 */
export async function startParentServer(
  flowOrigin: string,
): Promise<RunningServer & { origin: string; foreignOrigin: string }> {
  const app = Fastify();
  let port = 0;
  const csp = () =>
    [
      "default-src 'self'",
      `script-src 'self' ${flowOrigin}`,
      `frame-src ${flowOrigin} http://127.0.0.1:${port}`,
      // The SDK asks the service whether this page may embed the flow before it mounts the frame.
      `connect-src 'self' ${flowOrigin}`,
      "style-src 'self'",
    ].join('; ');
  const page = (body: string, script: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title></head><body>${body}<script src="${flowOrigin}/sdk/idv.js"></script><script src="${script}"></script></body></html>`;

  app.get('/', async (_req, reply) =>
    reply
      .type('text/html')
      .header('content-security-policy', csp())
      .send(
        page(
          '<main><h1>Merchant checkout</h1><button id="opener" type="button">Verify identity</button><input id="after" aria-label="Another field"><div id="host"></div></main>',
          '/parent.js',
        ),
      ),
  );
  app.get('/parent.js', async (_req, reply) =>
    reply.type('text/javascript').send(`
window.FLOW_URL = ${JSON.stringify(`${flowOrigin}/flow`)};
window.__events = []; window.__exits = []; window.__completes = []; window.__tokenCalls = 0;
window.makeClient = function (extra) {
  return IdvSdk.createClient(Object.assign({
    publicKey: 'pk_test_123',
    sessionToken: 'tok_abc',
    baseUrl: window.FLOW_URL,
    onEvent: function (e) { window.__events.push(e); },
    onExit: function (r) { window.__exits.push(r); },
    onComplete: function (c) { window.__completes.push(c); },
  }, extra || {}));
};
window.tokenFactory = function () { window.__tokenCalls += 1; return Promise.resolve('tok_call_' + window.__tokenCalls); };
window.timeOpenToReady = function () {
  return new Promise(function (resolve, reject) {
    var started = 0;
    var client = window.makeClient({
      onEvent: function (event) {
        if (event.type !== 'ready') return;
        var elapsed = performance.now() - started;
        client.destroy();
        resolve(elapsed);
      },
    });
    started = performance.now();
    client.open().catch(reject);
  });
};
`),
  );
  app.get('/forger.html', async (_req, reply) =>
    reply
      .type('text/html')
      .send(
        '<!doctype html><html><head><title>forger</title><script src="/forger.js"></script></head><body></body></html>',
      ),
  );
  app.get('/forger.js', async (_req, reply) =>
    reply.type('text/javascript').send(`
window.parent.postMessage({ source: 'idv-flow', type: 'complete', payload: { verificationId: 'forged', status: 'approved' } }, '*');
window.parent.postMessage({ source: 'idv-flow', type: 'exit', payload: 'forged' }, '*');
for (var i = 0; i < window.parent.frames.length; i++) {
  window.parent.frames[i].postMessage({ source: 'idv-sdk', type: 'init', payload: { publicKey: 'pk_evil', theme: { primaryColor: '#ff0000', colorScheme: 'dark' }, mode: 'modal' } }, '*');
}
document.title = 'sent';
`),
  );
  app.get('/return', async (_req, reply) =>
    reply
      .type('text/html')
      .send('<!doctype html><html><head><title>Returned</title></head><body>back</body></html>'),
  );
  const server = await listen(app);
  port = server.port;
  return { ...server, origin: `http://localhost:${port}`, foreignOrigin: `http://127.0.0.1:${port}` };
}
