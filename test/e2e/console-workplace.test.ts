import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/members/members.js';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { seedReviewQueue } from './helpers/review-queue.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * The console as a team's workplace in real Chromium, at a desktop and a phone size: a reviewer finds a
 * live verification by its reference, reads its timeline, assigns it to themself and decides it; the
 * list then names them; a viewer reads the same pages without a control they cannot use; an admin has
 * the Keys and Audit log pages. Screenshots go to CONSOLE_SCREENSHOTS_DIR (docs/screenshots to refresh
 * the docs) or a temp folder.
 */

const screenshotDir =
  process.env.CONSOLE_SCREENSHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-workplace-'));

const VIEWPORTS = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '390x844', width: 390, height: 844 },
] as const;

let browser: Browser;
let service: RunningService;
let accountId: number;
let seeded: Array<{ id: string; external_ref: string }>;

async function asKey<T>(pathname: string, body: unknown, apiKey: string): Promise<T> {
  const response = await fetch(`${service.origin}${pathname}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const invitation = async (email: string, role: Role) =>
  (
    await createInvitation(
      {
        members: service.platform.stores.members,
        clock: service.platform.clock,
        consoleUrl: `${service.publicBaseUrl}/console`,
      },
      { accountId, email, role, invitedBy: null },
    )
  ).link;

beforeAll(async () => {
  service = await startService({ ML_DISABLED: '1' }, { background: true, publicHost: 'localhost' });
  const account = await asKey<{ id: number; api_key: { api_key: string } }>(
    '/v1/accounts',
    { name: 'Acme Lending' },
    service.rootKey,
  );
  accountId = account.id;
  const backend = await asKey<{ api_key: string }>(
    '/v1/keys',
    { label: 'backend', scopes: ['verifications:write', 'verifications:read'] },
    account.api_key.api_key,
  );
  seeded = await seedReviewQueue(service.origin, backend.api_key, ['loan-8101', 'loan-8102']);
  // Unfinished ones around them, so the search has something to leave out.
  for (const ref of ['loan-8103', 'loan-8104'])
    await asKey('/v1/verifications', { external_ref: ref }, backend.api_key);
  browser = await launchChromium([`--host-resolver-rules=MAP localhost 127.0.0.1`]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

/** A browser profile of its own with a platform authenticator, signed in through an invitation link. */
async function member(
  link: string,
  name: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const cdp = await context.newCDPSession(page);
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
  await page.goto(link);
  await page.fill('#display-name', name);
  await page.click('button:text("Create passkey and join")');
  await page.waitForSelector('#queue-status');
  return { page, problems };
}

/** Nothing sticks out sideways: the page is no wider than the screen. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe.each(VIEWPORTS)('the console as a workplace at $name', (vp) => {
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(screenshotDir, `console-${name}-${vp.name}.png`) });

  it('a reviewer finds a verification, reads its timeline, assigns it to themself and decides it', async () => {
    const target = vp.width > 500 ? seeded[0]! : seeded[1]!;
    const name = `Grace ${vp.name}`;
    const { page, problems } = await member(
      await invitation(`grace-${vp.name}@acme.example`, 'reviewer'),
      name,
      vp,
    );
    await page.waitForSelector(`#whoami:text("Acme Lending · ${name} (Reviewer)")`);
    expect(await page.isHidden('#keys-link')).toBe(true);
    expect(await page.isHidden('#audit-log-link')).toBe(true);

    await page.click('#verifications-link');
    await page.waitForSelector('h1:text("Verifications")');
    await page.selectOption('#q_by', 'external_ref');
    await page.fill('#q', target.external_ref);
    await page.click('#filters button[type="submit"]');
    await page.waitForSelector('#list-status:text("1 verification")');
    const row = page.locator('#verifications tbody tr');
    await expect(row.count()).resolves.toBe(1);
    await expect(row.innerText()).resolves.toContain('Needs review');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'verifications');

    await row.locator('a:text("Timeline")').click();
    await page.waitForSelector(`h1:text("Timeline of ${target.external_ref}")`);
    const events = await page.locator('#timeline').innerText();
    for (const step of [
      'Created',
      'Consent given',
      'Document front uploaded',
      'Selfie uploaded',
      'Decided by the checks',
    ])
      expect(events).toContain(step);
    expect(events).toContain('verification.decided');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'timeline');

    await page.click('a:text("The verification and its evidence")');
    await page.waitForSelector('#assign-me');
    await page.click('#assign-me');
    await page.waitForSelector(`#assigned-to:text("${name}")`);
    await page.check('#decision-approve');
    await page.fill('#note', 'Licence and selfie agree; sanctions hit is a different date of birth.');
    await page.click('#decision-form button[type="submit"]');
    await page.waitForSelector('#queue-status');

    await page.goto(
      `${service.publicBaseUrl}/console#/verifications?q_by=external_ref&q=${target.external_ref}`,
    );
    const after = await (await page.waitForSelector('#verifications tbody tr')).innerText();
    expect(after).toContain(name);
    expect(after).toContain('Approved by a reviewer');
    await page.click(`#verifications tbody a:text("${target.external_ref}")`);
    await page.waitForSelector('#audit');
    await expect(page.locator('#audit').innerText()).resolves.toContain(`Approved by ${name}.`);
    expect(problems).toEqual([]);
  });

  it('a viewer reads the list and a case without any control it cannot use', async () => {
    const { page, problems } = await member(
      await invitation(`vera-${vp.name}@acme.example`, 'viewer'),
      'Vera',
      vp,
    );
    await page.waitForSelector('#whoami:text("Acme Lending · Vera (Viewer)")');
    for (const link of ['#team-link', '#keys-link', '#webhooks-link', '#settings-link', '#audit-log-link'])
      expect(await page.isHidden(link), link).toBe(true);
    await page.click('#verifications-link');
    await page.waitForSelector('#verifications tbody tr');
    await page.goto(`${service.publicBaseUrl}/console#/verifications/${seeded[1]!.id}`);
    await page.waitForSelector('#audit');
    for (const control of ['#decision-form', '#assign-form', '#assign-me', '#media'])
      expect(await page.locator(control).count(), control).toBe(0);
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('needs the reviewer role');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'viewer-case');
    expect(problems).toEqual([]);
  });

  it('an admin has the Keys and Audit log pages', async () => {
    const { page, problems } = await member(
      await invitation(`lead-${vp.name}@acme.example`, 'admin'),
      'Ada',
      vp,
    );
    await page.click('#keys-link');
    await page.waitForSelector('h1:text("Keys")');
    await page.click('#audit-log-link');
    await page.waitForSelector('#audit-log tbody tr');
    await expect(page.locator('#audit-log').innerText()).resolves.toContain('Member joined');
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'audit-log');
    expect(problems).toEqual([]);
  });
});
