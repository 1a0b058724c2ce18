import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookSignature } from '../../packages/node/src/index.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { seedReviewQueue } from './helpers/review-queue.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * The review console against the real service (embedded PGlite, webhook worker running): sign in,
 * the queue, one verification's evidence, approve with a note, the queue shrinks, the webhook arrives.
 * Screenshots go to CONSOLE_SCREENSHOTS_DIR (docs/screenshots to refresh the docs) or a temp folder.
 */

const screenshotDir =
  process.env.CONSOLE_SCREENSHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));

const SCOPE_PROBE_ID = '00000000-0000-4000-8000-000000000000';

let browser: Browser;
let service: RunningService;
let receiver: Receiver;
let reviewerKey: { id: number; api_key: string };
let webhookSecret: string;
let seeded: Array<{ id: string; external_ref: string }>;

async function asRoot<T>(pathname: string, body: unknown, apiKey = service.rootKey): Promise<T> {
  const response = await fetch(`${service.origin}${pathname}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  fs.mkdirSync(screenshotDir, { recursive: true });
  service = await startService({ ML_DISABLED: '1', WEBHOOK_ALLOW_INSECURE: '1' }, { background: true });
  receiver = await startReceiver();
  reviewerKey = await asRoot('/v1/keys', {
    label: 'review desk',
    scopes: ['verifications:write', 'verifications:read', 'verifications:review', 'webhooks:write'],
  });
  webhookSecret = (
    await asRoot<{ secret: string }>(
      '/v1/webhooks',
      // One delivery per seeded decision and one for the review (`*` would add every lifecycle event).
      { url: receiver.url, events: ['verification.decided', 'verification.reviewed'] },
      reviewerKey.api_key,
    )
  ).secret;
  seeded = await seedReviewQueue(service.origin, reviewerKey.api_key, [
    'order-1041',
    'order-1042',
    'order-1043',
  ]);
  // One verification.decided per seeded verification.
  await receiver.waitForRequests(seeded.length, 20_000);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await service?.close();
});

async function openConsole(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // Sign-in's scope probe reviews a verification that cannot exist; its 404 is the expected answer.
    if (message.location().url.endsWith(`/v1/verifications/${SCOPE_PROBE_ID}/review`)) return;
    if (message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${service.origin}/console`);
  await page.waitForSelector('h1:text("Sign in")');
  return { context, page, problems };
}

async function signIn(page: Page, key: string): Promise<void> {
  await page.fill('#api-key', key);
  await page.click('button:text("Sign in")');
}

describe('review console', () => {
  it('is served with a strict CSP and hashed, immutable assets', async () => {
    const response = await fetch(`${service.origin}/console`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:\/\//);
    const html = await response.text();
    const script = /src="(\/console\/assets\/main-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${service.origin}${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('refuses a key without the review scope and a key it does not know', async () => {
    const readOnly = await asRoot<{ api_key: string }>('/v1/keys', {
      label: 'reader',
      scopes: ['verifications:read'],
    });
    const { context, page } = await openConsole({ width: 1280, height: 800 });
    await signIn(page, readOnly.api_key);
    await page.waitForSelector('#key-error:text("missing scope: verifications:review")');
    await signIn(page, 'svc_unknown');
    await page.waitForSelector('#key-error:text("invalid API key")');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await context.close();
  });

  it('signs in, shows the queue, opens one, approves it with a note; the queue shrinks and the webhook arrives', async () => {
    const { context, page, problems } = await openConsole({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshotDir, 'console-sign-in-1280x900.png') });

    await signIn(page, reviewerKey.api_key);
    await page.waitForSelector('#queue-status:text("3 verifications awaiting review")');
    // The key is in this tab's session storage only, never in the address or in local storage.
    expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([reviewerKey.api_key]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(page.url()).not.toContain(reviewerKey.api_key);
    const refs = await page.locator('table.queue tbody a').allInnerTexts();
    expect(refs).toEqual(['order-1043', 'order-1042', 'order-1041']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshotDir, 'console-queue-1280x900.png') });

    // Keyboard: j moves to the second row, Enter opens it.
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    const target = seeded.find((s) => s.external_ref === 'order-1042')!;
    await page.waitForSelector('h1:text("order-1042")');
    expect(page.url()).toBe(`${service.origin}/console#/verifications/${target.id}`);
    // Every image arrived through its signed link and decoded.
    await page.waitForFunction(() => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>('#media img'));
      return images.length === 5 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    const sources = await page
      .locator('#media img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    for (const src of sources) expect(src).toMatch(/\/v1\/media\/[^?]+\?expires=\d+&signature=/);
    expect(await page.locator('#media figcaption').allInnerTexts()).toEqual([
      'Licence front',
      'Licence back',
      'Selfie frame 1',
      'Selfie frame 2',
      'Selfie frame 3',
    ]);
    await expect(page.locator('#licence').innerText()).resolves.toContain('D1234562');
    await expect(page.locator('#face-match').innerText()).resolves.toContain('This check could not run');
    await expect(page.locator('#audit').innerText()).resolves.toContain('verification.decided');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(screenshotDir, 'console-verification-1280x900.png'),
      fullPage: true,
    });

    await page.keyboard.press('a');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('note');
    expect(await page.isChecked('#decision-approve')).toBe(true);
    await page.keyboard.type('Portrait and selfie show the same person; licence fields consistent.');
    await page.keyboard.press('Control+Enter');

    await page.waitForSelector('#queue-status:text("2 verifications awaiting review")');
    await page.waitForSelector('.notice.ok:text("Approved order-1042.")');
    expect(await page.locator('table.queue tbody a').allInnerTexts()).toEqual(['order-1043', 'order-1041']);
    await page.screenshot({ path: path.join(screenshotDir, 'console-after-review-1280x900.png') });

    const requests = await receiver.waitForRequests(seeded.length + 1, 10_000);
    const delivery = requests.at(-1)!;
    const body = JSON.parse(delivery.rawBody.toString('utf8'));
    expect(body).toMatchObject({
      event: 'verification.reviewed',
      verification_id: target.id,
      data: { decision: 'approve', automatic_decision: 'review', reviewer_key_id: reviewerKey.id },
    });
    expect(
      checkWebhookSignature(
        delivery.rawBody,
        delivery.headers['x-service-signature'] as string,
        webhookSecret,
      ),
    ).toMatchObject({ valid: true });

    const detail = await (
      await fetch(`${service.origin}/v1/verifications/${target.id}`, {
        headers: { 'x-api-key': reviewerKey.api_key },
      })
    ).json();
    expect(detail).toMatchObject({
      decision: 'review',
      final_decision: 'approve',
      review: { note: 'Portrait and selfie show the same person; licence fields consistent.' },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations on a phone, and documents its shortcuts', async () => {
    const { context, page, problems } = await openConsole({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, reviewerKey.api_key);
    await page.waitForSelector('#queue-status:text("awaiting review")');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('?');
    await page.waitForSelector('dialog#shortcuts[open]');
    expect(await page.locator('dialog#shortcuts').innerText()).toContain('Choose Approve and go to the note');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('table.queue tbody a').first().click();
    await page.waitForSelector('#decision-form');
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: path.join(screenshotDir, 'console-verification-390x844.png'),
      fullPage: true,
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
