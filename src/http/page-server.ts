import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Content-hashed names never change meaning, so browsers may keep them for a year without revalidating.
const IMMUTABLE = 'public, max-age=31536000, immutable';

type PreparedPage = { mtimeMs: number; etag: string; identity: Buffer; gzip: Buffer; brotli: Buffer };

/**
 * One built single-page app's index.html (the hosted flow, the review console), served with `no-cache`,
 * an etag and pre-compressed bodies. The page is prepared again when the build rewrites the file.
 * `send` answers false when the page is not built, so the caller gives its own error.
 */
export function createPageServer(indexFile: string, rewrite: (html: string) => string) {
  let page: PreparedPage | undefined;

  function current(): PreparedPage | null {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (!page || page.mtimeMs !== mtimeMs) {
      const identity = Buffer.from(rewrite(fs.readFileSync(indexFile, 'utf8')));
      page = {
        mtimeMs,
        etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        gzip: zlib.gzipSync(identity, { level: 9 }),
        brotli: zlib.brotliCompressSync(identity),
      };
    }
    return page;
  }

  return {
    built: () => current() !== null,
    send(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
      const prepared = current();
      if (!prepared) return null;
      reply.header('cache-control', 'no-cache');
      reply.header('etag', prepared.etag);
      reply.header('vary', 'Accept-Encoding');
      reply.type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === prepared.etag) return reply.code(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(prepared.brotli);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(prepared.gzip);
      return reply.send(prepared.identity);
    },
  };
}

/** A build's content-hashed assets: immutable, pre-compressed, under the page's CSP. */
export async function immutableAssets(
  app: FastifyInstance,
  options: { root: string; prefix: string; csp: string },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: options.prefix,
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
      reply.header('content-security-policy', options.csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-origin');
    },
  });
}
