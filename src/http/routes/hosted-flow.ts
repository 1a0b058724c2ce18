import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPageServer, immutableAssets } from '../page-server.js';

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
  /** Who may frame the flow (CSP frame-ancestors) by default. `*`: merchants embed it through the SDK. */
  frameAncestors?: string[];
  /**
   * Read on each page load, over `frameAncestors`: who may frame this load, from the publishable key
   * the SDK puts in the address (`?pk=`); null keeps `frameAncestors`.
   */
  frameAncestorsFor?: (publishableKey: string | undefined) => Promise<string[] | null>;
}

export interface SdkAssetOptions {
  /** sdk/dist: idv.js, idv.mjs, index.d.ts from the SDK build. */
  distDir: string;
  /** Path the SDK files are served under; default `/sdk`. */
  prefix?: string;
}

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

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function rewritePage(html: string, publicPath: string, apiOrigin: string | undefined): string {
  // The build writes ./assets/… links; absolute ones keep working whether the page is asked for as
  // /flow or /flow/ (the hosted URL has no trailing slash).
  const linked = html.replace(/(href|src)="\.\/assets\//g, `$1="${publicPath}/assets/`);
  return apiOrigin
    ? linked.replace(
        '<meta name="idv-api-base" content="" />',
        `<meta name="idv-api-base" content="${escapeAttribute(new URL(apiOrigin).origin)}" />`,
      )
    : linked;
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
  const page = createPageServer(path.join(distDir, 'index.html'), (html) =>
    rewritePage(html, publicPath, opts.apiOrigin),
  );

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

  /** Who may frame a load of the flow for this publishable key: its origins, or the default. */
  async function ancestorsFor(pk: unknown): Promise<string[]> {
    // Longer than any key the service issues; such a value is looked up as is and found by no key.
    const publishableKey = typeof pk === 'string' && pk !== '' ? pk.slice(0, 128) : undefined;
    const ancestors = opts.frameAncestorsFor ? await opts.frameAncestorsFor(publishableKey) : null;
    return ancestors ?? opts.frameAncestors ?? ['*'];
  }

  /**
   * Whether the page asking (its Origin header) may frame the flow for `?pk=`: the browser SDK asks
   * before it mounts the frame, so a page that is not allowed hears `origin_not_allowed` instead of
   * showing a frame the browser leaves blank. Any origin may ask; what it learns is in the page's
   * own CSP for anyone who loads it.
   */
  async function embedCheck(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const origin = request.headers.origin;
    const ancestors = await ancestorsFor((request.query as { pk?: unknown }).pk);
    const allowed = ancestors.includes('*') || (typeof origin === 'string' && ancestors.includes(origin));
    return reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-store')
      .send({ allowed });
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!page.built()) return reply.code(503).send({ detail: 'hosted flow is not built' });
    securityHeaders(reply);
    const ancestors = await ancestorsFor((request.query as { pk?: unknown }).pk);
    reply.header('content-security-policy', contentSecurityPolicy({ ...opts, frameAncestors: ancestors }));
    return page.send(request, reply) ?? reply;
  }

  await app.register(
    async (scope) => {
      scope.get('/', { schema: { hide: true } }, servePage);
      scope.get('/embed-check', { schema: { hide: true } }, embedCheck);
      await immutableAssets(scope, { root: path.join(distDir, 'assets'), prefix: '/assets/', csp });
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
