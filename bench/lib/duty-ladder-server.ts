import crypto from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createAccessLog, createLogger } from '../../src/adapters/logger.js';
import { createMetrics } from '../../src/adapters/metrics.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { systemClock } from '../../src/core/time.js';
import { securityHeaderOptions, securityHeaders } from '../../src/http/security-headers.js';
import type { ApiKey } from '../../src/ports/api-key-store.js';
import { DUTIES } from './duties.js';
import { createApiKeyAuthenticator } from '../../src/use-cases/accounts/authenticate-api-key.js';

/**
 * The hot-read benchmark's ladder: the bare Fastify route with the first DUTIES of the per-request
 * duties every API read carries added one by one, each done by the service's own code (request id,
 * security headers, the CORS check, the API-key check, the access line, the request metric). It shows
 * what each duty costs on its own, with none of the rest of the service around it.
 */
const body = process.env.BARE_BODY ?? '{}';
const duties = Number(process.env.DUTIES ?? DUTIES.length);
const has = (duty: (typeof DUTIES)[number]) => DUTIES.indexOf(duty) < duties;
const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;

const app = Fastify({
  logger: false,
  ...(has('request id') ? { genReqId: () => crypto.randomUUID() } : {}),
});
if (has('request id')) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}
if (has('security headers')) {
  const headers = securityHeaders(securityHeaderOptions('http://127.0.0.1'));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
if (has('CORS check')) {
  const browserRoutes = /^\/v1\/(session\/|signals\/collect(\?|$))/;
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('vary', 'Origin');
    if (browserRoutes.test(request.url)) void reply.header('access-control-expose-headers', 'x-request-id');
    done();
  });
}
const onRequest: Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> = [];
if (has('API-key check')) {
  const row: ApiKey = {
    id: 1,
    label: 'bench',
    scopes: ['*'],
    key_hash: hashSecret(rootKey),
    key_prefix: rootKey.slice(0, 8),
    owner_key_id: null,
    created_by_member_id: null,
    account_id: 1,
    mode: 'live',
    created_at: new Date(),
    revoked_at: null,
    last_used_at: null,
    successor_key_id: null,
    expires_at: null,
  };
  const authenticate = createApiKeyAuthenticator({
    apiKeys: {
      findByHash: async (digest) => (digest === row.key_hash ? row : undefined),
      recordAuthFailure: async () => {},
      touchLastUsed: async () => {},
    },
    clock: systemClock,
    apiKeyPrefix: 'svc_',
    failures: { recordFailure: async () => ({ audit: false, retryAfterSeconds: 0 }) },
    throttle: { consume: async () => null },
    warn: () => {},
  });
  onRequest.push(async (request) => {
    const header = request.headers['x-api-key'];
    await authenticate(
      {
        presented: Array.isArray(header) ? header[0] : header,
        scope: 'keys:read',
        source: () => ({ ip: request.ip, method: request.method, path: request.url }),
      },
      () => {},
    );
  });
}
if (has('access line (default level)') || has('request metric')) {
  const accessLog = has('access line (default level)') ? createAccessLog(createLogger('info')) : null;
  const metrics = has('request metric') ? createMetrics() : null;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = reply.elapsedTime;
    accessLog?.({
      reqId: request.id,
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
    metrics?.observeRequest(request.method, route, reply.statusCode, ms);
    done();
  });
}
app.get('/v1/keys', { onRequest }, async (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8');
  return body;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`BENCH_READY ${JSON.stringify({ url: address, rootKey })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
