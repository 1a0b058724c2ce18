/**
 * Captures every step of the hosted flow against the real service, at 390×844 (phone, portrait) and
 * 1280×800 (desktop), into docs/screenshots/. Cameras are Chromium's fake capture device playing drawn
 * licence pictures (helpers/fake-camera.ts) or its built-in test pattern for the selfie.
 * Run: `npx tsx test/e2e/screenshots.ts`. Exits non-zero when a step could not be reached.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildFlow } from '../../flow/build.js';
import { buildSdk } from '../../sdk/build.js';
import { launchChromium } from './helpers/browser.js';
import { cardBackFrame, cardFrontFrame, fakeCameraArg, framePhoto } from './helpers/fake-camera.js';
import { repoRoot } from './helpers/servers.js';
import { startService } from './helpers/service.js';

const outDir = path.join(repoRoot, 'docs/screenshots');
const viewports = [
  { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
];
// Lets the camera preview paint real frames before the picture is taken.
const SETTLE_MS = 600;

await buildSdk();
await buildFlow();
fs.mkdirSync(outDir, { recursive: true });
const service = await startService({ ML_DISABLED: '1' });
const frontCamera = fakeCameraArg('front', await cardFrontFrame());
const backCamera = fakeCameraArg('back', await cardBackFrame());
const captured: string[] = [];
const missed: string[] = [];

async function withPage(
  args: string[],
  vp: (typeof viewports)[number],
  run: (page: Page, shot: (step: string) => Promise<void>) => Promise<void>,
  options: { grantCamera?: boolean } = {},
): Promise<void> {
  let browser: Browser | undefined;
  let last = 'start';
  try {
    browser = await launchChromium(args, options);
    const context = await browser.newContext({
      viewport: vp.viewport,
      isMobile: vp.isMobile,
      hasTouch: vp.hasTouch,
    });
    const page = await context.newPage();
    await run(page, async (step) => {
      last = step;
      const file = path.join(outDir, `${step}-${vp.name}.png`);
      await page.screenshot({ path: file });
      captured.push(path.relative(repoRoot, file));
    });
  } catch (error) {
    missed.push(
      `${vp.name} after ${last}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  } finally {
    await browser?.close();
  }
}

const heading = (page: Page, text: string) => page.waitForSelector(`h1:text("${text}")`, { timeout: 20_000 });
const desktop = (vp: (typeof viewports)[number]) => !vp.isMobile;

/** A desktop is first offered "Continue on your phone"; these captures carry on with its own camera. */
async function useThisDevice(page: Page, vp: (typeof viewports)[number]): Promise<void> {
  if (!desktop(vp)) return;
  await heading(page, 'Continue on your phone');
  await page.click('button:text("Use this device instead")');
}

for (const vp of viewports) {
  const { clientToken } = await service.createVerification();
  const url = `${service.flowUrl}#token=${encodeURIComponent(clientToken)}`;

  await withPage([frontCamera], vp, async (page, shot) => {
    await page.goto(url);
    await heading(page, 'Verify your identity');
    await shot('01-welcome');
    await page.click('button:text("Agree and continue")');
    await page.waitForSelector('#consent-error:not([hidden])');
    await shot('02-welcome-consent-required');
    await page.check('#consent');
    await page.click('button:text("Agree and continue")');
    await useThisDevice(page, vp);
    await heading(page, 'Front of your licence');
    await page.waitForSelector('.scan-status:text("Camera on")');
    await page.waitForTimeout(SETTLE_MS);
    await shot('03-document-front');
    await page.click('button:text("Take photo")');
    await heading(page, 'Check your photo');
    await shot('04-document-front-review');
    await page.click('button:text("Use this photo")');
    // The front of the card has no barcode, so the back step keeps looking: its scanning state.
    await heading(page, 'Back of your licence');
    await page.waitForSelector('.scan-status:text("Looking for the barcode")');
    await page.waitForTimeout(SETTLE_MS);
    await shot('05-document-back-scanning');
  });

  await withPage([backCamera], vp, async (page, shot) => {
    await page.goto(url);
    await useThisDevice(page, vp);
    await heading(page, 'Check your photo');
    await page.waitForSelector('.notice.ok');
    await shot('06-document-back-barcode-read');
    await page.click('button:text("Use this photo")');
    await heading(page, 'Take a selfie');
  });

  await withPage([], vp, async (page, shot) => {
    await page.goto(url);
    await useThisDevice(page, vp);
    await heading(page, 'Take a selfie');
    await page.waitForSelector('button:text("Start"):enabled');
    await page.waitForTimeout(SETTLE_MS);
    await shot('07-selfie');
    // Chromium's test pattern has no face: the challenge waits at its first instruction, and a
    // chosen photo completes the step.
    await page.click('button:text("Start")');
    await page.waitForSelector('.challenge-guidance:text("Put your face in the oval")');
    await shot('08-selfie-challenge');
    await page.setInputFiles(
      'input[type="file"]',
      await framePhoto('selfie', await cardFrontFrame(), 'jpeg'),
    );
    await heading(page, 'Thank you');
    await shot('09-done');
  });

  await withPage([], vp, async (page, shot) => {
    await page.goto(`${service.flowUrl}#token=not-a-valid-token`);
    await heading(page, "We can't continue");
    await shot('10-link-expired');
  });

  await withPage(
    [],
    vp,
    async (page, shot) => {
      const fresh = await service.createVerification();
      await page.goto(`${service.flowUrl}#token=${encodeURIComponent(fresh.clientToken)}`);
      await heading(page, 'Verify your identity');
      await page.check('#consent');
      await page.click('button:text("Agree and continue")');
      await useThisDevice(page, vp);
      await page.waitForSelector('text=Camera access is blocked');
      await shot('11-camera-blocked');
    },
    { grantCamera: false },
  );
}

// Continue on your phone: the desktop's code, the phone continuing, the desktop following, a reused link.
{
  const [phoneVp, desktopVp] = [viewports[0]!, viewports[1]!];
  const { clientToken } = await service.createVerification();
  let link = '';
  let browser: Browser | undefined;
  try {
    browser = await launchChromium([frontCamera]);
    const desktopPage = await (
      await browser.newContext({ viewport: desktopVp.viewport, isMobile: false, hasTouch: false })
    ).newPage();
    const phoneContext = await browser.newContext({
      viewport: phoneVp.viewport,
      isMobile: true,
      hasTouch: true,
    });
    const save = async (page: Page, step: string, vp: (typeof viewports)[number]) => {
      const file = path.join(outDir, `${step}-${vp.name}.png`);
      await page.screenshot({ path: file });
      captured.push(path.relative(repoRoot, file));
    };
    await desktopPage.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
    await desktopPage.check('#consent');
    await desktopPage.click('button:text("Agree and continue")');
    await desktopPage.waitForSelector('img.qr[src^="data:"]');
    link = await desktopPage.inputValue('#handoff-link');
    await save(desktopPage, '12-handoff-qr', desktopVp);
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await heading(phone, 'Front of your licence');
    await phone.waitForSelector('.scan-status:text("Camera on")');
    await phone.waitForTimeout(SETTLE_MS);
    await save(phone, '13-handoff-phone', phoneVp);
    await desktopPage.waitForSelector('.handoff-status:text("Continuing on your phone")');
    await save(desktopPage, '14-handoff-following', desktopVp);
    const second = await phoneContext.newPage();
    await second.goto(link);
    await heading(second, "We can't continue");
    await save(second, '15-handoff-link-used', phoneVp);
  } catch (error) {
    missed.push(`handoff: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await browser?.close();
  }
}

// The welcome and licence-front screens in Spanish and Canadian French, from the browser's language.
for (const [locale, front] of [
  ['es', 'Frente de su licencia'],
  ['fr-CA', 'Recto de votre permis'],
] as const) {
  const vp = viewports[0]!;
  const { clientToken } = await service.createVerification();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium([frontCamera]);
    const page = await (
      await browser.newContext({ viewport: vp.viewport, isMobile: true, hasTouch: true, locale })
    ).newPage();
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
    await page.waitForSelector('#consent');
    for (const [step, action] of [
      ['16-welcome', async () => undefined],
      [
        '17-document-front',
        async () => {
          await page.check('#consent');
          await page.click('.actions .btn.primary');
          await heading(page, front);
          await page.waitForSelector('.camera:not(.loading)');
          await page.waitForTimeout(SETTLE_MS);
        },
      ],
    ] as const) {
      await action();
      const file = path.join(outDir, `${step}-${locale}-${vp.name}.png`);
      await page.screenshot({ path: file });
      captured.push(path.relative(repoRoot, file));
    }
  } catch (error) {
    missed.push(`${locale}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await browser?.close();
  }
}

await service.close();
console.log(`captured ${captured.length} screenshots:\n  ${captured.join('\n  ')}`);
if (missed.length > 0) {
  console.error(`not reached:\n  ${missed.join('\n  ')}`);
  process.exitCode = 1;
}
