import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface HostedFlowOptions {
  /** flow/dist: index.html and assets/ from the flow build. */
  distDir: string;
  /** Path the flow is served under; default `/flow`. */
  prefix?: string;
  /**
   * Origin of the session API when it differs from the page's own (a proxy or a separate API host). It is
   * added to the page's connect-src and given to the flow in a meta tag; unset, the flow calls its own origin.
   */
  apiOrigin?: string;
  /** Who may frame the flow (CSP frame-ancestors). Default `*`: merchants embed it through the SDK. */
  frameAncestors?: string[];
  /**
   * Read on each page load, over `frameAncestors`: the origins merchants configured on their
   * publishable keys. An empty answer keeps `frameAncestors`.
   */
  embeddingOrigins?: () => Promise<string[]>;
}

export interface SdkAssetOptions {
  /** sdk/dist: idv.js, idv.mjs, index.d.ts from the SDK build. */
  distDir: string;
  /** Path the SDK files are served under; default `/sdk`. */
  prefix?: string;
}

// Content-hashed names never change meaning, so browsers may keep them for a year without revalidating.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// The SDK keeps stable names (merchants hard-code /sdk/idv.js), so an update reaches them within an hour.
const SDK_CACHE = 'public, max-age=3600';
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

function normalisePrefix(prefix: string | undefined, fallback: string): string {
  const p = `/${(prefix ?? fallback).replace(/^\/+|\/+$/g, '')}`;
  return p === '/' ? '' : p;
}

/**
 * Fastify consumes a `prefix` register option itself; when it did, the routes here are already under it
 * and are declared relative to it. Returns the prefix still to apply and the public path of the mount.
 */
function mountPoint(app: FastifyInstance, prefix: string): { inner: string; publicPath: string } {
  const consumed = prefix !== '' && app.prefix.endsWith(prefix);
  return consumed
    ? { inner: '', publicPath: app.prefix }
    : { inner: prefix, publicPath: `${app.prefix}${prefix}` };
}

export function contentSecurityPolicy(
  options: { apiOrigin?: string; frameAncestors?: string[] } = {},
): string {
  const connect = ["'self'", ...(options.apiOrigin ? [new URL(options.apiOrigin).origin] : [])];
  return [
    "default-src 'none'",
    // zxing-wasm compiles WebAssembly; 'wasm-unsafe-eval' allows exactly that and no JS eval.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${(options.frameAncestors ?? ['*']).join(' ')}`,
  ].join('; ');
}

interface PreparedPage {
  mtimeMs: number;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function preparePage(
  file: string,
  mtimeMs: number,
  publicPath: string,
  apiOrigin: string | undefined,
): PreparedPage {
  let html = fs.readFileSync(file, 'utf8');
  // The build writes ./assets/… links; absolute ones keep working whether the page is asked for as
  // /flow or /flow/ (the hosted URL has no trailing slash).
  html = html.replace(/(href|src)="\.\/assets\//g, `$1="${publicPath}/assets/`);
  if (apiOrigin) {
    html = html.replace(
      '<meta name="idv-api-base" content="" />',
      `<meta name="idv-api-base" content="${escapeAttribute(new URL(apiOrigin).origin)}" />`,
    );
  }
  const identity = Buffer.from(html);
  return {
    mtimeMs,
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    brotli: zlib.brotliCompressSync(identity),
  };
}

/**
 * Serves the hosted capture flow: the page with `no-cache` and a strict CSP (own origin and the API
 * origin only), and the content-hashed assets (script, stylesheet, PDF417 worker and its wasm) as
 * immutable, pre-compressed files.
 */
export async function hostedFlowRoutes(app: FastifyInstance, opts: HostedFlowOptions): Promise<void> {
  const { inner, publicPath } = mountPoint(app, normalisePrefix(opts.prefix, '/flow'));
  const csp = contentSecurityPolicy(opts);
  const distDir = path.resolve(opts.distDir);
  const indexFile = path.join(distDir, 'index.html');
  let page: PreparedPage | undefined;

  function securityHeaders(reply: FastifyReply): void {
    reply.header('content-security-policy', csp);
    // Merchants embed the page: who may frame it is the CSP's frame-ancestors, which replaces the
    // service-wide X-Frame-Options: DENY (security-headers.ts) that would forbid every embedding.
    reply.removeHeader('x-frame-options');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('cross-origin-resource-policy', 'same-origin');
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      return reply.code(503).send({ detail: 'hosted flow is not built' });
    }
    if (!page || page.mtimeMs !== mtimeMs) page = preparePage(indexFile, mtimeMs, publicPath, opts.apiOrigin);
    securityHeaders(reply);
    const configured = opts.embeddingOrigins ? await opts.embeddingOrigins() : [];
    if (configured.length > 0)
      reply.header('content-security-policy', contentSecurityPolicy({ ...opts, frameAncestors: configured }));
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

  await app.register(
    async (scope) => {
      scope.get('/', { schema: { hide: true } }, servePage);
      await scope.register(fastifyStatic, {
        root: path.join(distDir, 'assets'),
        prefix: '/assets/',
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
    },
    { prefix: inner },
  );
}

/**
 * Serves the browser SDK build (`/sdk/idv.js` for a script tag, `/sdk/idv.mjs` for import, with
 * `index.d.ts`) to any origin: merchant pages load it cross-origin, and module imports need CORS.
 */
export async function sdkAssetRoutes(app: FastifyInstance, opts: SdkAssetOptions): Promise<void> {
  const { inner } = mountPoint(app, normalisePrefix(opts.prefix, '/sdk'));
  await app.register(fastifyStatic, {
    root: path.resolve(opts.distDir),
    prefix: `${inner}/`,
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', SDK_CACHE);
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
