import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/browser.js';
import { startFlowServer, startParentServer, type RunningServer } from './helpers/servers.js';

type FlowEvent = { type: string; payload?: { code?: string } };

/**
 * A page whose origin the publishable key does not allow: the browser would leave the flow's frame
 * blank (its CSP frame-ancestors), so the SDK asks first and tells the page `origin_not_allowed`.
 */
let browser: Browser;
let flow: RunningServer & { origin: string; flowUrl: string };
let parent: RunningServer & { origin: string };
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  flow = await startFlowServer(undefined, {
    // pk_elsewhere allows another merchant's site only; pk_here the test's merchant page.
    frameAncestorsFor: async (pk) =>
      pk === 'pk_elsewhere' ? ['https://shop.example'] : pk === 'pk_here' ? [parent.origin] : null,
  });
  parent = await startParentServer(flow.origin);
});

afterAll(async () => {
  await browser?.close();
  await flow?.close();
  await parent?.close();
});

beforeEach(async () => {
  context = await browser.newContext();
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await page.goto(parent.origin);
});

afterEach(async () => context.close());

async function openWith(publicKey: string, mode: 'modal' | 'inline') {
  await page.evaluate(
    async ({ publicKey, mode }) => {
      const container = document.getElementById('host')!;
      window.client = window.makeClient({ publicKey, mode, container });
      await window.client.open();
    },
    { publicKey, mode },
  );
}

describe('the SDK on a page the publishable key does not allow', () => {
  it.each(['modal', 'inline'] as const)(
    'calls the error callback with origin_not_allowed and mounts no frame (%s)',
    async (mode) => {
      await openWith('pk_elsewhere', mode);
      const events = (await page.evaluate(() => window.__events)) as FlowEvent[];
      expect(events).toEqual([
        expect.objectContaining({
          type: 'error',
          payload: expect.objectContaining({ code: 'origin_not_allowed' }),
        }),
      ]);
      expect(await page.evaluate(() => window.__exits)).toEqual(['origin_not_allowed']);
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.evaluate(() => window.client.isOpen)).toBe(false);
    },
  );

  it('frames the flow for a key that allows this page, which then loads and says ready', async () => {
    await openWith('pk_here', 'modal');
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'ready'));
    expect(await page.evaluate(() => window.__exits)).toEqual([]);
    expect(await page.locator('iframe[title="Identity verification"]').count()).toBe(1);
  });

  it("agrees with the browser: the flow's own CSP keeps a frame of the refused key from loading", async () => {
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.title = 'raw';
      frame.src = src;
      document.getElementById('host')!.append(frame);
    }, `${flow.flowUrl}?pk=pk_elsewhere#token=tok_abc`);
    const frame = await (await page.waitForSelector('iframe[title="raw"]')).contentFrame();
    await frame!.waitForLoadState('load');
    expect(frame!.url().startsWith(flow.origin)).toBe(false);
    const refused = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      `${flow.flowUrl}/embed-check?pk=pk_elsewhere`,
    );
    expect(refused).toEqual({ allowed: false });
  });
});
