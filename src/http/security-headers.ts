import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './route-context.js';

/**
 * Security headers for every response (helmet). API answers are JSON that no browser should render,
 * frame or let a page script reuse: the CSP allows nothing. Routes that serve pages set their own
 * policy over it (the hosted flow, /docs). HSTS only when the public address is https, since a
 * browser that saw it on plain http would refuse the site later.
 */
export function securityHeaderOptions(publicBaseUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    hsts: publicBaseUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // Media links are loaded into merchants' dashboards and the SDK into their pages: each route that
    // serves files sets its own cross-origin policy.
    crossOriginResourcePolicy: false,
  };
}

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet rebuilt helmet's
 * middleware (parsing the CSP directives) on every request, about 4 % of a cached read's CPU; the
 * headers do not depend on the request, so each response now gets the same precomputed set.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Sets the security headers on every response; a route that serves a page may replace its CSP. */
export function addSecurityHeaders(app: App, publicBaseUrl: string): void {
  const headers = securityHeaders(securityHeaderOptions(publicBaseUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/**
 * Route hook of the answers that show a secret once (a new API key, a webhook signing secret): no
 * cache, shared or private, may keep a copy. An onRequest hook, so an idempotent replay of the same
 * answer carries it too.
 */
export function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  void reply.header('cache-control', 'no-store');
  done();
}
