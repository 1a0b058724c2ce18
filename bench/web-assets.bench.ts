/**
 * Browser-side figures: SDK size, the hosted flow's first-load transfer (what a phone downloads before
 * the camera step; the PDF417 worker and wasm come later, in the background), and the time from the
 * SDK's open() to the flow's `ready` event in Chromium, cold (empty cache) and warm.
 * Run: `npx tsx bench/web-assets.bench.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { buildFlow } from '../flow/build.js';
import { buildSdk } from '../sdk/build.js';
import sharp from 'sharp';
import { launchChromium } from '../test/e2e/helpers/browser.js';
import { cardBackFrame, cardFrontFrame, FRAME_HEIGHT, FRAME_WIDTH } from '../test/e2e/helpers/fake-camera.js';
import { flowDist, sdkDist, startFlowServer, startParentServer } from '../test/e2e/helpers/servers.js';
import { percentile, recordBenchmark } from './lib/report.js';

const RUNS = 15;
const DECODES = 20;

function sizes(bytes: Buffer): { raw: number; gzip: number; brotli: number } {
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes).length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

await buildSdk();
const manifest = await buildFlow();
const flow = await startFlowServer();
const parent = await startParentServer(flow.origin);

// The page as the service sends it (asset links rewritten to the mount path).
const servedHtml = Buffer.from(await (await fetch(flow.flowUrl)).arrayBuffer());
const asset = (name: string) => fs.readFileSync(path.join(flowDist, 'assets', name));
const files = {
  'SDK idv.js (IIFE)': sizes(fs.readFileSync(path.join(sdkDist, 'idv.js'))),
  'SDK idv.mjs (ESM)': sizes(fs.readFileSync(path.join(sdkDist, 'idv.mjs'))),
  'flow index.html': sizes(servedHtml),
  'flow main script': sizes(asset(manifest.script)),
  'flow stylesheet': sizes(asset(manifest.style)),
  'PDF417 worker (after welcome)': sizes(asset(manifest.worker)),
  'zxing reader wasm (after welcome)': sizes(asset(manifest.wasm)),
};
const firstLoad = ['flow index.html', 'flow main script', 'flow stylesheet'] as const;
const firstLoadTotal = firstLoad.reduce(
  (sum, name) => ({ gzip: sum.gzip + files[name].gzip, brotli: sum.brotli + files[name].brotli }),
  { gzip: 0, brotli: 0 },
);

async function openToReady(page: Page): Promise<number> {
  // The timing runs in the page (test/e2e/helpers/servers.ts, parent.js) so no Node round trip is in it.
  return page.evaluate(() => (window as unknown as { timeOpenToReady(): Promise<number> }).timeOpenToReady());
}

const browser = await launchChromium();
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  // A fresh context has an empty HTTP cache: the first open() downloads html, script and stylesheet.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(parent.origin);
  cold.push(await openToReady(page));
  warm.push(await openToReady(page));
  await context.close();
}
/**
 * One live-scan decode as the flow does it: the card area (guide region) of a camera frame posted as
 * ImageData to the PDF417 worker, for a frame with a barcode and one without, at 720p and at the
 * 1080p the flow asks the camera for.
 */
async function cropPng(rgb: Buffer, frameWidth: number): Promise<{ png: string; size: string }> {
  const frameHeight = Math.round((frameWidth * 9) / 16);
  const width = Math.round(Math.min(frameWidth * 0.9, frameHeight * 0.9 * 1.586));
  const height = Math.round(width / 1.586);
  const png = await sharp(rgb, { raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 } })
    .resize(frameWidth, frameHeight)
    .extract({
      left: Math.round((frameWidth - width) / 2),
      top: Math.round((frameHeight - height) / 2),
      width,
      height,
    })
    .png()
    .toBuffer();
  return { png: png.toString('base64'), size: `${width}×${height}` };
}
const decodePage = await (await browser.newContext()).newPage();
await decodePage.goto(flow.flowUrl);
await decodePage.waitForSelector('h1');
// Plain JavaScript source: the page runs it as written (no TypeScript helpers injected into it).
const timeDecodes = `async ({ workerUrl, pngBase64, runs }) => {
  const bytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(bitmap, 0, 0);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const worker = new Worker(workerUrl);
  let id = 0;
  function ask() {
    id += 1;
    const mine = id;
    return new Promise((resolve) => {
      worker.addEventListener('message', function onMessage(event) {
        if (event.data.id !== mine) return;
        worker.removeEventListener('message', onMessage);
        resolve(event.data.text);
      });
      worker.postMessage({ id: mine, image });
    });
  }
  const firstStart = performance.now();
  const found = await ask();
  const first = performance.now() - firstStart;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await ask();
    times.push(performance.now() - start);
  }
  worker.terminate();
  return { found: found !== null, first, times };
}`;
const decodeTimes: Record<string, { found: boolean; first: number; times: number[] }> = {};
const back = await cardBackFrame();
const front = await cardFrontFrame();
for (const frameWidth of [1280, 1920]) {
  for (const [what, frame] of [
    ['barcode read', back],
    ['no barcode', front],
  ] as const) {
    const crop = await cropPng(frame, frameWidth);
    decodeTimes[`${frameWidth}-px frame, ${crop.size} crop, ${what}`] = await decodePage.evaluate(
      `(${timeDecodes})(${JSON.stringify({ workerUrl: `/flow/assets/${manifest.worker}`, pngBase64: crop.png, runs: DECODES })})`,
    );
  }
}
await browser.close();
await flow.close();
await parent.close();

cold.sort((a, b) => a - b);
warm.sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(0)} ms`;

const decodeRows = Object.entries(decodeTimes).map(([name, d]) => {
  const sorted = [...d.times].sort((a, b) => a - b);
  return `| ${name} | ${d.found ? 'yes' : 'no'} | ${ms(d.first)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} |`;
});
const sizeRows = Object.entries(files).map(
  ([name, s]) => `| ${name} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`,
);
const body = `
Sizes (the service sends the Brotli copy when the browser accepts it; SDK budget 6 KB gzip):

| file | raw | gzip | brotli |
|---|---|---|---|
${sizeRows.join('\n')}
| **flow first load** (html + script + stylesheet) | | **${kb(firstLoadTotal.gzip)}** | **${kb(firstLoadTotal.brotli)}** |

The worker and the wasm start downloading in the background on the licence-front step, so the back
step can scan at once; they are not part of the first load.

SDK \`open()\` to the flow's \`ready\` event, headless Chromium ${RUNS} runs, flow and host page on two loopback origins:

| cache | median | p95 | max |
|---|---|---|---|
| cold (new browser context) | ${ms(percentile(cold, 50))} | ${ms(percentile(cold, 95))} | ${ms(cold[cold.length - 1]!)} |
| warm (same page, second open) | ${ms(percentile(warm, 50))} | ${ms(percentile(warm, 95))} | ${ms(warm[warm.length - 1]!)} |

The host page and the flow are different sites, so every open() creates a cross-site iframe, which
Chromium runs in its own renderer process.

Live PDF417 scan in the flow's worker: one decode of the card area of a camera frame (ImageData),
${DECODES} runs after the first (the first includes fetching and compiling the wasm):

| frame | read | first | median | p95 |
|---|---|---|---|---|
${decodeRows.join('\n')}
`;
recordBenchmark('Web assets: SDK size, hosted flow first load, open() to ready', body);
