import type { Browser, BrowserContext, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { driveCapture } from './helpers/capture.js';
import { cardBackFrame, fakeCameraArg } from './helpers/fake-camera.js';
import { startParentServer, type RunningServer } from './helpers/servers.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * Desktop-to-phone handoff through the real service: the desktop opens the SDK modal at 1280×800 with a
 * mouse, the flow offers a QR code and link, a phone-sized second context opens the link and completes
 * the capture with Chromium's fake camera, and the desktop's SDK receives `complete`.
 */

let browser: Browser;
let service: RunningService;
let parent: RunningServer & { origin: string };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium([fakeCameraArg('e2e-handoff-back', await cardBackFrame())]);
  service = await startService({ ML_DISABLED: '1' });
  parent = await startParentServer(service.origin);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await service?.close();
  await parent?.close();
});

async function phoneContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  contexts.push(context);
  return context;
}

describe('continue on your phone', () => {
  it('the desktop shows a QR code; the phone completes the capture once; the desktop SDK gets complete', async () => {
    const { id, clientToken } = await service.createVerification();
    const publicKey = await service.createPublishableKey([parent.origin]);
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(desktop);
    const page = await desktop.newPage();
    await page.goto(parent.origin);
    await page.evaluate(
      async ({ key, token }) => {
        const w = window as unknown as {
          makeClient(c: Record<string, unknown>): { open(): Promise<void> };
        };
        await w.makeClient({ publicKey: key, sessionToken: token }).open();
      },
      { key: publicKey, token: clientToken },
    );
    const frame: Frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.waitForSelector('h1:text("Verify your identity")');
    await frame.check('#consent');
    await frame.click('button:text("Agree and continue")');

    await frame.waitForSelector('h1:text("Continue on your phone")');
    const qr = await frame.waitForSelector('img.qr[src^="data:image/png;base64,"]');
    expect(await qr.getAttribute('alt')).toBe('QR code that opens this verification on your phone');
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);
    const link = await frame.inputValue('#handoff-link');
    expect(link).toMatch(new RegExp(`^${service.flowUrl}#handoff=ho_[A-Za-z0-9_-]{22}$`));
    expect(link).not.toContain(clientToken);
    expect(await frame.locator('#handoff-expiry').innerText()).toMatch(/until \d{1,2}:\d{2}\s?[AP]M/);
    expect(await seriousViolations(frame)).toEqual([]);

    const phone = await (await phoneContext()).newPage();
    await phone.goto(link);
    // The phone continues at the current step (consent was given on the desktop).
    await phone.waitForSelector('h1:text("Front of your licence")', { timeout: 30_000 });
    expect(new URL(phone.url()).hash).toBe('');
    await frame.waitForSelector('.handoff-status:text("Continuing on your phone")');
    expect(await frame.locator('img.qr').isVisible()).toBe(false);
    expect(await seriousViolations(frame)).toEqual([]);

    await driveCapture(phone, { startAt: 'document_front' });
    expect(await phone.locator('.hint').last().innerText()).toBe(
      'You can go back to the device where you started.',
    );

    await page.waitForFunction(
      () => (window as unknown as { __completes: unknown[] }).__completes.length > 0,
      {
        timeout: 30_000,
      },
    );
    await frame.waitForSelector('h1:text("Thank you")');
    const recorded = await page.evaluate(() => {
      const w = window as unknown as {
        __events: Array<{ type: string; payload?: { step?: string } }>;
        __completes: Array<{ verificationId: string; status: string }>;
      };
      return { events: w.__events, completes: w.__completes };
    });
    expect(recorded.completes).toHaveLength(1);
    expect(recorded.completes[0]!.verificationId).toBe(id);
    expect(recorded.completes[0]!.status).toMatch(/^(approved|in_review|declined)$/);
    // The desktop's step events follow the phone.
    const steps = recorded.events.filter((e) => e.type === 'step').map((e) => e.payload?.step);
    expect(steps.slice(0, 2)).toEqual(['welcome', 'handoff']);
    expect(steps.at(-1)).toBe('done');

    // The link works once: a second device gets a clear message.
    const other = await (await phoneContext()).newPage();
    await other.goto(link);
    await other.waitForSelector('h1:text("We can\'t continue")');
    expect(await other.locator('.notice.error').innerText()).toBe(
      'This link has already been used on another device. To continue here, scan a new code from the device where you started.',
    );
    expect(await seriousViolations(other)).toEqual([]);
    // Two devices through the whole capture: 35–38 s in the full suite on two cores.
  }, 120_000);

  it('"Use this device instead" goes to the camera, and the document step offers the phone again', async () => {
    const { clientToken } = await service.createVerification();
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(desktop);
    const page = await desktop.newPage();
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
    await page.check('#consent');
    await page.click('button:text("Agree and continue")');
    await page.waitForSelector('img.qr[src^="data:"]');
    // Keyboard only: Tab reaches the link field, Copy link and the way out, in reading order.
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || ''),
      );
    }
    expect(order).toEqual(['handoff-link', 'Copy link', 'Use this device instead']);
    await page.keyboard.press('Enter');
    await page.waitForSelector('h1:text("Front of your licence")');
    await page.click('button:text("Continue on your phone")');
    await page.waitForSelector('h1:text("Continue on your phone")');
    await page.waitForSelector('img.qr[src^="data:"]');
  });
});
