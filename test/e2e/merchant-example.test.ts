import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchantApp, type MerchantApp } from '../../examples/merchant/server.js';
import { signWebhookPayload } from '../../src/core/webhooks/signature.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { driveCapture, pressDoneThatClosesTheModal } from './helpers/capture.js';
import { cardBackFrame, fakeCameraArg } from './helpers/fake-camera.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * The example merchant app (examples/merchant) in front of the real service: a shopper on a phone opens
 * the SDK modal from the merchant page, the fake camera drives the whole capture, the service signs and
 * posts `verification.decided` to the merchant, and the page shows the outcome the merchant server
 * confirmed. ML is disabled, so the decision is capped at review.
 */

/** Just what the app needs, plus the reads this test makes with the same key. */
const MERCHANT_SCOPES = [
  'verifications:write',
  'verifications:read',
  'keys:write',
  'webhooks:write',
  'webhooks:read',
];

/** What the page tells the shopper for each decision (examples/merchant/public/app.js). */
const MESSAGES: Record<string, RegExp> = {
  approve: /identity is verified/,
  review: /reviewing your details/,
  decline: /could not verify your identity/,
};

let browser: Browser;
let service: RunningService;
let merchant: MerchantApp;
let apiKey: string;

async function serviceGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.origin}${path}`, { headers: { 'x-api-key': apiKey } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

function postWebhook(body: string, signature: string): Promise<Response> {
  return fetch(`${merchant.url}/webhooks/idv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-signature': signature },
    body,
  });
}

beforeAll(async () => {
  [browser, service] = await Promise.all([
    cardBackFrame().then((frame) => launchChromium([fakeCameraArg('merchant-back', frame)])),
    startService({ ML_DISABLED: '1', WEBHOOK_ALLOW_INSECURE: '1' }, { background: true }),
  ]);
  const created = await fetch(`${service.origin}/v1/keys`, {
    method: 'POST',
    headers: { 'x-api-key': service.rootKey, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'example merchant', scopes: MERCHANT_SCOPES }),
  });
  apiKey = ((await created.json()) as { api_key: string }).api_key;
  merchant = await startMerchantApp({ serviceUrl: service.origin, apiKey, port: 0, registerWebhook: true });
});

afterAll(async () => {
  await merchant?.close();
  await browser?.close();
  await service?.close();
});

describe('the example merchant app', () => {
  it('on a phone: SDK modal, whole capture, signed webhook, server-confirmed outcome, no secret in the page', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
        consoleProblems.push(message.text());
      }
    });
    const merchantBodies: Array<Promise<{ url: string; body: string }>> = [];
    page.on('response', (response) => {
      if (response.url().startsWith(merchant.url)) {
        merchantBodies.push(response.text().then((body) => ({ url: response.url(), body })));
      }
    });

    try {
      await page.goto(merchant.url);
      expect(await seriousViolations(page)).toEqual([]);
      await page.click('#verify');
      const frame = (await (await page.waitForSelector('[data-idv-overlay] iframe')).contentFrame())!;
      await driveCapture(frame);

      await page.waitForSelector(
        '#status[data-outcome="approve"], #status[data-outcome="review"], #status[data-outcome="decline"]',
      );
      await pressDoneThatClosesTheModal(page, frame);

      // What the service decided, what the webhook said, and what the page shows all agree.
      const [verificationId, ...others] = [...merchant.outcomes.keys()];
      expect(others).toEqual([]);
      const verification = await serviceGet<{ status: string; decision: string; score: number }>(
        `/v1/verifications/${verificationId}`,
      );
      expect(verification.status).toBe('decided');
      const outcome = merchant.outcomes.get(verificationId!)!;
      expect(outcome.decision).toBe(verification.decision);
      expect(outcome.score).toBe(verification.score);
      expect(await page.getAttribute('#status', 'data-outcome')).toBe(verification.decision);
      expect(await page.locator('#status').innerText()).toMatch(MESSAGES[verification.decision]!);

      // The merchant accepted exactly one delivery, signed as docs/webhooks.md says, and the service saw its 200.
      const accepted = merchant.webhookReceipts.filter((r) => r.result === 'accepted');
      expect(accepted).toHaveLength(1);
      const receipt = accepted[0]!;
      const event = JSON.parse(receipt.rawBody) as {
        id: string;
        event: string;
        verification_id: string;
        data: { decision: string };
      };
      expect(event).toMatchObject({
        id: outcome.eventId,
        event: 'verification.decided',
        verification_id: verificationId,
        data: { decision: verification.decision },
      });
      const signature = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(receipt.signatureHeader ?? '');
      expect(signature).not.toBeNull();
      expect(Math.abs(Date.now() / 1000 - Number(signature![1]))).toBeLessThan(300);
      const deliveries = () =>
        serviceGet<{
          data: Array<{
            event: string;
            event_id: string;
            status: string;
            attempts: Array<{ status_code: number | null }>;
          }>;
        }>(`/v1/webhooks/${merchant.webhookEndpointId}/deliveries`);
      // The service records the attempt just after the merchant's answer, which may be after the page updates.
      await expect
        .poll(async () => (await deliveries()).data.every((d) => d.status === 'delivered'))
        .toBe(true);
      // Subscribed with `*`, the app hears the whole lifecycle and acts on the decision alone.
      const all = (await deliveries()).data;
      expect(all.map((d) => d.event).sort()).toEqual([
        'verification.created',
        'verification.decided',
        'verification.processing',
      ]);
      const delivery = all.find((d) => d.event === 'verification.decided');
      expect(delivery!.event_id).toBe(event.id);
      expect(delivery!.attempts.map((a) => a.status_code)).toEqual([200]);

      // Only a signature made with the endpoint's secret over these exact bytes is accepted.
      const other = verification.decision === 'approve' ? 'decline' : 'approve';
      const tampered = receipt.rawBody.replace(
        `"decision":"${verification.decision}"`,
        `"decision":"${other}"`,
      );
      expect(tampered).not.toBe(receipt.rawBody);
      const forged = tampered.replace(event.id, crypto.randomUUID());
      const wrongSecret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
      for (const [body, header] of [
        [tampered, receipt.signatureHeader!],
        [forged, signWebhookPayload(forged, wrongSecret, Math.floor(Date.now() / 1000))],
      ] as const) {
        const refused = await postWebhook(body, header);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({ result: 'rejected: signature_mismatch' });
      }
      const replay = await postWebhook(receipt.rawBody, receipt.signatureHeader!);
      expect(await replay.json()).toEqual({ result: 'duplicate' });
      expect(merchant.outcomes.get(verificationId!)).toEqual(outcome);

      // The browser only ever got the publishable key and a client token from the merchant.
      const bodies = await Promise.all(merchantBodies);
      expect(bodies.map((b) => new URL(b.url).pathname)).toEqual(
        expect.arrayContaining(['/', '/app.js', '/styles.css', '/api/verification']),
      );
      const tokenResponse = bodies.find((b) => b.url.endsWith('/api/verification'))!;
      expect(Object.keys(JSON.parse(tokenResponse.body) as object)).toEqual(['client_token']);
      expect(bodies.find((b) => new URL(b.url).pathname === '/')!.body).toContain(merchant.publishableKey);
      for (const { url, body } of bodies) expect(body.includes(apiKey), url).toBe(false);
      expect((await page.content()).includes(apiKey)).toBe(false);

      expect(await seriousViolations(page)).toEqual([]);
      expect(consoleProblems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('answers status only for its own verifications, and pending until the webhook arrives', async () => {
    const created = await fetch(`${merchant.url}/api/verification`, { method: 'POST' });
    expect(created.status).toBe(201);
    const { client_token: clientToken } = (await created.json()) as { client_token: string };
    const state = await fetch(`${service.origin}/v1/session/state`, {
      headers: { 'x-client-token': clientToken },
    });
    const { verification_id: id } = (await state.json()) as { verification_id: string };
    expect(await (await fetch(`${merchant.url}/api/verification/${id}/status`)).json()).toEqual({
      verification_id: id,
      status: 'pending',
    });
    expect((await fetch(`${merchant.url}/api/verification/${crypto.randomUUID()}/status`)).status).toBe(404);
  });

  it('registers its webhook endpoint at start-up and deletes it on close; will not start without one', async () => {
    const endpoints = () => serviceGet<Array<{ id: number; url: string; events: string[] }>>('/v1/webhooks');
    const second = await startMerchantApp({ serviceUrl: service.origin, apiKey, registerWebhook: true });
    expect((await endpoints()).find((e) => e.id === second.webhookEndpointId)).toEqual({
      id: second.webhookEndpointId,
      url: `${second.url}/webhooks/idv`,
      events: ['*'],
      active: true,
    });
    await second.close();
    expect((await endpoints()).map((e) => e.id)).toEqual([merchant.webhookEndpointId]);
    await expect(startMerchantApp({ serviceUrl: service.origin, apiKey })).rejects.toThrow(/webhookSecret/);
  });
});
