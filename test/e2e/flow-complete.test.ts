import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations, type AxeViolation } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { driveCapture, pressDoneThatClosesTheModal } from './helpers/capture.js';
import sharp from 'sharp';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  cardBackFrame,
  cardFrontFrame,
  fakeCameraArg,
  framePhoto,
} from './helpers/fake-camera.js';
import { startParentServer, type RunningServer } from './helpers/servers.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * Whole captures through the real service, with Chromium's fake camera showing the back of a drawn
 * licence for every step (front photo, live PDF417 read, selfie frames). ML is disabled, so the
 * decision is capped at review; what is checked here is the flow and its events, not the checks.
 */

let browser: Browser;
let service: RunningService;
let parent: RunningServer & { origin: string };
let context: BrowserContext;
let page: Page;
let cspViolations: string[];

const SDK_STATUS: Record<string, string> = { approve: 'approved', review: 'in_review', decline: 'declined' };

beforeAll(async () => {
  browser = await launchChromium([fakeCameraArg('e2e-back', await cardBackFrame())]);
  service = await startService({ ML_DISABLED: '1' });
  parent = await startParentServer(service.origin);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await parent?.close();
});

beforeEach(async () => {
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  page = await context.newPage();
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});

afterEach(async () => {
  await context.close();
});

async function decisionOf(id: string): Promise<string> {
  const response = await fetch(`${service.origin}/v1/verifications/${id}`, {
    headers: { 'x-api-key': service.rootKey },
  });
  const body = (await response.json()) as { status: string; decision: string };
  expect(body.status).toBe('decided');
  return body.decision;
}

/**
 * Drives the flow through the shared capture helper, scanning every screen with axe; then waits for
 * the done screen unless the flow is about to navigate away (redirect mode).
 */
async function completeCapture(
  target: Page | Frame,
  waitForDone = true,
): Promise<Record<string, AxeViolation[]>> {
  const audits: Record<string, AxeViolation[]> = {};
  await driveCapture(target, {
    waitForDone,
    onScreen: async (text) => {
      audits[`${Object.keys(audits).length + 1}. ${text}`] = await seriousViolations(target);
    },
  });
  return audits;
}

function noViolations(audits: Record<string, AxeViolation[]>): Record<string, AxeViolation[]> {
  return Object.fromEntries(Object.keys(audits).map((screen) => [screen, []]));
}

describe('a complete capture', () => {
  it('in the SDK modal: step events in order, onComplete once with the decided status, Done closes without onExit', async () => {
    const { id, clientToken } = await service.createVerification();
    const publicKey = await service.createPublishableKey([parent.origin]);
    await page.goto(parent.origin);
    await page.evaluate(
      async ({ key, token }) => {
        const w = window as unknown as {
          client: { isOpen: boolean };
          makeClient(c: Record<string, unknown>): { open(): Promise<void>; isOpen: boolean };
        };
        const client = w.makeClient({ publicKey: key, sessionToken: token });
        w.client = client;
        await client.open();
      },
      { key: publicKey, token: clientToken },
    );
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    // Every screen on the way is scanned with axe-core as well.
    const audits = await completeCapture(frame);
    expect(audits).toEqual(noViolations(audits));
    expect(Object.keys(audits)).toHaveLength(6);

    const recorded = await page.evaluate(() => {
      const w = window as unknown as {
        __events: Array<{ type: string; payload?: { step?: string } }>;
        __completes: unknown[];
      };
      return { events: w.__events, completes: w.__completes };
    });
    const steps = recorded.events.filter((e) => e.type === 'step').map((e) => e.payload?.step);
    expect(steps).toEqual(['welcome', 'document_front', 'document_back', 'selfie', 'submitting', 'done']);
    expect(recorded.events.filter((e) => e.type === 'error')).toEqual([]);
    const status = SDK_STATUS[await decisionOf(id)];
    expect(recorded.completes).toEqual([{ verificationId: id, status }]);

    await pressDoneThatClosesTheModal(page, frame);
    expect(await page.evaluate(() => (window as unknown as { __exits: string[] }).__exits)).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('in redirect mode: returns to redirect_url with verification_id and status', async () => {
    const { id, clientToken } = await service.createVerification();
    await page.goto(parent.origin);
    await page.evaluate(
      async ({ token, returnTo }) => {
        const w = window as unknown as { makeClient(c: Record<string, unknown>): { open(): Promise<void> } };
        await w.makeClient({ mode: 'redirect', sessionToken: token, redirectUrl: returnTo }).open();
      },
      { token: clientToken, returnTo: `${parent.origin}/return?order=42` },
    );
    await page.waitForURL((url) => url.href.startsWith(service.flowUrl));
    const returned = page.waitForURL((url) => url.pathname === '/return', { timeout: 60_000 });
    await completeCapture(page, false);
    await returned;
    const url = new URL(page.url());
    expect(url.origin).toBe(parent.origin);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: '42',
      verification_id: id,
      status: SDK_STATUS[await decisionOf(id)],
    });
  });

  it('resumes at the step the server is at after a reload', async () => {
    const { clientToken } = await service.createVerification();
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
    await page.waitForSelector('h1:text("Verify your identity")');
    await page.check('#consent');
    await page.click('button:text("Agree and continue")');
    await page.waitForSelector('h1:text("Front of your licence")');
    // The token left the address bar; the reload resumes from sessionStorage and the server's state.
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await page.waitForSelector('h1:text("Front of your licence")');
    expect(await page.locator('.progress-label').innerText()).toBe('Step 2 of 4: Licence front');
  });

  it('a blurred front is called blurred at review, retaking is offered first, and a sharp one is not', async () => {
    const blocked = await launchChromium([], { grantCamera: false });
    try {
      const sharpFront = await cardFrontFrame();
      const blurredFront = await sharp(sharpFront, {
        raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 },
      })
        .blur(3)
        .raw()
        .toBuffer();
      const photos = {
        sharp: await framePhoto('front-sharp', sharpFront, 'jpeg'),
        blurred: await framePhoto('front-blurred', blurredFront, 'jpeg'),
      };
      const { clientToken } = await service.createVerification();
      const own = await blocked.newPage({ viewport: { width: 390, height: 844 } });
      await own.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
      await own.waitForSelector('h1:text("Verify your identity")');
      await own.check('#consent');
      await own.click('button:text("Agree and continue")');
      await own.waitForSelector('text=Camera access is blocked');
      await own.setInputFiles('input[type="file"]', photos.blurred);
      await own.waitForSelector('img[alt="Your photo of the front of your licence"]');
      const notice = own.locator('p.notice');
      expect(await notice.innerText()).toMatch(/looks blurred/);
      expect(await notice.getAttribute('class')).toBe('notice');
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await own.getAttribute('button:text("Retake")', 'class')).toContain('primary');
      expect(await own.getAttribute('button:text("Use this photo")', 'class')).toContain('secondary');
      await own.click('button:text("Retake")');
      await own.waitForSelector('text=Camera access is blocked');
      await own.setInputFiles('input[type="file"]', photos.sharp);
      await own.waitForSelector('img[alt="Your photo of the front of your licence"]');
      expect(await own.locator('p.notice').innerText()).toMatch(/all four corners/);
      expect(await own.locator('p.notice').getAttribute('class')).toBe('notice ok');
      expect(await own.getAttribute('button:text("Use this photo")', 'class')).toContain('primary');
    } finally {
      await blocked.close();
    }
  });

  it('without camera permission, photos and a file chosen instead complete every step', async () => {
    const blocked = await launchChromium([], { grantCamera: false });
    try {
      const photos = {
        front: await framePhoto('front', await cardFrontFrame(), 'jpeg'),
        back: await framePhoto('back', await cardBackFrame(), 'png'),
      };
      const { id, clientToken } = await service.createVerification();
      const own = await blocked.newPage({ viewport: { width: 390, height: 844 } });
      const heading = (text: string) => own.waitForSelector(`h1:text("${text}")`, { timeout: 30_000 });
      await own.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
      await heading('Verify your identity');
      await own.check('#consent');
      await own.click('button:text("Agree and continue")');
      await own.waitForSelector('text=Camera access is blocked');
      expect(await own.getAttribute('input[type="file"]', 'capture')).toBe('environment');
      await own.setInputFiles('input[type="file"]', photos.front);
      await own.waitForSelector('img[alt="Your photo of the front of your licence"]');
      await own.click('button:text("Use this photo")');
      await heading('Back of your licence');
      await own.setInputFiles('input[type="file"]', photos.back);
      await own.waitForSelector('img[alt="Your photo of the back of your licence"]');
      // The PDF417 was read from the chosen file in the browser.
      expect(await own.locator('.notice.ok').innerText()).toMatch(/We read the barcode/);
      await own.click('button:text("Use this photo")');
      await heading('Take a selfie');
      await own.waitForSelector('text=Camera access is blocked');
      expect(await own.getAttribute('input[type="file"]', 'capture')).toBe('user');
      await own.setInputFiles('input[type="file"]', [photos.front, photos.front, photos.front]);
      await heading('Thank you');
      expect(await decisionOf(id)).toMatch(/^(approve|review|decline)$/);
    } finally {
      await blocked.close();
    }
  });
});
