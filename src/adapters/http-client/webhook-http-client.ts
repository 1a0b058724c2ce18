import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { checkWebhookUrlSyntax } from '../../core/webhooks/webhook-url.js';
import {
  checkWebhookHost,
  pinnedLookup,
  systemResolve,
  type GuardVerdict,
  type ResolveHost,
} from './ssrf-guard.js';
import type { PostResult, WebhookHttpClient } from '../../ports/webhooks.js';

/** Delivery records keep at most this much of a receiver's answer (1 KB). */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * What a delivery record says when the address policy refuses the host at delivery time, whatever
 * the cause: the detailed reason (what the name resolves to, or that it does not) would let whoever
 * owns the endpoint's DNS map names inside the network one retry at a time.
 */
export const DELIVERY_HOST_REFUSED = 'refused: host is not publicly routable';

/** Text columns cannot hold NUL, and the excerpt must stay within its byte budget after decoding. */
function excerptText(chunks: Buffer[], maxBytes: number): string | null {
  if (chunks.length === 0) return null;
  const decoder = new StringDecoder('utf8');
  let text = decoder.write(Buffer.concat(chunks).subarray(0, maxBytes)).replaceAll('\u0000', '\uFFFD');
  while (Buffer.byteLength(text, 'utf8') > maxBytes) text = text.slice(0, -1);
  return text;
}

function describeError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timeout after ${timeoutMs} ms`;
  const err = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the receiver',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
    EPIPE: 'connection closed by the receiver',
  };
  const text =
    (err.code && known[err.code]) ?? `${err.code ? `${err.code}: ` : ''}${err.message ?? String(error)}`;
  return text.slice(0, 500);
}

/**
 * POSTs webhook bodies. Unless `allowInsecure` (WEBHOOK_ALLOW_INSECURE) is set, each call checks the
 * URL again (https only) and resolves its host through the SSRF guard at delivery time, since DNS
 * may have changed since creation, then connects to exactly the address it checked. Redirects are
 * never followed (a 3xx is just a status at or above 300). `timeoutMs` bounds the whole attempt:
 * resolution, connection, headers and the excerpt of the body.
 */
export function createWebhookHttpClient(options: {
  timeoutMs: number;
  allowInsecure: boolean;
  resolve?: ResolveHost;
  /** Hears the detailed reason of a refusal at delivery, for the operator's log only. */
  onHostRefused?: (reason: string) => void;
}): WebhookHttpClient {
  const { timeoutMs, allowInsecure, onHostRefused } = options;
  const resolve = options.resolve ?? systemResolve;
  // Keep-alive: a receiver that gets many events reuses its connection (measured in bench/webhooks.bench.ts).
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }),
  };

  function send(
    url: URL,
    body: string,
    headers: Record<string, string>,
    lookup: LookupFunction | undefined,
    signal: AbortSignal,
    started: number,
  ): Promise<PostResult> {
    return new Promise((resolvePost) => {
      let statusCode: number | null = null;
      const chunks: Buffer[] = [];
      let received = 0;
      let done = false;
      const finish = (error: string | null) => {
        if (done) return;
        done = true;
        resolvePost({
          statusCode,
          latencyMs: Math.round(performance.now() - started),
          error,
          responseExcerpt: excerptText(chunks, RESPONSE_EXCERPT_BYTES),
        });
      };
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body, 'utf8')) },
          agent: agents[url.protocol as 'http:' | 'https:'],
          ...(lookup ? { lookup } : {}),
          signal,
        },
        (response) => {
          statusCode = response.statusCode ?? null;
          response.on('data', (chunk: Buffer) => {
            if (received < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
            received += chunk.length;
            if (received >= RESPONSE_EXCERPT_BYTES) {
              // Enough for the record; the rest of a large answer is not worth the time budget.
              response.destroy();
              finish(null);
            }
          });
          response.on('end', () => finish(null));
          response.on('close', () =>
            finish(response.complete ? null : 'response body incomplete: connection closed'),
          );
          response.on('error', (error) =>
            finish(`response body incomplete: ${describeError(error, signal.aborted, timeoutMs)}`),
          );
        },
      );
      request.on('error', (error) => {
        if (statusCode !== null)
          finish(`response body incomplete: ${describeError(error, signal.aborted, timeoutMs)}`);
        else finish(describeError(error, signal.aborted, timeoutMs));
      });
      request.end(body);
    });
  }

  return {
    async post(rawUrl, body, headers) {
      const started = performance.now();
      const fail = (error: string): PostResult => ({
        statusCode: null,
        latencyMs: Math.round(performance.now() - started),
        error,
        responseExcerpt: null,
      });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const syntax = checkWebhookUrlSyntax(rawUrl, { allowInsecure });
        if (!syntax.ok) return fail(`refused: ${syntax.message}`);
        let lookup: LookupFunction | undefined;
        if (!allowInsecure) {
          const timedOut = new Promise<null>((resolveTimeout) =>
            controller.signal.addEventListener('abort', () => resolveTimeout(null), { once: true }),
          );
          const verdict: GuardVerdict | null = await Promise.race([
            checkWebhookHost(syntax.url.hostname, resolve),
            timedOut,
          ]);
          if (!verdict) return fail(`timeout after ${timeoutMs} ms`);
          if (!verdict.ok) {
            onHostRefused?.(verdict.reason);
            return fail(DELIVERY_HOST_REFUSED);
          }
          lookup = pinnedLookup(verdict.address);
        }
        return await send(syntax.url, body, headers, lookup, controller.signal, started);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
