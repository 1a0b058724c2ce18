// Smoke test of a running service over HTTP, from a built tree (plain Node, no dev dependencies):
// a test-mode key, a webhook endpoint on a local receiver, one verification through the session
// routes with the service's sample images, submitted, decided, and its signed webhook delivered.
//   BASE_URL=http://127.0.0.1:8080 API_KEY=<root key> node scripts/smoke.js
/* global fetch */
// The service needs WEBHOOK_ALLOW_INSECURE=1 to deliver to the receiver on 127.0.0.1.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkWebhookSignature } from '../dist/packages/node/src/index.js';

const base = process.env.BASE_URL;
const rootKey = process.env.API_KEY;
const timeoutMs = Number(process.env.SMOKE_TIMEOUT_MS ?? 60_000);
if (!base || !rootKey) {
  console.error('usage: BASE_URL=… API_KEY=… node scripts/smoke.js');
  process.exit(2);
}

const delivered = [];
const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    delivered.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

async function call(method, path, { apiKey, token, body, status = 200 } = {}) {
  const headers = {
    ...(apiKey ? { 'x-api-key': apiKey } : {}),
    ...(token ? { 'x-client-token': token } : {}),
  };
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== status)
    throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const started = Date.now();
try {
  const key = await call('POST', '/v1/keys', {
    apiKey: rootKey,
    body: { label: 'smoke', scopes: ['*'], mode: 'test' },
    status: 201,
  });
  const endpoint = await call('POST', '/v1/webhooks', {
    apiKey: key.api_key,
    body: { url: `http://127.0.0.1:${receiver.address().port}/hook`, events: ['*'] },
    status: 201,
  });
  const created = await call('POST', '/v1/verifications', {
    apiKey: key.api_key,
    body: { external_ref: 'smoke' },
    status: 201,
  });
  const token = created.client_token;
  const sample = async (kind) => (await call('GET', `/v1/session/test-samples/${kind}`, { token })).image_b64;
  await call('POST', '/v1/session/consent', { token, body: { consent: true } });
  await call('POST', '/v1/session/document', {
    token,
    body: { side: 'front', image_b64: await sample('document_front') },
  });
  await call('POST', '/v1/session/document', {
    token,
    body: { side: 'back', image_b64: await sample('document_back') },
  });
  await call('POST', '/v1/session/selfie', { token, body: { frames_b64: [await sample('selfie')] } });
  await call('POST', '/v1/session/submit', { token, body: {} });
  const detail = await call('GET', `/v1/verifications/${created.id}`, { apiKey: key.api_key });
  if (!detail.decision) throw new Error(`submitted but not decided: ${JSON.stringify(detail)}`);

  const deadline = Date.now() + timeoutMs;
  let event;
  while (!event) {
    event = delivered.find((d) => {
      const body = JSON.parse(d.rawBody.toString());
      return body.event === 'verification.decided' && body.verification_id === created.id;
    });
    if (event) break;
    if (Date.now() > deadline) throw new Error(`no verification.decided webhook within ${timeoutMs} ms`);
    await sleep(100);
  }
  const signature = checkWebhookSignature(
    event.rawBody,
    String(event.headers['x-service-signature']),
    endpoint.secret,
  );
  if (!signature.valid) throw new Error(`webhook signature does not verify: ${JSON.stringify(signature)}`);
  console.log(
    JSON.stringify({
      verification_id: created.id,
      decision: detail.decision,
      webhook: 'delivered, signature valid',
      ms: Date.now() - started,
    }),
  );
  receiver.close();
} catch (error) {
  console.error(`smoke test failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
