import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { startParentServer, type RunningServer } from './helpers/servers.js';
import { startService, type RunningService } from './helpers/service.js';

/** The flow in Spanish and Canadian French: from the browser's languages, or the SDK's `locale`. */

let browser: Browser;
let service: RunningService;
let parent: RunningServer & { origin: string };

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

const cases = [
  {
    browserLocale: 'es-MX',
    lang: 'es',
    welcome: 'Verifique su identidad',
    consentMissing: 'Marque la casilla para aceptar antes de continuar.',
    front: 'Frente de su licencia',
    progress: 'Paso 2 de 4: Frente de la licencia',
  },
  {
    browserLocale: 'fr-FR',
    lang: 'fr-CA',
    welcome: 'Vérifiez votre identité',
    consentMissing: 'Cochez la case pour donner votre accord avant de continuer.',
    front: 'Recto de votre permis',
    progress: 'Étape 2 sur 4 : Recto du permis',
  },
];

describe.each(cases)('the flow for a $browserLocale browser', (c) => {
  it('renders every screen up to the camera in its language, with errors, and passes axe', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: c.browserLocale,
    });
    try {
      const page = await context.newPage();
      const { clientToken } = await service.createVerification();
      await page.goto(`${service.flowUrl}#token=${encodeURIComponent(clientToken)}`);
      await page.waitForSelector(`h1:text("${c.welcome}")`);
      expect(await page.getAttribute('html', 'lang')).toBe(c.lang);
      expect(await seriousViolations(page)).toEqual([]);
      await page.click('.actions .btn.primary');
      await page.waitForSelector(`#consent-error:text("${c.consentMissing}")`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.check('#consent');
      await page.click('.actions .btn.primary');
      await page.waitForSelector(`h1:text("${c.front}")`);
      expect(await page.locator('.progress-label').innerText()).toBe(c.progress);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the SDK’s locale', () => {
  it('overrides the browser’s languages in the modal, and an invalid link’s error is translated', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const { clientToken } = await service.createVerification();
      const publicKey = await service.createPublishableKey([parent.origin]);
      await page.goto(parent.origin);
      await page.evaluate(
        async ({ key, token }) => {
          const w = window as unknown as {
            makeClient(c: Record<string, unknown>): { open(): Promise<void> };
          };
          await w.makeClient({ publicKey: key, sessionToken: token, locale: 'fr' }).open();
        },
        { key: publicKey, token: clientToken },
      );
      expect(await page.getAttribute('[data-idv-overlay] button', 'aria-label')).toBe(
        'Fermer la vérification d’identité',
      );
      const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
      await frame.waitForSelector('h1:text("Vérifiez votre identité")');
      expect(await seriousViolations(frame)).toEqual([]);

      const invalid = await context.newPage();
      await invalid.goto(`${service.flowUrl}#token=not-a-token&locale=es`);
      await invalid.waitForSelector('h1:text("No podemos continuar")');
      expect(await invalid.locator('.notice.error').innerText()).toBe(
        'Este enlace de verificación venció o no es válido. Vuelva a la página que lo envió aquí y empiece de nuevo.',
      );
    } finally {
      await context.close();
    }
  });
});
