import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { startService, type RunningService } from './helpers/service.js';

/** A merchant's branding in the hosted flow on a phone: name, logo, colour, and its links. */

let browser: Browser;
let service: RunningService;
let context: BrowserContext;
let page: Page;
let apiKey: string;
let accountId: number;

beforeAll(async () => {
  browser = await launchChromium([`--host-resolver-rules=MAP localhost 127.0.0.1`]);
  // The console's passkeys need a secure origin: localhost.
  service = await startService({ ML_DISABLED: '1' }, { publicHost: 'localhost' });
  const opened = await fetch(`${service.origin}/v1/accounts`, {
    method: 'POST',
    headers: { 'x-api-key': service.rootKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Acme Bank Holdings plc' }),
  });
  const account = (await opened.json()) as { id: number; api_key: { api_key: string } };
  apiKey = account.api_key.api_key;
  accountId = account.id;
  // What the console's admin would have saved (test/api/branding.test.ts covers that path).
  const { stores, clock, encodeLogo } = service.platform;
  await stores.branding.saveBranding(
    account.id,
    {
      displayName: 'Acme Bank',
      colour: '#0b6e4f',
      supportUrl: 'https://acme.example/help',
      privacyUrl: 'https://acme.example/privacy',
    },
    clock.now(),
  );
  const png = await sharp({
    create: { width: 300, height: 100, channels: 3, background: { r: 11, g: 110, b: 79 } },
  })
    .png()
    .toBuffer();
  await stores.branding.saveLogo(account.id, await encodeLogo(png), clock.now());
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await service?.close();
});

describe('a branded hosted flow', () => {
  it('shows the merchant’s name, logo, colour and links at 390×844', async () => {
    const created = await fetch(`${service.origin}/v1/verifications`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ external_ref: 'branded' }),
    });
    const { client_token: token } = (await created.json()) as { client_token: string };
    await page.goto(`${service.flowUrl}#token=${encodeURIComponent(token)}`);
    await page.waitForSelector('h1:text("Verify your identity")');

    expect(await page.locator('.brand').innerText()).toBe('Acme Bank');
    const logo = page.locator('.brand img.merchant-logo');
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    expect(await logo.boundingBox()).toMatchObject({ height: 32 });

    const primary = page.locator('button:text("Agree and continue")');
    expect(await primary.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 110, 79)');
    expect(await primary.evaluate((b) => getComputedStyle(b).color)).toBe('rgb(255, 255, 255)');
    // The focus ring stays the flow's own, visible around the merchant's colour.
    await primary.focus();
    expect(await primary.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');

    const detail = await page.locator('#consent-detail').innerText();
    expect(detail).toMatch(/^Acme Bank uses this service to verify your identity\. /);
    const privacy = page.locator('#consent-detail a');
    expect(await privacy.getAttribute('href')).toBe('https://acme.example/privacy');
    expect(await privacy.innerText()).toMatch(/^Privacy policy/);

    const footer = page.locator('footer.merchant-footer a');
    expect(await footer.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual([
      'https://acme.example/help',
      'https://acme.example/privacy',
    ]);
    expect(await footer.first().getAttribute('rel')).toBe('noopener noreferrer');
    const box = await page.locator('footer.merchant-footer').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});

describe('the console Settings page', () => {
  it('refuses a colour white text cannot be read on, and saves the branding', async () => {
    const { link } = await createInvitation(
      {
        members: service.platform.stores.members,
        clock: service.platform.clock,
        consoleUrl: `${service.publicBaseUrl}/console`,
      },
      { accountId, email: 'admin@acme.example', role: 'admin', invitedBy: null },
    );
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    const problems: string[] = [];
    adminPage.on('pageerror', (error) => problems.push(error.message));
    const cdp = await admin.newCDPSession(adminPage);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await adminPage.goto(link);
    await adminPage.fill('#display-name', 'Ada Admin');
    await adminPage.click('button:text("Create passkey and join")');
    await adminPage.waitForSelector('#queue-status');
    await adminPage.goto(`${service.publicBaseUrl}/console#/settings`);
    // The branding saved above shows in the form.
    await adminPage.waitForFunction(
      () => (document.querySelector('#branding-name') as HTMLInputElement | null)?.value === 'Acme Bank',
    );
    expect(await adminPage.textContent('#branding-logo-state')).toBe('A logo is set.');

    await adminPage.fill('#branding-name', 'Acme');
    await adminPage.locator('#branding-colour').fill('#ffcc00');
    await adminPage.click('button:text("Save branding")');
    await adminPage.waitForSelector('#branding-status:text("contrast")');
    expect(await adminPage.textContent('#branding-status')).toContain('below the 4.5:1');

    await adminPage.locator('#branding-colour').fill('#0b6e4f');
    await adminPage.click('button:text("Save branding")');
    await adminPage.waitForSelector('#branding-status:text("Branding saved.")');
    const saved = await service.platform.stores.branding.findBranding(accountId);
    expect(saved).toMatchObject({ displayName: 'Acme', colour: '#0b6e4f', hasLogo: true });
    expect(problems).toEqual([]);
    await admin.close();
  }, 180_000);
});
