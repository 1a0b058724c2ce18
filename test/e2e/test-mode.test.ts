import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { startService, type RunningService } from './helpers/service.js';
import { startMerchantApp } from '../../examples/merchant/server.js';

/**
 * Test mode in the hosted flow (docs/testing.md): with a test key's verification the flow shows the
 * banner, finishes on the service's sample images with the camera refused (getUserMedia is never
 * called), and offers the outcome chooser only when the merchant fixed no outcome at creation.
 */

let browser: Browser;
let service: RunningService;
let testKey: string;
let context: BrowserContext;
let page: Page;

async function api<T>(path: string, apiKey: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  // No camera permission: a flow that tried the camera would fail here.
  browser = await launchChromium([], { grantCamera: false });
  service = await startService({ ML_DISABLED: '1', WEBHOOK_ALLOW_INSECURE: '1' }, { background: true });
  testKey = (
    await api<{ api_key: string }>('/v1/keys', service.rootKey, {
      label: 'sandbox',
      scopes: ['*'],
      mode: 'test',
    })
  ).api_key;
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

beforeEach(async () => {
  // A desktop viewport: test mode keeps a desktop on this device instead of offering the phone.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __cameraCalls: number };
    w.__cameraCalls = 0;
    const devices = navigator.mediaDevices;
    if (devices) {
      const original = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) => {
        w.__cameraCalls += 1;
        return original(constraints);
      };
    }
  });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

async function agree(target: Page | Frame = page): Promise<void> {
  await target.waitForSelector('#consent');
  await target.check('#consent');
  await target.click('.actions .btn.primary');
}

async function useSamples(target: Page | Frame = page): Promise<void> {
  for (const title of ['Front of your licence', 'Back of your licence', 'Take a selfie']) {
    await target.waitForSelector(`h1:text("${title}")`);
    await target.click('[data-testid="use-sample"]');
  }
}

describe('the hosted flow in test mode', () => {
  it('completes without a camera on sample images, the outcome chosen in the flow', async () => {
    const created = await api<{ id: string; client_token: string; url: string }>(
      '/v1/verifications',
      testKey,
      { external_ref: 'e2e-test-mode', document_types: ['drivers_license'] },
    );
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(created.client_token)}`);
    await page.waitForSelector('#test-banner');
    expect(await page.textContent('#test-banner')).toContain('Test mode.');
    await agree();
    await useSamples();

    await page.waitForSelector('h1:text("Choose the outcome")');
    expect(await seriousViolations(page)).toEqual([]);
    await page.check('#outcome-ofac_possible_match');
    await page.check('#outcome-face_seen_before');
    await page.click('[data-testid="submit-outcome"]');
    await page.waitForSelector('.done-mark', { timeout: 30_000 });

    const decided = await api<{ status: string; decision: string; decision_reasons: string[]; mode: string }>(
      `/v1/verifications/${created.id}`,
      testKey,
    );
    expect(decided).toMatchObject({
      status: 'decided',
      mode: 'test',
      decision: 'review',
      decision_reasons: ['ofac_possible_match', 'face_seen_before'],
    });
    expect(await page.evaluate(() => (window as unknown as { __cameraCalls: number }).__cameraCalls)).toBe(0);
  });

  it('skips the chooser when the outcome was fixed at creation, in the flow’s other languages too', async () => {
    const created = await api<{ id: string; client_token: string }>('/v1/verifications', testKey, {
      external_ref: 'e2e-test-mode-fixed',
      document_types: ['drivers_license'],
      test_outcome: ['document_expired'],
    });
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(created.client_token)}&locale=es`);
    await page.waitForSelector('#test-banner');
    expect(await page.textContent('#test-banner')).toContain('Modo de prueba.');
    await agree();
    for (let step = 0; step < 3; step++) {
      await page.waitForSelector('[data-testid="use-sample"]:not([disabled])');
      const before = await page.textContent('h1');
      await page.click('[data-testid="use-sample"]');
      await page.waitForFunction((title) => document.querySelector('h1')?.textContent !== title, before);
    }
    await page.waitForSelector('.done-mark', { timeout: 30_000 });
    const decided = await api<{ decision: string; decision_reasons: string[] }>(
      `/v1/verifications/${created.id}`,
      testKey,
    );
    expect(decided).toMatchObject({ decision: 'decline', decision_reasons: ['document_expired'] });
    expect(await page.evaluate(() => (window as unknown as { __cameraCalls: number }).__cameraCalls)).toBe(0);
  });

  it('a live verification shows no banner and no sample button', async () => {
    const { clientToken } = await service.createVerification();
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
    await page.waitForSelector('#consent');
    expect(await page.$('#test-banner')).toBeNull();
    expect(await page.$('[data-testid="use-sample"]')).toBeNull();
  });

  it('the example merchant app on a test key: SDK modal, sample images, chosen outcome, signed webhook received', async () => {
    const merchant = await startMerchantApp({
      serviceUrl: service.origin,
      apiKey: testKey,
      port: 0,
      registerWebhook: true,
    });
    try {
      await page.goto(merchant.url);
      await page.click('#verify');
      const frame = (await (await page.waitForSelector('[data-idv-overlay] iframe')).contentFrame())!;
      await frame.waitForSelector('#test-banner');
      await agree(frame);
      // The example app accepts every document (it names none): the person picks the licence.
      await frame.click('[data-document-type="drivers_license"]');
      await useSamples(frame);
      await frame.waitForSelector('[data-testid="submit-outcome"]');
      await frame.check('#outcome-ofac_match');
      await frame.click('[data-testid="submit-outcome"]');
      // The page shows what the merchant server learnt from the signed webhook, not the callback.
      await page.waitForSelector('#status[data-outcome="decline"]', { timeout: 30_000 });
      const [verificationId, ...others] = [...merchant.outcomes.keys()];
      expect(others).toEqual([]);
      expect(merchant.outcomes.get(verificationId!)).toMatchObject({
        decision: 'decline',
        score: 90,
        reasons: ['ofac_match'],
      });
      expect(await frame.evaluate(() => (window as unknown as { __cameraCalls: number }).__cameraCalls)).toBe(
        0,
      );
    } finally {
      await merchant.close();
    }
  });
});
