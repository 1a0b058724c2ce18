import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookHost, pinnedLookup } from '../../../src/adapters/http-client/ssrf-guard.js';
import { PLAIN_HTTP_REFUSED } from '../../../src/core/webhooks/webhook-url.js';
import {
  createWebhookHttpClient,
  DELIVERY_HOST_REFUSED,
  RESPONSE_EXCERPT_BYTES,
} from '../../../src/adapters/http-client/webhook-http-client.js';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver.js';

describe('webhook HTTP client', () => {
  let receiver: Receiver;
  const insecure = createWebhookHttpClient({ timeoutMs: 300, allowInsecure: true });
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    insecure.close();
    await receiver.close();
  });

  it('POSTs the body as given and keeps at most 1 KB of the answer, with no NUL and no torn character', async () => {
    receiver.respondWith(() => ({ status: 200, body: '\u0000' + 'é'.repeat(2000) }));
    const body = JSON.stringify({ hello: 'wörld' });
    const result = await insecure.post(receiver.url, body, { 'content-type': 'application/json' });
    expect(result).toMatchObject({ statusCode: 200, error: null });
    const request = receiver.requests.at(-1)!;
    expect(request.rawBody.toString('utf8')).toBe(body);
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(Buffer.byteLength(result.responseExcerpt!, 'utf8')).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
    expect(result.responseExcerpt!.startsWith('\uFFFDé')).toBe(true);
    expect(result.responseExcerpt).not.toContain('\u0000');
    expect(result.responseExcerpt!.endsWith('é')).toBe(true);
  });

  it('never follows a redirect: a 3xx is the answer', async () => {
    receiver.respondWith((request) =>
      request.path === '/hook' ? { status: 302, body: 'moved' } : { status: 200 },
    );
    const before = receiver.requests.length;
    const result = await insecure.post(receiver.url, '{}', {});
    expect(result.statusCode).toBe(302);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.requests.length - before).toBe(1);
  });

  it('gives up at the timeout and says so', async () => {
    receiver.respondWith(() => ({ status: 200, delayMs: 2_000 }));
    const result = await insecure.post(receiver.url, '{}', {});
    expect(result).toMatchObject({ statusCode: null, error: 'timeout after 300 ms' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(1_000);
  });

  it('reports a refused connection', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const result = await insecure.post(url, '{}', {});
    expect(result).toMatchObject({ statusCode: null, error: 'connection refused' });
  });

  describe('with the SSRF guard on', () => {
    const guarded = (addresses: Array<{ address: string; family: number }>) =>
      createWebhookHttpClient({ timeoutMs: 1_000, allowInsecure: false, resolve: async () => addresses });

    it('refuses http and credentials in the URL before any connection', async () => {
      const client = guarded([{ address: '93.184.216.34', family: 4 }]);
      expect((await client.post(receiver.url, '{}', {})).error).toBe(`refused: ${PLAIN_HTTP_REFUSED}`);
      expect((await client.post('https://u:p@hooks.example/', '{}', {})).error).toBe(
        'refused: url must not contain credentials',
      );
      client.close();
    });

    it('re-resolves at delivery and refuses a name that now points inside, or partly inside', async () => {
      const before = receiver.connections();
      const logged: string[] = [];
      for (const addresses of [
        [{ address: '127.0.0.1', family: 4 }],
        [{ address: '10.1.2.3', family: 4 }],
        [
          { address: '93.184.216.34', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ],
        [{ address: 'fd00:ec2::254', family: 6 }],
      ]) {
        const client = createWebhookHttpClient({
          timeoutMs: 1_000,
          allowInsecure: false,
          resolve: async () => addresses,
          onHostRefused: (reason) => logged.push(reason),
        });
        const result = await client.post(
          `https://rebinding.example:${new URL(receiver.url).port}/hook`,
          '{}',
          {},
        );
        expect(result.statusCode).toBeNull();
        expect(result.error).toBe(DELIVERY_HOST_REFUSED);
        client.close();
      }
      expect(receiver.connections()).toBe(before);
      expect(logged).toHaveLength(4);
      for (const reason of logged)
        expect(reason).toMatch(/^host rebinding\.example resolves to a .* address/);
    });

    it('records one fixed refusal whatever the resolver answered, so records cannot map internal names', async () => {
      const notFound = async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      };
      const errors = new Set<string | null>();
      for (const resolve of [notFound, async () => [], async () => [{ address: '10.1.2.3', family: 4 }]]) {
        const client = createWebhookHttpClient({ timeoutMs: 1_000, allowInsecure: false, resolve });
        errors.add((await client.post('https://internal-name.example/hook', '{}', {})).error);
        client.close();
      }
      expect([...errors]).toEqual(['refused: host is not publicly routable']);
    });

    it('refuses a name that does not resolve', async () => {
      const verdict = await checkWebhookHost('nowhere.example', async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      });
      expect(verdict).toEqual({
        ok: false,
        reason: 'host nowhere.example could not be resolved (ENOTFOUND)',
      });
    });
  });

  it('connects to the pinned address, never resolving the name again', async () => {
    receiver.respondWith(() => ({ status: 200, body: 'pinned' }));
    const port = Number(new URL(receiver.url).port);
    for (const autoSelectFamily of [true, false]) {
      const answer = await new Promise<string>((resolve, reject) => {
        // Node 20 asks the lookup for every address (all: true) when autoSelectFamily is on, one otherwise.
        const options: http.RequestOptions & { autoSelectFamily: boolean } = {
          host: 'name-that-does-not-exist.invalid',
          port,
          path: '/hook',
          method: 'POST',
          lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }),
          autoSelectFamily,
          agent: false,
        };
        const request = http.request(options, (response) => {
          let text = '';
          response.on('data', (c: Buffer) => (text += c.toString()));
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        request.end('{}');
      });
      expect(answer).toBe('pinned');
    }
    expect(receiver.requests.at(-1)!.headers.host).toBe(`name-that-does-not-exist.invalid:${port}`);
  });
});
