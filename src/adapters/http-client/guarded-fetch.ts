import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookHost, pinnedLookup, systemResolve, type ResolveHost } from './ssrf-guard.js';

/** What a guarded fetch is asked to send: the subset of fetch's options an OpenID client uses. */
export type GuardedRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null | undefined | ReadableStream;
  signal?: AbortSignal | undefined;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A fetch for calls to servers the service is told to reach (an account's single sign-on provider, the
 * sanctions lists' sources), under the same
 * address policy as webhook deliveries: https only, the host resolved once and refused when any of its
 * addresses is not public (private, loopback, link-local, metadata…), then the connection made to
 * exactly the address checked. A redirect is followed only as far as `maxRedirects` allows, each hop
 * checked and pinned again (by default a 3xx is returned as it is); an answer is read to at most `maxBytes`, and the whole call is bounded by `timeoutMs`. With `allowInsecure`
 * (WEBHOOK_ALLOW_INSECURE for providers, SANCTIONS_LIST_ALLOW_PRIVATE for lists) the address check is
 * off and plain http is allowed to a loopback host only.
 */
export function createGuardedFetch(options: {
  allowInsecure: boolean;
  timeoutMs: number;
  maxBytes: number;
  resolve?: ResolveHost;
  /**
   * Redirects a GET may follow (0 by default: a 3xx is returned as it is). Each hop is checked and
   * pinned like the first, so a redirect cannot lead inside the network.
   */
  maxRedirects?: number;
}): (url: string, init: GuardedRequest) => Promise<Response> {
  const once = guardedRequest(options);
  const maxRedirects = options.maxRedirects ?? 0;
  return async (rawUrl, init) => {
    let url = rawUrl;
    for (let hop = 0; ; hop++) {
      const response = await once(url, init);
      const location = response.headers.get('location');
      const redirected = response.status >= 300 && response.status < 400 && location !== null;
      if (!redirected || init.method !== 'GET' || hop >= maxRedirects) return response;
      url = new URL(location, url).toString();
    }
  };
}

function guardedRequest(options: {
  allowInsecure: boolean;
  timeoutMs: number;
  maxBytes: number;
  resolve?: ResolveHost;
}): (url: string, init: GuardedRequest) => Promise<Response> {
  const resolve = options.resolve ?? systemResolve;
  return async (rawUrl, init) => {
    const url = new URL(rawUrl);
    const insecureLoopback = options.allowInsecure && LOOPBACK_HOSTS.has(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && insecureLoopback)) {
      throw new Error(`refused: ${url.origin} does not use https`);
    }
    if (url.username || url.password) throw new Error('refused: the address carries credentials');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    init.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    try {
      let lookup: LookupFunction | undefined;
      if (!options.allowInsecure) {
        const verdict = await checkWebhookHost(url.hostname, resolve);
        if (!verdict.ok) throw new Error(`refused: ${verdict.reason}`);
        lookup = pinnedLookup(verdict.address);
      }
      const body =
        init.body === undefined || init.body === null
          ? undefined
          : init.body instanceof URLSearchParams
            ? init.body.toString()
            : typeof init.body === 'string'
              ? init.body
              : init.body instanceof ReadableStream
                ? undefined
                : Buffer.from(init.body as ArrayBuffer);
      if (init.body instanceof ReadableStream) throw new Error('refused: a streamed request body');
      return await send(url, init, body, lookup, controller.signal, options.maxBytes);
    } finally {
      clearTimeout(timer);
    }
  };
}

function send(
  url: URL,
  init: GuardedRequest,
  body: string | Buffer | undefined,
  lookup: LookupFunction | undefined,
  signal: AbortSignal,
  maxBytes: number,
): Promise<Response> {
  return new Promise((resolveResponse, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: init.method,
        headers: {
          ...init.headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        ...(lookup ? { lookup } : {}),
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            response.destroy(new Error(`the answer is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const item of [value ?? []].flat()) headers.append(name, item);
          }
          const status = response.statusCode ?? 502;
          const noBody = status === 204 || status === 304 || init.method === 'HEAD';
          resolveResponse(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
