import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../flow/src/i18n/en.js';
import { es } from '../../flow/src/i18n/es.js';
import { frCA } from '../../flow/src/i18n/fr-ca.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { cardFrontFrame, fakeCameraArg, framePhoto } from './helpers/fake-camera.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * The choice of document and a passport capture, end to end on a phone-sized screen in each of the
 * flow's languages. ML is disabled (no MRZ reader has landed in this service yet): the passport's
 * zone is not read, so the decision is capped at review with mrz_unavailable. What is checked here is
 * the flow: the choice, the photo-page screen, no back step, the selfie and the decision recorded.
 */

let browser: Browser;
let service: RunningService;

beforeAll(async () => {
  browser = await launchChromium([fakeCameraArg('e2e-passport', await cardFrontFrame())]);
  service = await startService({ ML_DISABLED: '1' });
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

const cases = [
  { locale: 'en', words: en },
  { locale: 'es', words: es },
  { locale: 'fr', words: frCA },
];

describe.each(cases)('a passport in $locale at 390×844', ({ locale, words }) => {
  it('chooses the passport among the accepted documents, photographs its photo page and skips the back', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const { id, clientToken } = await service.createVerification({
        document_types: ['drivers_license', 'id_card', 'passport'],
      });
      const steps: string[] = [];
      await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}&locale=${locale}`);
      const heading = async (text: string) => {
        await page.waitForSelector(`h1:text("${text}")`, { timeout: 30_000 });
        steps.push(text);
        expect(await seriousViolations(page), text).toEqual([]);
      };

      await heading(words['welcome.title']);
      expect(await page.locator('.checklist').innerText()).toContain(words['document.type.passport']);
      await page.check('#consent');
      await page.click(`button:text("${words['welcome.continue']}")`);

      await heading(words['document.choice.title']);
      const offered = await page
        .locator('[data-document-type]')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-document-type')));
      expect(offered).toEqual(['drivers_license', 'id_card', 'passport']);
      // Each choice is a full-width target on a phone.
      const box = await page.locator('[data-document-type="passport"]').boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThanOrEqual(48);
      await page.click('[data-document-type="passport"]');

      await heading(words['document.passport.title']);
      expect(await page.locator('.progress-label').innerText()).toBe(
        words['progress.step']
          .replace('{step}', '2')
          .replace('{total}', '4')
          .replace('{name}', words['step.front.passport']),
      );
      expect(await page.locator('.hint').first().innerText()).toBe(words['document.passport.hint']);
      await page.click(`button:text("${words['document.take']}"):enabled`);
      await page.waitForSelector(`img[alt="${words['document.passport.alt']}"]`);
      await heading(words['document.review.title']);
      const advice = await page.locator('.notice').innerText();
      expect([words['document.review.mrz'], words['document.review.mrz.blurred']]).toContain(advice);
      await page.click(`button:text("${words['document.use']}")`);

      // No back for a passport: straight to the selfie.
      await heading(words['selfie.title']);
      await page.setInputFiles(
        'input[type="file"]',
        await framePhoto('selfie', await cardFrontFrame(), 'jpeg'),
      );
      await heading(words['done.title']);

      const response = await fetch(`${service.origin}/v1/verifications/${id}`, {
        headers: { 'x-api-key': service.rootKey },
      });
      const decided = (await response.json()) as {
        status: string;
        decision: string;
        decision_reasons: string[];
        document_type: string;
        doc_checks: { document: { document_type: string } };
        audit_log: { event: string }[];
      };
      expect(decided).toMatchObject({ status: 'decided', decision: 'review', document_type: 'passport' });
      expect(decided.decision_reasons).toContain('mrz_unavailable');
      expect(decided.doc_checks.document.document_type).toBe('passport');
      expect(decided.audit_log.map((a) => a.event)).not.toContain('document_back.uploaded');
      expect(steps).toEqual([
        words['welcome.title'],
        words['document.choice.title'],
        words['document.passport.title'],
        words['document.review.title'],
        words['selfie.title'],
        words['done.title'],
      ]);
    } finally {
      await context.close();
    }
  });
});
