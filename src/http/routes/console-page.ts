import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors.js';
import { createPageServer, immutableAssets } from '../page-server.js';

export interface ConsolePageOptions {
  /** console/dist: index.html and assets/ from the console build. */
  distDir: string;
  /** Where signed media links point (PUBLIC_BASE_URL): images may load from there as well as this origin. */
  mediaOrigin: string;
}

/**
 * Nothing but this origin's script and styles; API calls to this origin; images also from the media
 * links' origin. No inline script or style, no framing (the page holds an API key), no form posts.
 */
export function consoleContentSecurityPolicy(mediaOrigin: string): string {
  // data: only for the page's empty icon, which keeps browsers from asking for /favicon.ico.
  const images = ["'self'", 'data:', new URL(mediaOrigin).origin];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${[...new Set(images)].join(' ')}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the review console (docs/review.md) at /console: the page with `no-cache` and a strict CSP,
 * and its content-hashed assets as immutable, pre-compressed files. It reads everything through the
 * public API with the reviewer's key, so it adds no endpoint of its own.
 */
export async function consolePageRoutes(app: FastifyInstance, opts: ConsolePageOptions): Promise<void> {
  const csp = consoleContentSecurityPolicy(opts.mediaOrigin);
  const distDir = path.resolve(opts.distDir);
  // The build writes ./assets/… links; absolute ones work whether the page is asked for as /console or /console/.
  const page = createPageServer(path.join(distDir, 'index.html'), (html) =>
    html.replace(/(href|src)="\.\/assets\//g, '$1="/console/assets/'),
  );

  const securityHeaders = (reply: FastifyReply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
  };

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!page.built()) throw new ApiError('review_console_not_built');
    securityHeaders(reply);
    return page.send(request, reply) ?? reply;
  }

  app.get('/console', { schema: { hide: true } }, servePage);
  await immutableAssets(app, { root: path.join(distDir, 'assets'), prefix: '/console/assets/', csp });
}
