import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { startParentServer, type RunningServer } from './helpers/servers.js';
import { startService, type RunningService } from './helpers/service.js';

/** The flow against the real service (embedded PGlite): the welcome step, consent and the key check. */

let browser: Browser;
let service: RunningService;
let parent: RunningServer & { origin: string };
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  service = await startService({ ML_DISABLED: '1' });
  parent = await startParentServer(service.origin);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await parent?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

async function openStandalone(): Promise<void> {
  const { clientToken } = await service.createVerification();
  await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
  await page.waitForSelector('h1:text("Verify your identity")');
}

describe('welcome step', () => {
  it('has no serious accessibility violations, in light on a phone and dark on a desktop', async () => {
    await openStandalone();
    expect(await page.locator('.progress-label').innerText()).toBe('Step 1 of 4: Agree');
    expect(await seriousViolations(page)).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(17, 20, 24)',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is usable by keyboard: consent is required, then the camera step starts', async () => {
    await openStandalone();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('screen-title');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Agree and continue');
    await page.keyboard.press('Enter');
    expect(await page.locator('#consent-error').innerText()).toMatch(/Tick the box/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent');
    expect(await page.getAttribute('#consent', 'aria-invalid')).toBe('true');

    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('h1:text("Front of your licence")');
    expect(await page.locator('.progress-label').innerText()).toBe('Step 2 of 4: Licence front');
    // Chromium's fake camera stands in for the device camera.
    await page.waitForSelector('.scan-status:text("Camera on")');
    // The announcement lands a tick after the visible status (ui.ts announce), so it is waited for.
    await page.waitForSelector('#live:text("Camera on")');
    expect(await page.locator('button:text("Take photo")').isEnabled()).toBe(true);
  });
});

describe('publishable key check (POST /v1/session/init)', () => {
  async function openWithKey(publicKey: string): Promise<void> {
    const { clientToken } = await service.createVerification();
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
  }

  it('shows the welcome step when the key belongs to the verification’s merchant', async () => {
    await openWithKey(await service.createPublishableKey([parent.origin]));
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.waitForSelector('h1:text("Verify your identity")');
    const types = await page.evaluate(() =>
      (window as unknown as { __events: Array<{ type: string }> }).__events.map((e) => e.type),
    );
    expect(types).toEqual(['ready', 'step']);
  });

  it('refuses to continue, with an error screen and an error event, when the key is another merchant’s', async () => {
    const otherMerchant = await service.createOtherAccountKey();
    await openWithKey(await service.createPublishableKey([parent.origin], otherMerchant));
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.waitForSelector('h1:text("We can\'t continue")');
    expect(await frame.locator('.notice').innerText()).toMatch(/not set up correctly/);
    const errors = await page.evaluate(() =>
      (window as unknown as { __events: Array<{ type: string; payload: unknown }> }).__events.filter(
        (e) => e.type === 'error',
      ),
    );
    expect(errors).toEqual([
      {
        type: 'error',
        payload: expect.objectContaining({
          code: 'publishable_key_mismatch',
          status: 403,
          detail: 'publishable key does not match this verification',
        }),
      },
    ]);
    expect(await frame.locator('h1:text("Verify your identity")').count()).toBe(0);
  });
});

describe('return address check (redirect mode)', () => {
  it('ends the flow before any step when redirect_url is not on an origin the merchant allowed', async () => {
    const { clientToken } = await service.createVerification();
    const fragment = new URLSearchParams({ token: clientToken, redirect_url: 'https://evil.example/phish' });
    await page.goto(`${service.flowUrl}#${fragment.toString()}`);
    await page.waitForSelector('h1:text("We can\'t continue")');
    expect(await page.locator('.notice').innerText()).toMatch(/not set up for identity verification/);
    expect(await page.locator('h1:text("Verify your identity")').count()).toBe(0);
    expect(await page.locator('a[href^="https://evil.example"]').count()).toBe(0);
  });

  it('starts normally when redirect_url is on the loopback', async () => {
    const { clientToken } = await service.createVerification();
    const fragment = new URLSearchParams({ token: clientToken, redirect_url: `${parent.origin}/done` });
    await page.goto(`${service.flowUrl}#${fragment.toString()}`);
    await page.waitForSelector('h1:text("Verify your identity")');
  });
});

describe('a frame the SDK did not set up', () => {
  /** Frames the flow from the merchant page's origin, with the page address and fragment given. */
  async function frameFlow(query: string, fragment: Record<string, string>): Promise<void> {
    await page.goto(parent.origin);
    await page.evaluate(
      (src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
      },
      `${service.flowUrl}${query}#${new URLSearchParams(fragment).toString()}`,
    );
  }

  it('refuses to run without the parent’s origin, or with a return address, even where its key may frame it', async () => {
    const publicKey = await service.createPublishableKey([parent.origin]);
    const launches: Array<Record<string, string>> = [
      {},
      { redirect_url: 'http://localhost/x' },
      { origin: parent.origin },
    ];
    for (const extra of launches) {
      const { clientToken } = await service.createVerification();
      // The last one names the parent but no key in the page address: the flow has no key to check.
      const query = 'origin' in extra ? '' : `?pk=${publicKey}`;
      await frameFlow(query, { token: clientToken, ...extra });
      const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
      if (query === '') {
        // No key: the service frames that load for no one, so the browser shows nothing of it.
        await expect.poll(async () => frame.url()).toMatch(/^chrome-error:/);
      } else {
        await frame.waitForSelector('h1:text("We can\'t continue")');
        expect(await frame.locator('h1:text("Verify your identity")').count(), JSON.stringify(extra)).toBe(0);
      }
    }
  });
});
