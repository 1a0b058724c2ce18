import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  createSessionClient,
  IdvApiError,
  verifyWebhook,
  WebhookVerificationError,
  type IdvClient,
} from '../../packages/node/src/index.js';
import { startService, type ServiceProcess } from '../helpers/service-process.js';

type Delivery = { raw: Buffer; signature: string | undefined };

/**
 * The server library against the real service in its own process: a backend's whole round trip with
 * a test key (create, the end user's test-mode session, wait for the decision, a signed webhook), and
 * pagination and errors as the service answers them.
 */
describe('server library against a running service', () => {
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  let service: ServiceProcess;
  let receiver: http.Server;
  let receiverUrl: string;
  const deliveries: Delivery[] = [];
  let client: IdvClient;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const header = req.headers['x-service-signature'];
        deliveries.push({
          raw: Buffer.concat(chunks),
          signature: Array.isArray(header) ? header[0] : header,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    service = await startService({
      DATA_DIR: 'memory://',
      BOOTSTRAP_API_KEY: rootKey,
      WEBHOOK_ALLOW_INSECURE: '1',
      DATA_ENCRYPTION_KEY: 'c'.repeat(64),
      WEBHOOK_SECRET_KEY: 'd'.repeat(64),
    });
    const root = createClient({ baseUrl: service.url!, apiKey: rootKey });
    const testKey = await root.keys.create({ label: 'server library test', scopes: ['*'], mode: 'test' });
    client = createClient({ baseUrl: service.url!, apiKey: testKey.api_key });
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('creates, runs the test-mode session, waits for the decision and verifies the signed webhook', async () => {
    const endpoint = await client.webhooks.create({ url: receiverUrl, events: ['verification.decided'] });
    const created = await client.verifications.create({ external_ref: 'library-order-1', test_outcome: [] });

    const session = createSessionClient({ baseUrl: service.url!, clientToken: created.client_token });
    const submitted = await session.completeWithTestSamples();
    expect(submitted.status).toBe('decided');

    const decided = await client.verifications.waitForDecision(created.id, { timeoutMs: 30_000 });
    expect(decided).toMatchObject({ id: created.id, status: 'decided', decision: 'approve', mode: 'test' });

    await vi.waitFor(() => expect(deliveries).toHaveLength(1), { timeout: 15_000, interval: 100 });
    const [delivery] = deliveries;
    const event = verifyWebhook(delivery!.raw, delivery!.signature, endpoint.secret);
    expect(event).toMatchObject({
      event: 'verification.decided',
      verification_id: created.id,
      data: { decision: 'approve' },
    });
    const tampered = Buffer.from(delivery!.raw.toString().replace('approve', 'decline'));
    expect(() => verifyWebhook(tampered, delivery!.signature, endpoint.secret)).toThrow(
      WebhookVerificationError,
    );
  }, 90_000);

  it('pages through every verification and reports errors with their detail', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await client.verifications.create({ external_ref: `library-page-${i}` })).id);
    const listed: string[] = [];
    for await (const verification of client.verifications.listAll({ limit: 2 })) listed.push(verification.id);
    expect(listed).toEqual(expect.arrayContaining(made));
    expect(new Set(listed).size).toBe(listed.length);

    const missing = await client.verifications.retrieve(crypto.randomUUID()).catch((error) => error);
    expect(missing).toBeInstanceOf(IdvApiError);
    expect(missing).toMatchObject({ status: 404, detail: 'verification not found' });
  }, 60_000);

  it('creates once for one idempotency key, cancels, and reads the event log', async () => {
    const idempotencyKey = `order-${crypto.randomUUID()}`;
    const first = await client.verifications.create({ external_ref: 'library-idem' }, { idempotencyKey });
    const again = await client.verifications.create({ external_ref: 'library-idem' }, { idempotencyKey });
    expect(again.id).toBe(first.id);
    const conflict = await client.verifications
      .create({ external_ref: 'another body' }, { idempotencyKey })
      .catch((error) => error);
    expect(conflict).toBeInstanceOf(IdvApiError);
    expect(conflict.status).toBe(409);

    expect(await client.verifications.cancel(first.id)).toMatchObject({ id: first.id, status: 'canceled' });
    const types: string[] = [];
    for await (const event of client.events.listAll({ limit: 2 }))
      if (event.verification_id === first.id) types.push(event.event);
    expect(types).toEqual(['verification.canceled', 'verification.created']);
  }, 60_000);
  it('recovers, from a stored cursor, every event a receiver missed during a 10-second outage', async () => {
    let down = false;
    const handled = new Set<string>();
    const flaky = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (down) return void res.writeHead(503).end();
        handled.add((JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/hook`;
      await client.webhooks.create({ url, events: ['*'] });
      const before = await client.verifications.create({ external_ref: 'before-outage' });
      await vi.waitFor(() => expect(handled.size).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
      // What the receiver's reconciliation loop stored last time it ran.
      const cursor = (await client.events.list({ limit: 1 })).data[0]!.id;

      down = true;
      const outageEnds = Date.now() + 10_000;
      const during: string[] = [];
      for (let i = 0; i < 3; i++)
        during.push((await client.verifications.create({ external_ref: `outage-${i}` })).id);
      await client.verifications.cancel(during[0]!);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
      down = false;

      const missed = [];
      for await (const event of client.events.listAll({ limit: 50 }))
        if (during.includes(event.verification_id ?? '')) missed.push(event.id);
      expect(missed).toHaveLength(4);
      expect(missed.filter((id) => handled.has(id))).toEqual([]);

      const recovered = [];
      for await (const event of client.events.since(cursor, 2)) recovered.push(event);
      expect(recovered.map((e) => e.id)).toEqual(expect.arrayContaining(missed));
      expect(new Set(recovered.map((e) => e.id)).size).toBe(recovered.length);
      expect(recovered.some((e) => e.verification_id === before.id)).toBe(false);
      const times = recovered.map((e) => e.created_at);
      expect(times).toEqual([...times].sort());

      // The same loop, left running, hands over what comes next and stops when told.
      const stop = new AbortController();
      const following = client.events.follow(recovered.at(-1)!.id, { intervalMs: 200, signal: stop.signal });
      const after = await client.verifications.create({ external_ref: 'after-outage' });
      const next = await following.next();
      expect(next.value).toMatchObject({ event: 'verification.created', verification_id: after.id });
      stop.abort();
    } finally {
      await new Promise((resolve) => flaky.close(resolve));
    }
  }, 90_000);
});
