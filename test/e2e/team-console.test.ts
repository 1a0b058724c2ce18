import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { startReceiver, waitForEvent, type Receiver } from '../helpers/webhook-receiver.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/browser.js';
import { seedReviewQueue } from './helpers/review-queue.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * Teams in real Chromium, with its virtual authenticator (DevTools protocol, WebAuthn domain) standing
 * in for each person's device: an admin is invited, registers a passkey, invites a reviewer, who signs
 * in with a passkey on a phone-sized screen and decides a review verification that another key of the
 * same account created; the webhook names the reviewer; a member of another account gets 404; the
 * admin makes the reviewer a viewer and adds an account webhook endpoint.
 */

let browser: Browser;
let service: RunningService;
let receiver: Receiver;
let accountA: { id: number; key: string };
let accountB: { id: number };
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

/** What `idv accounts invite` prints: the first admin's link. */
async function operatorInvitation(accountId: number, email: string): Promise<string> {
  const { link } = await createInvitation(
    {
      members: service.platform.stores.members,
      clock: service.platform.clock,
      consoleUrl: `${service.publicBaseUrl}/console`,
    },
    { accountId, email, role: 'admin', invitedBy: null },
  );
  return link;
}

beforeAll(async () => {
  service = await startService(
    { ML_DISABLED: '1', WEBHOOK_ALLOW_INSECURE: '1' },
    { background: true, publicHost: 'localhost' },
  );
  receiver = await startReceiver();
  const open = (name: string) =>
    asKey<{ id: number; api_key: { api_key: string } }>('/v1/accounts', { name }, service.rootKey);
  const a = await open('Merchant A');
  accountA = { id: a.id, key: a.api_key.api_key };
  accountB = { id: (await open('Merchant B')).id };
  // The merchant's backend: another key of account A, which creates the verifications and gets the webhook.
  const backend = await asKey<{ api_key: string }>(
    '/v1/keys',
    { label: 'backend', scopes: ['verifications:write', 'verifications:read', 'webhooks:write'] },
    accountA.key,
  );
  await asKey('/v1/webhooks', { url: receiver.url, events: ['verification.reviewed'] }, backend.api_key);
  seeded = await seedReviewQueue(service.origin, backend.api_key, ['order-7001', 'order-7002']);
  browser = await launchChromium([`--host-resolver-rules=MAP localhost 127.0.0.1`]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await service?.close();
});

/** A browser profile of its own (cookies) with a platform authenticator that verifies its user. */
async function device(
  viewport = { width: 390, height: 844 },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
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
  return { context, page, problems };
}

async function join(page: Page, link: string, name: string, checkAccessibility = false): Promise<void> {
  await page.goto(link);
  await page.waitForSelector('h1:text("Join your team")');
  if (checkAccessibility) expect(await seriousViolations(page)).toEqual([]);
  // The token leaves the address bar at once.
  expect(page.url()).not.toContain('invitation=');
  await page.fill('#display-name', name);
  await page.click('button:text("Create passkey and join")');
  await page.waitForSelector('#queue-status');
}

describe('teams in the review console', () => {
  it('an invited admin registers a passkey and invites a reviewer, who signs in and decides on a phone', async () => {
    const admin = await device({ width: 1280, height: 900 });
    await join(admin.page, await operatorInvitation(accountA.id, 'lead@acme.example'), 'Ada Lovelace');
    await admin.page.waitForSelector('#queue-status:text("2 verifications awaiting review")');
    const cookies = await admin.context.cookies();
    const session = cookies.find((c) => c.name === 'idv_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    await admin.page.click('#team-link');
    await admin.page.waitForSelector('h1:text("Team")');
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page.fill('#invite-email', 'grace@acme.example');
    await admin.page.selectOption('#invite-role', 'reviewer');
    await admin.page.click('button:text("Create invitation link")');
    const link = await (await admin.page.waitForSelector('#invite-link')).inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/console#invitation=[A-Za-z0-9_-]{43}$/);

    const reviewer = await device();
    await join(reviewer.page, link, 'Grace Hopper', true);
    // A reviewer has no Team page.
    expect(await reviewer.page.isHidden('#team-link')).toBe(true);
    // Sign out, then back in with the passkey alone.
    await reviewer.page.click('#sign-out');
    await reviewer.page.waitForSelector('h1:text("Sign in")');
    expect(await seriousViolations(reviewer.page)).toEqual([]);
    await reviewer.page.click('#passkey-sign-in');
    await reviewer.page.waitForSelector('#queue-status:text("2 verifications awaiting review")');

    const target = seeded[0]!;
    await reviewer.page.click(`table.queue tbody a:text("${target.external_ref}")`);
    await reviewer.page.waitForSelector(`h1:text("${target.external_ref}")`);
    await reviewer.page.waitForSelector('#decision-form');
    await reviewer.page.check('#decision-approve');
    await reviewer.page.fill('#note', 'Portrait and selfie match; licence fields consistent.');
    await reviewer.page.click('#decision-form button[type="submit"]');
    await reviewer.page.waitForSelector('#queue-status:text("1 verification awaiting review")');

    const event = JSON.parse(
      (await waitForEvent(receiver, 'verification.reviewed', target.id, 20_000)).rawBody.toString('utf8'),
    );
    // The event names the reviewer by member id only; the name stays in the audit trail, which redaction reaches.
    expect(event.data).toMatchObject({ decision: 'approve', reviewer_member_id: expect.any(Number) });
    expect(event.data).not.toHaveProperty('reviewer_name');

    // The admin's view of the case names the reviewer in the audit trail.
    const detail = await admin.page.evaluate(async (id) => {
      const response = await fetch(`/v1/console/verifications/${id}`, { credentials: 'same-origin' });
      return { status: response.status, body: await response.json() };
    }, target.id);
    expect(detail.status).toBe(200);
    expect(detail.body.audit_log.at(-1).detail).toMatchObject({
      reviewer_member_id: event.data.reviewer_member_id,
      reviewer_name: 'Grace Hopper',
    });

    // A member of another account sees none of it.
    const stranger = await device({ width: 1280, height: 900 });
    await join(stranger.page, await operatorInvitation(accountB.id, 'boss@other.example'), 'Other Admin');
    await stranger.page.waitForSelector('#queue-status:text("Nothing is awaiting review.")');
    expect(await stranger.page.locator('table.queue tbody a').count()).toBe(0);
    const foreign = await stranger.page.evaluate(async (id) => {
      const response = await fetch(`/v1/console/verifications/${id}`, { credentials: 'same-origin' });
      return { status: response.status, body: await response.json() };
    }, target.id);
    expect(foreign).toEqual({ status: 404, body: { detail: 'verification not found' } });

    // The admin makes the reviewer a viewer on the Team page; it holds at once for the reviewer's session.
    // Back to the queue and to the Team page again: its member list is read when the page opens.
    await admin.page.click('.brand a');
    await admin.page.waitForSelector('#queue-status');
    await admin.page.click('#team-link');
    await admin.page.waitForSelector('#members select[aria-label="Role of Grace Hopper"]');
    expect(await seriousViolations(admin.page)).toEqual([]);
    // A role change asks first.
    const asked = new Promise<string>((resolve) =>
      admin.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await admin.page.selectOption('#members select[aria-label="Role of Grace Hopper"]', 'viewer');
    expect(await asked).toBe('Make Grace Hopper Viewer instead of Reviewer?');
    await admin.page.waitForSelector('#members-status:text("Grace Hopper is now Viewer.")');
    const demoted = await reviewer.page.evaluate(async (id) => {
      const session = await (await fetch('/v1/console/session', { credentials: 'same-origin' })).json();
      const response = await fetch(`/v1/console/verifications/${id}/review`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ decision: 'approve', note: 'still a reviewer?' }),
      });
      return { role: session.member.role, status: response.status };
    }, seeded[1]!.id);
    expect(demoted).toEqual({ role: 'viewer', status: 403 });

    // The admin adds an account webhook endpoint: it receives the events of the account's verifications.
    const accountHook = await startReceiver();
    try {
      await admin.page.click('#webhooks-link');
      await admin.page.waitForSelector('#webhooks-status:text("No endpoints yet.")');
      await admin.page.fill('#webhook-url', accountHook.url);
      await admin.page.fill('#webhook-events', 'verification.created');
      await admin.page.click('button:text("Add endpoint")');
      const secret = await (await admin.page.waitForSelector('#webhook-secret')).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await admin.page.waitForSelector(`.webhook h3:text("${accountHook.url}")`);
      expect(await seriousViolations(admin.page)).toEqual([]);
      const created = await asKey<{ id: string }>(
        '/v1/verifications',
        { external_ref: 'order-7003' },
        accountA.key,
      );
      await waitForEvent(accountHook, 'verification.created', created.id, 20_000);
      await admin.page.click('button:text("Recent deliveries")');
      await admin.page.waitForSelector('.deliveries li:has-text("verification.created")');
    } finally {
      await accountHook.close();
    }

    expect([...admin.problems, ...reviewer.problems, ...stranger.problems]).toEqual([]);
    for (const d of [admin, reviewer, stranger]) await d.context.close();
    // Three browser contexts through the whole journey: 30–42 s in the full suite on two cores.
  }, 120_000);
});
