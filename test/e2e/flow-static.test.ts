import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedDataPath } from '../helpers/shared-data.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { flowManifest, startFlowServer, type RunningServer } from './helpers/servers.js';

/** The flow in Chromium with no session API behind it: what works from the static build alone. */

let browser: Browser;
let flow: RunningServer & { origin: string; flowUrl: string };
let context: BrowserContext;
let page: Page;
let requests: string[];
let cspReports: string[];

beforeAll(async () => {
  browser = await launchChromium();
  flow = await startFlowServer();
});

afterAll(async () => {
  await browser?.close();
  await flow?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  requests = [];
  cspReports = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
  });
});

afterEach(async () => {
  await context.close();
});

describe('hosted flow without a session', () => {
  it('explains that a verification link is needed when the fragment has no token', async () => {
    await page.goto(flow.flowUrl);
    await page.waitForSelector('h1:text("We can\'t continue")');
    expect(await page.locator('.notice').innerText()).toMatch(/needs a verification link/);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.waitForSelector('#alert:text("needs a verification link")');
    expect(await seriousViolations(page)).toEqual([]);
    expect(cspReports).toEqual([]);
  });

  it('reads a PDF417 in its worker with the wasm served by the service, under the page CSP', async () => {
    const manifest = flowManifest();
    const barcodes = JSON.parse(
      fs.readFileSync(sharedDataPath('aamva/barcodes/manifest.json'), 'utf8'),
    ) as Array<{
      file: string;
      id: string;
    }>;
    const sample = barcodes[0]!;
    const payload = fs
      .readFileSync(sharedDataPath('aamva/synthetic-dev.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; payload: string })
      .find((record) => record.id === sample.id)!.payload;
    const png = fs.readFileSync(sharedDataPath('aamva/barcodes', sample.file)).toString('base64');

    await page.goto(flow.flowUrl);
    await page.waitForSelector('h1');
    const decoded = await page.evaluate(
      async ({ workerUrl, pngBase64 }) => {
        const bytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = document.createElement('canvas');
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        const worker = new Worker(workerUrl);
        const ask = (image: ImageData | Blob, id: number) =>
          new Promise<string | null>((resolve) => {
            worker.addEventListener(
              'message',
              function onMessage(event: MessageEvent<{ id: number; text: string | null }>) {
                if (event.data.id !== id) return;
                worker.removeEventListener('message', onMessage);
                resolve(event.data.text);
              },
            );
            worker.postMessage({ id, image });
          });
        const fromPixels = await ask(ctx.getImageData(0, 0, canvas.width, canvas.height), 1);
        const fromFile = await ask(new Blob([bytes], { type: 'image/png' }), 2);
        const blank = document.createElement('canvas');
        blank.width = 400;
        blank.height = 300;
        const none = await ask(blank.getContext('2d')!.getImageData(0, 0, 400, 300), 3);
        return { fromPixels, fromFile, none };
      },
      { workerUrl: `/flow/assets/${manifest.worker}`, pngBase64: png },
    );
    // Plain text mode: the AAMVA control characters (LF, RS, CR) come through unchanged.
    expect(decoded).toEqual({ fromPixels: payload, fromFile: payload, none: null });
    expect(requests.some((url) => url.endsWith(`/flow/assets/${manifest.wasm}`))).toBe(true);
    expect(requests.filter((url) => !url.startsWith(flow.origin) && !url.startsWith('data:'))).toEqual([]);
    expect(cspReports).toEqual([]);
  });
});
