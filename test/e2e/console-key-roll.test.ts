import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { launchChromium } from './helpers/browser.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * Rolling a key from the console's Keys page in real Chromium: an admin presses Roll, confirms, and is
 * shown the successor's secret once; the successor reads what the old key made, and the old key keeps
 * working during its grace.
 */

let browser: Browser;
let service: RunningService;
let account: { id: number; key: string; keyId: number };

async function keyed(pathname: string, apiKey: string, body?: unknown): Promise<Response> {
  return fetch(`${service.origin}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  service = await startService({ ML_DISABLED: '1' }, { publicHost: 'localhost' });
  const opened = (await (await keyed('/v1/accounts', service.rootKey, { name: 'Rolling Ltd' })).json()) as {
    id: number;
    api_key: { id: number; api_key: string };
  };
  account = { id: opened.id, key: opened.api_key.api_key, keyId: opened.api_key.id };
  browser = await launchChromium([`--host-resolver-rules=MAP localhost 127.0.0.1`]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

describe('the console Keys page', () => {
  it('rolls a key: the new secret is shown once, and both keys reach the old one’s verification', async () => {
    const verification = (await (
      await keyed('/v1/verifications', account.key, { external_ref: 'before-roll' })
    ).json()) as { id: string };
    const { link } = await createInvitation(
      {
        members: service.platform.stores.members,
        clock: service.platform.clock,
        consoleUrl: `${service.publicBaseUrl}/console`,
      },
      { accountId: account.id, email: 'admin@rolling.example', role: 'admin', invitedBy: null },
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
    await page.fill('#display-name', 'Grace Hopper');
    await page.click('button:text("Create passkey and join")');
    await page.waitForSelector('#queue-status');

    await page.goto(`${service.publicBaseUrl}/console#/keys`);
    await page.waitForSelector('#api-keys');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click(`tr[data-api-key-id="${account.keyId}"] button:text("Roll")`);
    const secret = (await page.textContent('#rolled-key code', { timeout: 30_000 }))!.trim();
    expect(secret).toMatch(/^[a-z]+_[A-Za-z0-9_-]{43}$/);
    expect(await page.textContent('#rolled-key')).toContain('The old key stops working');
    // The successor is listed beside the old key, which shows where it went and offers no second roll.
    await page.waitForSelector(`#api-keys tbody tr:nth-child(2)`);
    const oldRow = page.locator(`tr[data-api-key-id="${account.keyId}"]`);
    expect(await oldRow.textContent()).toContain('Rolled into key #');
    expect(await oldRow.locator('button:text("Roll")').count()).toBe(0);

    for (const key of [secret, account.key]) {
      expect((await keyed(`/v1/verifications/${verification.id}`, key)).status).toBe(200);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
