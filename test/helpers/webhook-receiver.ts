import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = {
  /** Date.now() when the whole body had arrived. */
  receivedAtMs: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
};

export type Reply = { status: number; body?: string; delayMs?: number };

export type Receiver = {
  url: string;
  requests: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
  /** Decides each answer; the default answers 200 at once. */
  respondWith(handler: (request: ReceivedRequest, index: number) => Reply | Promise<Reply>): void;
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

/** A real HTTP receiver on 127.0.0.1 that records every request with its raw bytes. */
export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let handler: (request: ReceivedRequest, index: number) => Reply | Promise<Reply> = () => ({ status: 200 });
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        receivedAtMs: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
      };
      const index = requests.length;
      requests.push(received);
      for (const wake of waiters.splice(0)) wake();
      void Promise.resolve(handler(received, index)).then(async (reply) => {
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'text/plain' });
        res.end(reply.body ?? 'ok');
      });
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    connections: () => connections,
    respondWith(next) {
      handler = next;
    },
    async waitForRequests(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return requests.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The first request carrying `event` (for `verificationId`, when given): `*` subscribers receive every
 * event of a verification, in no fixed order across deliveries.
 */
export async function waitForEvent(
  receiver: Receiver,
  event: string,
  verificationId?: string,
  timeoutMs = 10_000,
): Promise<ReceivedRequest> {
  const deadline = Date.now() + timeoutMs;
  for (let count = 1; ; count += 1) {
    const requests = await receiver.waitForRequests(count, Math.max(1, deadline - Date.now()));
    const hit = requests.find((r) => {
      const body = JSON.parse(r.rawBody.toString('utf8')) as { event: string; verification_id: string };
      return (
        body.event === event && (verificationId === undefined || body.verification_id === verificationId)
      );
    });
    if (hit) return hit;
  }
}
