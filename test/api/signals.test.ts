import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHash } from '../../src/core/signals/components.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const LIMIT_BYTES = 64 * 1024;

/** A JSON body of exactly `bytes` bytes: one component padded to the size. */
function bodyOfSize(bytes: number): string {
  const empty = JSON.stringify({ components: { pad: '' } });
  return JSON.stringify({ components: { pad: 'x'.repeat(bytes - empty.length) } });
}

const device = {
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  languages: 'en-US,en',
  timezone: 'America/Chicago',
  screen: '1920x1080',
  hardware_concurrency: '8',
};

type StreamOutcome = {
  status: number | null;
  body: string;
  clientBytesWritten: number;
  serverBytesRead: number;
  peakMemoryGrowthBytes: number;
};

/**
 * Streams up to `totalBytes` of JSON to the listening server, one reused 64 KB chunk at a time
 * (waiting for drain, so the client holds no more than a chunk), until the server answers or the
 * connection drops. Samples this process's heap + buffers throughout: the server runs in it too.
 */
async function streamLargeBody(
  port: number,
  serverSockets: Socket[],
  headers: Record<string, string>,
  totalBytes: number,
): Promise<StreamOutcome> {
  const memory = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const baseline = memory();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, memory())), 5);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  let status: number | null = null;
  let body = '';
  let finished = false;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/signals/collect',
    headers: { 'content-type': 'application/json', ...headers },
  });
  const done = new Promise<void>((resolve) => {
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', resolve);
      response.on('error', () => resolve());
    });
    request.on('error', () => resolve());
    request.on('close', () => setTimeout(resolve, 50));
  });
  void done.then(() => (finished = true));
  request.write('{"components":{"a":"');
  while (!finished && written < totalBytes && !request.destroyed) {
    written += chunk.length;
    if (!request.write(chunk)) {
      await Promise.race([new Promise((r) => request.once('drain', r)), done]);
    }
  }
  if (!finished && !request.destroyed) request.end('"}}');
  await done;
  clearInterval(sampler);
  peak = Math.max(peak, memory());
  return {
    status,
    body,
    clientBytesWritten: written,
    serverBytesRead: serverSockets.reduce((sum, s) => sum + s.bytesRead, 0),
    peakMemoryGrowthBytes: peak - baseline,
  };
}

describe.each(engines)('POST /v1/signals/collect on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const collect = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/signals/collect',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const createVerification = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: `signals-${Math.random()}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; client_token: string };
  };

  it('takes no credentials and answers with what it kept', async () => {
    const res = await collect({ components: { ...device, viewport: '1280x720' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 6,
      dropped_keys: 0,
      truncated_values: 0,
      linked: false,
      stored: true,
    });
    const row = await t.platform.database.db
      .selectFrom('device_signals')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.verification_id).toBeNull();
    expect(row.components).toEqual({ ...device, viewport: '1280x720' });
    expect(row.device_hash).toBe(deviceHash(device));
    expect(row.device_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a body of exactly 64 KB and refuses 64 KB + 1 byte with 413', async () => {
    const exact = bodyOfSize(LIMIT_BYTES);
    expect(Buffer.byteLength(exact)).toBe(LIMIT_BYTES);
    const ok = await collect(exact);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      accepted: 1,
      dropped_keys: 0,
      truncated_values: 1,
      linked: false,
      stored: true,
    });

    const over = bodyOfSize(LIMIT_BYTES + 1);
    expect(Buffer.byteLength(over)).toBe(LIMIT_BYTES + 1);
    const refused = await collect(over);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ detail: 'payload too large' });
  });

  it('keeps the first 50 component keys and reports the rest as dropped', async () => {
    const components = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, `v${i}`]));
    const res = await collect({ components });
    expect(res.json()).toEqual({
      accepted: 50,
      dropped_keys: 1,
      truncated_values: 0,
      linked: false,
      stored: true,
    });
    const row = await t.platform.database.db
      .selectFrom('device_signals')
      .select('components')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Object.keys(row.components)).toEqual(Array.from({ length: 50 }, (_, i) => `k${i}`));
  });

  it('stringifies every value and truncates each at 500 characters', async () => {
    const res = await collect({
      components: {
        long: 'a'.repeat(501),
        exact: 'b'.repeat(500),
        emoji: '😀'.repeat(501),
        number: 8,
        flag: true,
        nothing: null,
        list: ['en', 'fr'],
        nested: { w: 1, h: 2 },
        big_object: { text: 'c'.repeat(600) },
      },
    });
    expect(res.json()).toEqual({
      accepted: 9,
      dropped_keys: 0,
      truncated_values: 3,
      linked: false,
      stored: true,
    });
    const { components } = await t.platform.database.db
      .selectFrom('device_signals')
      .select('components')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(components.long).toBe('a'.repeat(500));
    expect(components.exact).toBe('b'.repeat(500));
    expect(components.emoji).toBe('😀'.repeat(500));
    expect(components.number).toBe('8');
    expect(components.flag).toBe('true');
    expect(components.nothing).toBe('null');
    expect(components.list).toBe('["en","fr"]');
    expect(components.nested).toBe('{"w":1,"h":2}');
    expect(Array.from(components.big_object!)).toHaveLength(500);
  });

  it('answers 422 for a body without a components object and 400 for broken JSON', async () => {
    for (const payload of [
      {},
      { components: 'x' },
      { components: ['a'] },
      { components: {}, client_token: 5 },
    ]) {
      const res = await collect(payload);
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    const broken = await collect('{"components": {');
    expect(broken.statusCode).toBe(400);
  });

  it('links signals to the verification of a valid client token and summarises them', async () => {
    const first = await createVerification();
    const linked = await collect({ client_token: first.client_token, components: device });
    expect(linked.json()).toMatchObject({ accepted: 5, linked: true });

    expect(await t.platform.stores.signals.summary(first.id)).toEqual({
      device_hash: deviceHash(device),
      collected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/),
      components_count: 5,
      batches: 1,
      other_verifications_with_device: 0,
    });

    // The same device (volatile components differ) on a second verification is counted on both.
    const second = await createVerification();
    await collect({
      client_token: second.client_token,
      components: { ...device, viewport: '800x600', prefers_color_scheme: 'dark' },
    });
    const summary = await t.platform.stores.signals.summary(second.id);
    expect(summary).toMatchObject({ device_hash: deviceHash(device), other_verifications_with_device: 1 });
    expect(await t.platform.stores.signals.summary(first.id)).toMatchObject({
      other_verifications_with_device: 1,
    });

    // Another device is not.
    const third = await createVerification();
    await collect({ client_token: third.client_token, components: { ...device, screen: '390x844' } });
    expect(await t.platform.stores.signals.summary(third.id)).toMatchObject({
      other_verifications_with_device: 0,
    });
  });

  it('stores signals unlinked, without error, for an unknown or expired token', async () => {
    const unknown = await collect({ client_token: 'not-a-token', components: device });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ linked: false, stored: true });

    const verification = await createVerification();
    t.clock.advanceSeconds(1801);
    const expired = await collect({ client_token: verification.client_token, components: device });
    expect(expired.json()).toMatchObject({ linked: false, stored: true });
    expect(await t.platform.stores.signals.summary(verification.id)).toBeNull();
  });

  it('has no rate cap', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, () => collect({ components: device })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('keeps the first 20 batches of a verification, and answers the rest without storing them', async () => {
    const verification = await createVerification();
    const answers = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await collect({ client_token: verification.client_token, components: device });
      expect(res.statusCode).toBe(200);
      answers.push(res.json() as { stored: boolean; accepted: number; linked: boolean });
    }
    expect(answers.filter((a) => a.stored)).toHaveLength(20);
    expect(answers.slice(20)).toEqual(
      Array(5).fill({ accepted: 0, dropped_keys: 0, truncated_values: 0, linked: true, stored: false }),
    );
    expect(await t.platform.stores.signals.summary(verification.id)).toMatchObject({ batches: 20 });
  });

  it('keeps 60 unlinked batches per client address and rolling hour', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/signals/collect',
        remoteAddress,
        payload: { components: device },
      });
    const countRows = async () =>
      Number(
        (
          await t.platform.database.db
            .selectFrom('device_signals')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countRows();
    const stored = [];
    for (let i = 0; i < 61; i += 1) {
      const res = await send('198.51.100.9');
      expect(res.statusCode).toBe(200);
      stored.push(res.json().stored as boolean);
    }
    expect(stored.slice(0, 60).every(Boolean)).toBe(true);
    expect(stored[60]).toBe(false);
    expect(await countRows()).toBe(before + 60);
    expect((await send('198.51.100.10')).json()).toMatchObject({ stored: true });
    t.clock.advanceSeconds(3601);
    expect((await send('198.51.100.9')).json()).toMatchObject({ stored: true });
  });

  describe('on a listening server', () => {
    let port: number;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it('refuses a 10 MB chunked body early with 413, never reading or buffering it', async () => {
      sockets.length = 0;
      const outcome = await streamLargeBody(
        port,
        sockets,
        { 'transfer-encoding': 'chunked' },
        10 * 1024 * 1024,
      );
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ detail: 'payload too large' });
      // The server stopped reading right after the limit: far from the 10 MB the client had to send.
      expect(outcome.serverBytesRead).toBeLessThan(1024 * 1024);
      expect(outcome.clientBytesWritten).toBeLessThan(10 * 1024 * 1024);
      expect(outcome.peakMemoryGrowthBytes).toBeLessThan(4 * 1024 * 1024);
    });

    it('refuses a declared 10 MB Content-Length before reading the body', async () => {
      sockets.length = 0;
      const outcome = await streamLargeBody(
        port,
        sockets,
        { 'content-length': String(10 * 1024 * 1024) },
        10 * 1024 * 1024,
      );
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ detail: 'payload too large' });
      expect(outcome.serverBytesRead).toBeLessThan(1024 * 1024);
      expect(outcome.peakMemoryGrowthBytes).toBeLessThan(4 * 1024 * 1024);
    });
  });
});
