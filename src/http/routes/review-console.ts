import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors.js';

export interface ReviewConsoleOptions {
  /** console/dist: index.html and assets/ from the console build. */
  distDir: string;
  /** Where signed media links point (PUBLIC_BASE_URL): images may load from there as well as this origin. */
  mediaOrigin: string;
}

// Content-hashed names never change meaning, so browsers may keep them for a year without revalidating.
const IMMUTABLE = 'public, max-age=31536000, immutable';

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

type PreparedPage = { mtimeMs: number; etag: string; identity: Buffer; gzip: Buffer; brotli: Buffer };

function preparePage(file: string, mtimeMs: number): PreparedPage {
  // The build writes ./assets/… links; absolute ones work whether the page is asked for as /console or /console/.
  const identity = Buffer.from(
    fs.readFileSync(file, 'utf8').replace(/(href|src)="\.\/assets\//g, '$1="/console/assets/'),
  );
  return {
    mtimeMs,
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    brotli: zlib.brotliCompressSync(identity),
  };
}

/**
 * Serves the review console (docs/review.md) at /console: the page with `no-cache` and a strict CSP,
 * and its content-hashed assets as immutable, pre-compressed files. It reads everything through the
 * public API with the reviewer's key, so it adds no endpoint of its own.
 */
export async function reviewConsoleRoutes(app: FastifyInstance, opts: ReviewConsoleOptions): Promise<void> {
  const csp = consoleContentSecurityPolicy(opts.mediaOrigin);
  const distDir = path.resolve(opts.distDir);
  const indexFile = path.join(distDir, 'index.html');
  let page: PreparedPage | undefined;

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
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      throw new ApiError('review_console_not_built');
    }
    if (!page || page.mtimeMs !== mtimeMs) page = preparePage(indexFile, mtimeMs);
    securityHeaders(reply);
    reply.header('cache-control', 'no-cache');
    reply.header('etag', page.etag);
    reply.header('vary', 'Accept-Encoding');
    reply.type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  }

  app.get('/console', { schema: { hide: true } }, servePage);
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/console/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
      reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-origin');
    },
  });
}
