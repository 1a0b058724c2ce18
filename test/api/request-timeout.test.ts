import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/** The review's slow body: a declared 100 kB body sent a byte at a time, unauthenticated. */
describe('a client that trickles its request body', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { REQUEST_BODY_TIMEOUT_SECONDS: '2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('gets 408 and loses its connection once the request deadline passes', async () => {
    const started = performance.now();
    const { response, closedAfterMs } = await new Promise<{ response: string; closedAfterMs: number }>(
      (resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let response = '';
        const drip = setInterval(() => socket.writable && socket.write('{'), 250);
        socket.setEncoding('utf8').on('data', (chunk: string) => (response += chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          clearInterval(drip);
          resolve({ response, closedAfterMs: performance.now() - started });
        });
        socket.write(
          'POST /v1/free/ofac HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        );
        setTimeout(() => socket.destroy(new Error('still open after 20 s')), 20_000);
      },
    );
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(response).toContain('{"detail":"the request was not received in time"}');
    // The 2 s deadline, checked every 5 s.
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(closedAfterMs).toBeLessThan(8_000);
  });
});
