import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  hostedFlowRoutes,
  sdkAssetRoutes,
} from '../../src/http/routes/hosted-flow.js';
import { flowDist, flowManifest, sdkDist } from './helpers/servers.js';

const apps: FastifyInstance[] = [];

async function build(register: (app: FastifyInstance) => PromiseLike<unknown>): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  apps.push(app);
  await register(app);
  await app.ready();
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function assetLinks(html: string): string[] {
  return [...html.matchAll(/(?:href|src)="([^"]+\/assets\/[^"]+)"/g)].map((m) => m[1]!);
}

describe('hostedFlowRoutes', () => {
  it('serves the page uncached under a strict CSP, with links to immutable hashed assets', async () => {
    const app = await build((a) => a.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow' }));
    for (const url of ['/flow', '/flow/']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/https?:\/\//);
      expect(csp).not.toContain('unsafe-inline');
      const links = assetLinks(page.body);
      const { script, style } = flowManifest();
      expect(links).toEqual([`/flow/assets/${style}`, `/flow/assets/${script}`]);
    }
  });

  it('serves every asset, the worker and the wasm with a one-year immutable cache, pre-compressed', async () => {
    const app = await build((a) => a.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow' }));
    const { script, style, worker, wasm } = flowManifest();
    const types: Record<string, string> = {
      [script]: 'application/javascript; charset=utf-8',
      [style]: 'text/css; charset=utf-8',
      [worker]: 'application/javascript; charset=utf-8',
      [wasm]: 'application/wasm',
    };
    for (const [name, type] of Object.entries(types)) {
      const plain = await app.inject({ url: `/flow/assets/${name}` });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe(type);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.rawPayload.length).toBe(fs.statSync(path.join(flowDist, 'assets', name)).size);
      const brotli = await app.inject({
        url: `/flow/assets/${name}`,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('serves the face models and tfjs wasm of the selfie step from their hashed folder, immutable', async () => {
    const app = await build((a) => a.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow' }));
    const { faceModels } = flowManifest();
    expect(faceModels).toMatch(/^face-\w{10}$/);
    const types: Record<string, string> = {
      'blazeface.json': 'application/json; charset=utf-8',
      'blazeface.bin': 'application/octet-stream',
      'facemesh.json': 'application/json; charset=utf-8',
      'facemesh.bin': 'application/octet-stream',
      'tfjs-backend-wasm.wasm': 'application/wasm',
      'tfjs-backend-wasm-simd.wasm': 'application/wasm',
    };
    for (const [name, type] of Object.entries(types)) {
      const res = await app.inject({ url: `/flow/assets/${faceModels}/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a matching ETag with 304 and compresses the page when asked', async () => {
    const app = await build((a) => a.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow' }));
    const first = await app.inject({ url: '/flow', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toBe('Accept-Encoding');
    const again = await app.inject({
      url: '/flow',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('works when called directly, under another prefix, with a separate API origin', async () => {
    const app = await build((a) =>
      hostedFlowRoutes(a, { distDir: flowDist, prefix: '/verify/', apiOrigin: 'https://api.example.com/v1' }),
    );
    const page = await app.inject({ url: '/verify' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://api.example.com;");
    expect(page.body).toContain('<meta name="idv-api-base" content="https://api.example.com" />');
    for (const link of assetLinks(page.body)) {
      expect(link.startsWith('/verify/assets/')).toBe(true);
      expect((await app.inject({ url: link })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/flow' })).statusCode).toBe(404);
  });

  it('refuses paths outside the assets folder and says when the flow is not built', async () => {
    const app = await build((a) => a.register(hostedFlowRoutes, { distDir: flowDist, prefix: '/flow' }));
    expect((await app.inject({ url: '/flow/assets/../index.html' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/flow/assets/%2e%2e/manifest.json' })).statusCode).toBe(404);

    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-dist-'));
    try {
      const bare = await build((a) => a.register(hostedFlowRoutes, { distDir: empty }));
      const page = await bare.inject({ url: '/flow' });
      expect(page.statusCode).toBe(503);
      expect(page.json()).toEqual({ detail: 'hosted flow is not built' });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('lets only the configured ancestors frame the page', () => {
    expect(contentSecurityPolicy()).toContain('frame-ancestors *');
    expect(contentSecurityPolicy({ frameAncestors: ['https://shop.example'] })).toContain(
      'frame-ancestors https://shop.example',
    );
  });
});

describe('sdkAssetRoutes', () => {
  it('serves both SDK builds and their types to any origin with a one-hour cache', async () => {
    const app = await build((a) => a.register(sdkAssetRoutes, { distDir: sdkDist, prefix: '/sdk' }));
    for (const name of ['idv.js', 'idv.mjs', 'index.d.ts']) {
      const response = await app.inject({ url: `/sdk/${name}`, headers: { origin: 'https://shop.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
    const gz = await app.inject({ url: '/sdk/idv.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThanOrEqual(6 * 1024);
  });
});
