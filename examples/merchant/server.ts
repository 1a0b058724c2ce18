/**
 * An example merchant app for the identity verification service, on node:http alone: its page opens
 * the browser SDK in a modal, its backend creates verifications with the secret API key (which never
 * reaches the browser), and it learns each outcome from the signed `verification.decided` webhook.
 * The page shows only what that webhook said, because client callbacks can be forged.
 *
 *   IDV_API_KEY=svc_... IDV_REGISTER_WEBHOOK=1 npx tsx examples/merchant/server.ts
 *
 * Settings and a walkthrough are in the README next to this file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, verifyWebhook, WebhookVerificationError } from '../../packages/node/src/index.js';

export interface MerchantAppOptions {
  /** Where the service is, e.g. `http://127.0.0.1:8080`; the page loads the SDK from `<serviceUrl>/sdk/idv.js`. */
  serviceUrl: string;
  /** Secret API key (`svc_…`). Used only server side. */
  apiKey: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** A `pk_…` key; without it one is created at start-up (needs `keys:write`). */
  publishableKey?: string;
  /** The secret of an endpoint already registered for `<publicUrl>/webhooks/idv`. */
  webhookSecret?: string;
  /** Registers `<publicUrl>/webhooks/idv` at start-up (needs `webhooks:write`) and deletes it on close. */
  registerWebhook?: boolean;
  /** Where the service reaches this app; default `http://<host>:<port>`. */
  publicUrl?: string;
}

export type Decision = 'approve' | 'review' | 'decline';

export interface ConfirmedOutcome {
  decision: Decision;
  score: number | null;
  reasons: string[];
  eventId: string;
  /** `created_at` of the event, to keep the newest when deliveries arrive out of order. */
  eventCreatedAt: string;
}

export interface WebhookReceipt {
  receivedAt: Date;
  signatureHeader: string | null;
  rawBody: string;
  /** 200 accepted, duplicate or ignored; 400 refused signature or body; 413; 503 before start-up ends. */
  status: number;
  result: 'accepted' | 'duplicate' | 'ignored' | `rejected: ${string}`;
}

export interface MerchantApp {
  url: string;
  port: number;
  publishableKey: string;
  /** The endpoint registered at start-up, or null when a secret was given. */
  webhookEndpointId: number | null;
  /** Outcome per verification id, as the webhook told it. */
  outcomes: ReadonlyMap<string, ConfirmedOutcome>;
  /** Every request to the webhook route, newest last (a real app would log these). */
  webhookReceipts: readonly WebhookReceipt[];
  close(): Promise<void>;
}

const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
/** Deliveries are well under 1 KB; anything far larger is not from the service. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
/** A real app keeps these in its database; the example bounds its memory instead. */
const MAX_REMEMBERED = 10_000;
const SERVICE_TIMEOUT_MS = 10_000;
/** How long the status route lets the service hold the request open for a decision (below the timeout above). */
const STATUS_WAIT_SECONDS = 5;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECISIONS: readonly string[] = ['approve', 'review', 'decline'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}

export async function startMerchantApp(options: MerchantAppOptions): Promise<MerchantApp> {
  if (!options.apiKey) throw new Error('apiKey is required');
  if (!options.webhookSecret && !options.registerWebhook) {
    throw new Error('give webhookSecret, or registerWebhook to register an endpoint at start-up');
  }
  const serviceUrl = new URL(options.serviceUrl).href.replace(/\/$/, '');
  const host = options.host ?? '127.0.0.1';
  const service = createClient({
    baseUrl: serviceUrl,
    apiKey: options.apiKey,
    timeoutMs: SERVICE_TIMEOUT_MS,
  });

  /** The page names the publishable key, known once the app listens (a new key lists the app's origin). */
  let page = '';
  const assets: Record<string, { type: string; body: string }> = {
    '/app.js': {
      type: 'text/javascript; charset=utf-8',
      body: fs.readFileSync(`${publicDir}app.js`, 'utf8'),
    },
    '/styles.css': {
      type: 'text/css; charset=utf-8',
      body: fs.readFileSync(`${publicDir}styles.css`, 'utf8'),
    },
  };
  const serviceOrigin = new URL(serviceUrl).origin;
  // No inline script or style: the only scripts are this app's and the SDK, the only frame the flow,
  // and the only connection to the service the SDK's check that this page may embed the flow.
  const pageHeaders = {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self' ${serviceOrigin}`,
      `frame-src ${serviceOrigin}`,
      `connect-src 'self' ${serviceOrigin}`,
      "style-src 'self'",
      "img-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };

  /** Verifications this app created; the status route answers only for these. */
  const created = new Map<string, true>();
  const outcomes = new Map<string, ConfirmedOutcome>();
  const seenEvents = new Map<string, true>();
  const webhookReceipts: WebhookReceipt[] = [];
  let webhookSecret = options.webhookSecret ?? '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  async function createVerification(res: http.ServerResponse): Promise<void> {
    // A real app creates the verification for its signed-in user (external_ref = your user or order id)
    // and would reuse it, minting a fresh token with POST /v1/verifications/{id}/client-token.
    const verification = await service.verifications.create({
      external_ref: `example-merchant-${crypto.randomUUID()}`,
    });
    remember(created, verification.id, true);
    json(res, 201, { client_token: verification.client_token });
  }

  /**
   * The outcome from the signed webhook; until it has arrived, the service is asked directly and
   * waits up to STATUS_WAIT_SECONDS for the decision (GET /v1/verifications/{id}?wait=), so the
   * page usually learns it in one request instead of polling. Both are server-to-server answers;
   * the browser's own onComplete status is never trusted.
   */
  async function statusOf(res: http.ServerResponse, id: string): Promise<void> {
    if (!created.has(id)) return json(res, 404, { error: 'unknown verification' });
    const outcome =
      outcomes.get(id) ??
      (await service.verifications
        .retrieve(id, { wait: STATUS_WAIT_SECONDS })
        .then((v) =>
          v.status === 'decided'
            ? { decision: v.decision!, score: v.score, reasons: v.decision_reasons }
            : undefined,
        ));
    if (!outcome) return json(res, 200, { verification_id: id, status: 'pending' });
    json(res, 200, {
      verification_id: id,
      status: 'decided',
      decision: outcome.decision,
      score: outcome.score,
      reasons: outcome.reasons,
    });
  }

  function receiveWebhook(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_WEBHOOK_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const header = req.headers['x-service-signature'];
      const signatureHeader = (Array.isArray(header) ? header[0] : header) ?? null;
      const raw = Buffer.concat(chunks);
      const finish = (status: number, result: WebhookReceipt['result']) => {
        webhookReceipts.push({
          receivedAt: new Date(),
          signatureHeader,
          rawBody: raw.toString('utf8'),
          status,
          result,
        });
        if (webhookReceipts.length > MAX_REMEMBERED) webhookReceipts.shift();
        json(res, status, { result });
      };
      if (size > MAX_WEBHOOK_BYTES) return finish(413, 'rejected: payload too large');
      // Until registration has returned the secret, anything signed with an empty key would pass.
      if (!webhookSecret) return finish(503, 'rejected: not ready');
      // The signature covers the bytes exactly as received, so it is checked before any parsing.
      let event: ReturnType<typeof verifyWebhook>;
      try {
        event = verifyWebhook(raw, signatureHeader, webhookSecret, { toleranceSeconds: 300 });
      } catch (error) {
        return finish(
          400,
          error instanceof WebhookVerificationError
            ? `rejected: ${error.reason}`
            : 'rejected: body is not JSON',
        );
      }
      if (seenEvents.has(event.id)) return finish(200, 'duplicate');
      remember(seenEvents, event.id, true);
      const { decision, score, reasons } = event.data ?? {};
      if (
        event.event !== 'verification.decided' ||
        !event.verification_id ||
        typeof decision !== 'string' ||
        !DECISIONS.includes(decision)
      ) {
        return finish(200, 'ignored');
      }
      const previous = outcomes.get(event.verification_id);
      // Deliveries can arrive out of order; the newest event wins.
      if (!previous || previous.eventCreatedAt <= event.created_at) {
        remember(outcomes, event.verification_id, {
          decision: decision as Decision,
          score: typeof score === 'number' ? score : null,
          reasons: Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : [],
          eventId: event.id,
          eventCreatedAt: event.created_at,
        });
      }
      finish(200, 'accepted');
    });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://merchant.invalid').pathname;
    const method = req.method ?? 'GET';
    const asset = path === '/' ? { type: 'text/html; charset=utf-8', body: page } : assets[path];
    if (asset && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, { 'content-type': asset.type, ...pageHeaders });
      res.end(method === 'HEAD' ? undefined : asset.body);
      return;
    }
    if (path === '/api/verification' && method === 'POST') {
      createVerification(res).catch((error: unknown) => {
        console.error(`creating a verification failed: ${(error as Error).message}`);
        json(res, 502, { error: 'the verification service is unavailable' });
      });
      return;
    }
    const status = /^\/api\/verification\/([^/]+)\/status$/.exec(path);
    if (status && method === 'GET') {
      const id = status[1]!;
      if (!UUID_PATTERN.test(id)) return json(res, 404, { error: 'not found' });
      statusOf(res, id.toLowerCase()).catch((error: unknown) => {
        console.error(`reading a verification failed: ${(error as Error).message}`);
        json(res, 502, { error: 'the verification service is unavailable' });
      });
      return;
    }
    if (path === '/webhooks/idv' && method === 'POST') return receiveWebhook(req, res);
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    json(res, 404, { error: 'not found' });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let publishableKey: string;
  try {
    // A live key frames the flow only for the origins it lists: this page's, as served and as published.
    const pageOrigins = [
      ...new Set([url, options.publicUrl ?? url].map((address) => new URL(address).origin)),
    ];
    publishableKey =
      options.publishableKey ??
      (
        await service.request('post', '/v1/publishable-keys', {
          body: { label: 'example merchant app', allowed_origins: pageOrigins },
        })
      ).publishable_key;
  } catch (error) {
    server.close();
    throw error;
  }
  page = fs
    .readFileSync(`${publicDir}index.html`, 'utf8')
    .replaceAll('%SERVICE_URL%', escapeHtml(serviceUrl))
    .replaceAll('%PUBLISHABLE_KEY%', escapeHtml(publishableKey));

  let webhookEndpointId: number | null = null;
  if (!options.webhookSecret) {
    const webhookUrl = `${(options.publicUrl ?? url).replace(/\/$/, '')}/webhooks/idv`;
    try {
      const endpoint = await service.webhooks.create({ url: webhookUrl, events: ['*'] });
      webhookEndpointId = endpoint.id;
      webhookSecret = endpoint.secret;
    } catch (error) {
      server.close();
      throw error;
    }
  }

  return {
    url,
    port,
    publishableKey,
    webhookEndpointId,
    outcomes,
    webhookReceipts,
    async close() {
      // The endpoint registered at start-up goes with the app, so restarts do not pile up dead endpoints.
      if (webhookEndpointId !== null) {
        await service.webhooks
          .remove(String(webhookEndpointId))
          .catch((error: unknown) =>
            console.error(
              `deleting webhook endpoint ${webhookEndpointId} failed: ${(error as Error).message}`,
            ),
          );
      }
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  if (!env.IDV_API_KEY || (!env.IDV_WEBHOOK_SECRET && env.IDV_REGISTER_WEBHOOK !== '1')) {
    console.error(
      'Set IDV_API_KEY, and IDV_WEBHOOK_SECRET or IDV_REGISTER_WEBHOOK=1 (see examples/merchant/README.md).',
    );
    process.exit(2);
  }
  const app = await startMerchantApp({
    serviceUrl: env.IDV_SERVICE_URL ?? 'http://127.0.0.1:8080',
    apiKey: env.IDV_API_KEY,
    port: Number(env.PORT ?? 3000),
    host: env.HOST,
    publishableKey: env.IDV_PUBLISHABLE_KEY,
    webhookSecret: env.IDV_WEBHOOK_SECRET,
    registerWebhook: env.IDV_REGISTER_WEBHOOK === '1',
    publicUrl: env.MERCHANT_PUBLIC_URL,
  });
  console.log(`merchant app on ${app.url} (webhooks at ${env.MERCHANT_PUBLIC_URL ?? app.url}/webhooks/idv)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}
