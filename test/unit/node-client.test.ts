import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  IdvApiError,
  verifyWebhook,
  WebhookVerificationError,
} from '../../packages/node/src/index.js';
import { signWebhookPayload } from '../../src/core/webhooks/signature.js';

type Call = { url: string; method: string; headers: Record<string, string>; body: string | undefined };

/** A fetch that answers from a script, recording what was sent. */
function scriptedFetch(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetchFn = (async (url: URL, init: RequestInit) => {
    calls.push({
      url: String(url),
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('server library client', () => {
  it('retries a create after a network error and a 503 with the same idempotency key, honouring Retry-After', async () => {
    const created = { id: 'b3f1c3e2-0000-4000-8000-000000000001', client_token: 'ct' };
    const { fetchFn, calls } = scriptedFetch([
      new TypeError('fetch failed'),
      json(503, { detail: 'checks are busy' }, { 'retry-after': '0' }),
      json(201, created),
    ]);
    const client = createClient({ baseUrl: 'http://idv.test/', apiKey: 'svc_key', fetch: fetchFn });
    const answer = await client.verifications.create({ external_ref: 'order-1' });
    expect(answer).toEqual(created);
    expect(calls).toHaveLength(3);
    const keys = calls.map((call) => call.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0]).toMatchObject({ url: 'http://idv.test/v1/verifications', method: 'POST' });
    expect(calls[0]!.headers['x-api-key']).toBe('svc_key');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ external_ref: 'order-1' });
  });

  it('never follows a redirect: the API key, idempotency key and body stay with baseUrl', async () => {
    /** A loopback server that records what reaches it and answers with `answer`. */
    async function server(answer: (res: http.ServerResponse) => void) {
      const seen: Array<{ method?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
      const listener = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          seen.push({ method: req.method, headers: req.headers, body });
          answer(res);
        });
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      return { url, seen, close: () => new Promise((resolve) => listener.close(resolve)) };
    }
    const elsewhere = await server((res) => res.writeHead(201).end('{}'));
    const redirecting = await server((res) =>
      res.writeHead(307, { location: `${elsewhere.url}/v1/verifications` }).end(),
    );
    try {
      const client = createClient({ baseUrl: redirecting.url, apiKey: 'svc_SECRETSECRET', maxRetries: 0 });
      const failure = await client.verifications.create({ external_ref: 'order-1' }).catch((e) => e);
      expect(failure).toBeInstanceOf(IdvApiError);
      expect(failure.status).toBe(307);
      expect(String(failure.detail)).toContain(`redirect to ${elsewhere.url}/v1/verifications`);
      expect(redirecting.seen).toHaveLength(1);
      expect(redirecting.seen[0]!.headers['x-api-key']).toBe('svc_SECRETSECRET');
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });

  it('gives the envelope as an IdvApiError, without retrying a 4xx', async () => {
    const { fetchFn, calls } = scriptedFetch([
      json(404, { detail: 'verification not found' }, { 'x-request-id': 'req-1' }),
    ]);
    const client = createClient({ baseUrl: 'http://idv.test', apiKey: 'svc_key', fetch: fetchFn });
    const failure = await client.verifications
      .retrieve('b3f1c3e2-0000-4000-8000-000000000009')
      .catch((e) => e);
    expect(failure).toBeInstanceOf(IdvApiError);
    expect(failure).toMatchObject({ status: 404, detail: 'verification not found', requestId: 'req-1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://idv.test/v1/verifications/b3f1c3e2-0000-4000-8000-000000000009');
  });

  it('lists every page through next_cursor', async () => {
    const item = (id: string) => ({ id });
    const { fetchFn, calls } = scriptedFetch([
      json(200, { data: [item('a'), item('b')], has_more: true, next_cursor: 'b' }),
      json(200, { data: [item('c')], has_more: false, next_cursor: null }),
    ]);
    const client = createClient({ baseUrl: 'http://idv.test', apiKey: 'svc_key', fetch: fetchFn });
    const ids: string[] = [];
    for await (const verification of client.verifications.listAll({ limit: 2, status: 'decided' }))
      ids.push(verification.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(calls.map((call) => new URL(call.url).search)).toEqual([
      '?limit=2&status=decided',
      '?limit=2&status=decided&starting_after=b',
    ]);
  });
});

describe('verifyWebhook', () => {
  const secret = 'whsec_test';
  const body =
    '{"id":"evt_1","event":"verification.decided","created_at":"2026-11-26T12:00:00","verification_id":"v1","data":{"decision":"approve"}}';
  const now = new Date('2026-11-26T12:00:30Z');
  const signed = signWebhookPayload(body, secret, Math.floor(now.getTime() / 1000) - 30);

  it("accepts the service's signature over the raw body and returns the event", () => {
    expect(verifyWebhook(body, signed, secret, { now })).toMatchObject({
      id: 'evt_1',
      event: 'verification.decided',
      data: { decision: 'approve' },
    });
    expect(verifyWebhook(new TextEncoder().encode(body), signed, secret, { now }).id).toBe('evt_1');
  });

  it.each([
    ['a changed body', body.replace('approve', 'decline'), signed, now, 'signature_mismatch'],
    [
      'another secret',
      body,
      signWebhookPayload(body, 'whsec_other', 1_795_000_000),
      now,
      'signature_mismatch',
    ],
    ['no header', body, undefined, now, 'malformed_header'],
    ['a header without v1', body, 't=1795000000', now, 'malformed_header'],
    ['a stale timestamp', body, signed, new Date(now.getTime() + 301_000), 'timestamp_outside_tolerance'],
  ])('refuses %s', (_, raw, header, at, reason) => {
    const failure = (() => {
      try {
        verifyWebhook(raw, header, secret, { now: at });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(WebhookVerificationError);
    expect((failure as WebhookVerificationError).reason).toBe(reason);
  });
});
