import { guardConsoleRoutes } from './member-session.js';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../core/errors.js';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { AccessLog } from '../ports/access-log.js';
import type { Metrics } from '../ports/metrics.js';
import { hostedFlowRoutes, sdkAssetRoutes } from './routes/hosted-flow.js';
import { consolePageRoutes } from './routes/console-page.js';
import { allowHostedFlowOrigin } from './cors.js';
import { acceptJsonBodiesOnly } from './json-body.js';
import type { App } from './route-context.js';
import { zodValidatorCompiler } from './validation.js';
import { addSecurityHeaders } from './security-headers.js';
import { responseSerializerCompiler } from './serializer.js';
import { lazyRequestLogger } from './request-logger.js';
import { serveLandingPage } from './landing-page.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

/** Default body limit for JSON endpoints; upload routes raise it and signals lower it per route. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Node's own default time to receive a request's headers. */
const NODE_HEADERS_TIMEOUT_MS = 60_000;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export type AppDeps = {
  config: Config;
  logger: Logger;
  accessLog: AccessLog;
  metrics: Metrics;
  /** The modules' routes, each registering its plugins with the typed dependencies they take. */
  routes: Array<(app: App) => Promise<void>>;
  /** Read on each load of the hosted flow: who may frame it, from the publishable key in its address. */
  flowFrameAncestors: (publishableKey: string | undefined) => Promise<string[] | null>;
};

/**
 * Builds the HTTP application from the modules' routes. Tests call this and drive it with `inject`;
 * main.ts calls it and listens. Routes only translate between HTTP and the use cases.
 */
export async function createApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // A client that trickles its request (a slow-body attack, or a stalled phone upload) is cut off
    // with 408 instead of holding a connection and a request for ever. Node enforces the deadline only
    // while headersTimeout is not longer, and checks it on a timer; every 5 s keeps the overrun small.
    requestTimeout: config.requestBodyTimeoutMs,
    http: {
      connectionsCheckingInterval: 5_000,
      headersTimeout: Math.min(NODE_HEADERS_TIMEOUT_MS, config.requestBodyTimeoutMs),
    },
    // request.ip is the first address, from the right of X-Forwarded-For, not sent by a trusted proxy;
    // a direct client's own X-Forwarded-For is ignored (proxy-addr).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    frameworkErrors: (_error, _request, reply) => {
      void reply
        .code(400 as never)
        .header('content-type', 'application/json')
        .send(JSON.stringify(new ApiError('bad_request').body) as never);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const body = JSON.stringify(new ApiError(timedOut ? 'request_timeout' : 'bad_request').body);
      const statusLine = timedOut ? '408 Request Timeout' : '400 Bad Request';
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${statusLine}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  acceptJsonBodiesOnly(app as unknown as FastifyInstance);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('actor', null);

  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // The access line holds only these fields (no body, header or query: those can carry keys, tokens,
  // signed media links and personal data).
  app.addHook('onResponse', (request, reply, done) => {
    // routeOptions is rebuilt on each read: read it once.
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = reply.elapsedTime;
    deps.accessLog({
      reqId: request.id,
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
    deps.metrics.observeRequest(request.method, route, reply.statusCode, ms);
    done();
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.cause !== undefined) request.log.warn({ err: error.cause, code: error.code }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.rateLimit) rateLimitHeaders(reply, error.rateLimit);
      return reply.status(error.status).send(error.body);
    }
    const mapped = mapFrameworkError(error);
    if (mapped) return reply.status(mapped.status).send(mapped.body);
    request.log.error({ err: error }, 'unhandled error');
    const internal = new ApiError('internal');
    return reply.status(internal.status).send(internal.body);
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new ApiError('not_found');
    return reply.status(error.status).send(error.body);
  });

  addSecurityHeaders(app, config.publicBaseUrl);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Identity Verification Service API',
        version: '1.0.0',
        description:
          'Verify US/Canadian driver licences (AAMVA PDF417), selfies, liveness, duplicate faces and OFAC sanctions. Errors use `{"detail": ...}`.',
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          clientToken: { type: 'apiKey', in: 'header', name: 'X-Client-Token' },
          // The console's session cookie (`__Host-idv_session` over https); state-changing requests
          // also send X-CSRF-Token (docs/review.md "Teams").
          consoleSession: { type: 'apiKey', in: 'cookie', name: '__Host-idv_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  serveLandingPage(app);

  allowHostedFlowOrigin(app, config);
  guardConsoleRoutes(app);
  for (const routes of deps.routes) await routes(app);
  if (config.servesHostedFlow) {
    await app.register(hostedFlowRoutes, {
      distDir: path.join(repoRoot, 'flow/dist'),
      prefix: '/flow',
      frameAncestorsFor: deps.flowFrameAncestors,
    });
  }
  await app.register(sdkAssetRoutes, { distDir: path.join(repoRoot, 'sdk/dist'), prefix: '/sdk' });
  await app.register(consolePageRoutes, {
    distDir: path.join(repoRoot, 'console/dist'),
    mediaOrigin: config.publicBaseUrl,
  });

  return app;
}

function mapFrameworkError(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('bad_request');
  }
  if (error instanceof SyntaxError || error.statusCode === 400) return new ApiError('invalid_json');
  if (error.statusCode === 413) return new ApiError('payload_too_large');
  if (error.statusCode === 415) return new ApiError('unsupported_media_type');
  // @fastify/static refuses a path that climbs out of its folder with 403 (and a missing file with 404):
  // to the client both are a page that is not there, and neither is a server fault worth an error log.
  if (error.statusCode === 403 || error.statusCode === 404) return new ApiError('not_found');
  return null;
}
