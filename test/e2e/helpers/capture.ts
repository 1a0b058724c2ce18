import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cardFrontFrame, framePhoto } from './fake-camera.js';

/**
 * Drives the hosted flow from the welcome step through the selfie (choosing the licence when the
 * verification offers a choice of document), in a page or in the SDK's iframe,
 * with Chromium's fake camera showing `cardBackFrame()` (the PDF417 is read live on the back step).
 * That camera shows no face, so no liveness challenge can be answered: the selfie is a photo chosen
 * instead (the challenge itself is driven in liveness-challenge.test.ts). Then waits for the done
 * screen unless `waitForDone` is false (redirect mode navigates away).
 * `onScreen` runs once each step's screen is up, e.g. for an accessibility scan.
 */
export async function driveCapture(
  target: Page | Frame,
  options: {
    waitForDone?: boolean;
    onScreen?: (heading: string) => Promise<void>;
    /** `document_front` for a device that continues a verification whose consent was given elsewhere. */
    startAt?: 'welcome' | 'document_front';
  } = {},
): Promise<void> {
  const heading = async (text: string, marker?: string) => {
    await target.waitForSelector(`h1:text("${text}")`, { timeout: 30_000 });
    if (marker) await target.waitForSelector(marker);
    await options.onScreen?.(text);
  };
  if ((options.startAt ?? 'welcome') === 'welcome') {
    await heading('Verify your identity');
    await target.check('#consent');
    await target.click('button:text("Agree and continue")');
    // A verification that accepts several documents (the default) asks which: the licence here.
    const next = await target.waitForSelector(
      'h1:text("Front of your licence"), h1:text("Choose your document")',
      { timeout: 30_000 },
    );
    if ((await next.textContent()) === 'Choose your document') {
      await options.onScreen?.('Choose your document');
      await target.click('[data-document-type="drivers_license"]');
    }
  }
  await heading('Front of your licence');
  await target.click('button:text("Take photo"):enabled');
  await heading('Check your photo', 'img[alt="Your photo of the front of your licence"]');
  await target.click('button:text("Use this photo")');
  await heading('Check your photo', 'img[alt="Your photo of the back of your licence"]');
  expect(await target.locator('.notice.ok').innerText()).toMatch(/We read the barcode/);
  await target.click('button:text("Use this photo")');
  await heading('Take a selfie');
  await target.setInputFiles(
    'input[type="file"]',
    await framePhoto('selfie', await cardFrontFrame(), 'jpeg'),
  );
  if (options.waitForDone ?? true) await heading('Thank you');
}

/**
 * Presses Done on the flow's last screen inside the SDK modal and waits for the modal to close.
 * Done removes the very frame that was clicked, and Playwright's click can wait on that frame after
 * the press until its timeout: it did in CI twice, once with `noWaitAfter`, after "performing click
 * action". So the overlay's removal is what is awaited, not the click; the click's own error is
 * thrown when the overlay stays (Done not found, not clickable).
 */
export async function pressDoneThatClosesTheModal(page: Page, frame: Frame): Promise<void> {
  let clickError: unknown = null;
  const click = frame.click('button:text("Done")', { noWaitAfter: true }).catch((error: unknown) => {
    clickError = error;
  });
  try {
    await page.waitForSelector('[data-idv-overlay]', { state: 'detached' });
  } catch (error) {
    await Promise.race([click, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    throw clickError ?? error;
  }
}
