/**
 * A webhook receiver for the identity verification service: verifies X-Service-Signature over the
 * raw body, drops duplicates by event id, and answers 2xx quickly.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx examples/webhook-receiver/server.ts
 *
 * Register http://<host>:4000/webhooks with POST /v1/webhooks and put the returned `secret` in
 * WEBHOOK_SECRET. (Plain http and local hosts are accepted only by a service started with
 * WEBHOOK_ALLOW_INSECURE=1; production endpoints use https.)
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../../packages/node/src/index.js';

export type { WebhookEvent };

/** Deliveries are small (well under 1 KB); anything far larger is not from the service. */
const MAX_BODY_BYTES = 256 * 1024;
/** How many recent event ids are remembered for dedupe. A real receiver keeps them in its database. */
const REMEMBERED_EVENTS = 10_000;

export function createWebhookReceiver(options: {
  secret: string;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
  toleranceSeconds?: number;
}): http.Server {
  const seen = new Set<string>();

  return http.createServer((req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return answer(405, { error: 'method not allowed' });

    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        answer(413, { error: 'payload too large' });
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      // Verify the bytes exactly as received: parsing and re-serialising first would break the signature.
      const raw = Buffer.concat(chunks);
      const header = req.headers['x-service-signature'];
      let event: WebhookEvent;
      try {
        event = verifyWebhook(raw, Array.isArray(header) ? header[0] : header, options.secret, {
          ...(options.toleranceSeconds !== undefined ? { toleranceSeconds: options.toleranceSeconds } : {}),
        });
      } catch (error) {
        if (error instanceof WebhookVerificationError)
          return answer(400, { error: `signature rejected: ${error.reason}` });
        return answer(400, { error: 'the body is not JSON' });
      }
      if (seen.has(event.id)) return answer(200, { status: 'duplicate ignored' });
      Promise.resolve(options.onEvent(event)).then(
        () => {
          seen.add(event.id);
          if (seen.size > REMEMBERED_EVENTS) seen.delete(seen.values().next().value!);
          answer(200, { status: 'received' });
        },
        // A 5xx makes the service try again (3 attempts in all); the event is not marked as seen.
        () => answer(500, { error: 'processing failed' }),
      );
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set WEBHOOK_SECRET to the secret returned by POST /v1/webhooks.');
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 4000);
  const server = createWebhookReceiver({
    secret,
    onEvent: (event) => {
      // The webhook says what happened; read the full record with GET /v1/verifications/{id}.
      console.log(
        `${event.event} ${event.verification_id}: ${JSON.stringify(event.data)} (event ${event.id})`,
      );
    },
  });
  server.listen(port, () => console.log(`webhook receiver listening on http://127.0.0.1:${port}/webhooks`));
}
