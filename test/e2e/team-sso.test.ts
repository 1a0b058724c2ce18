import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/browser.js';
import { startService, type RunningService } from './helpers/service.js';

/**
 * Single sign-on in real Chromium: a person starts at the console's sign-in page, types the account
 * number, signs in on the account's OpenID Connect provider (a real `oidc-provider` on a loopback port,
 * its development login and consent forms) and comes back signed in to the console.
 */

const CLIENT = { client_id: 'idv-console', client_secret: 'a-long-client-secret-0123456789abcdef' };

let browser: Browser;
let service: RunningService;
let providerServer: http.Server;
let accountId: number;

beforeAll(async () => {
  // The provider runs on loopback http, which only the insecure development setting lets the service reach.
  service = await startService(
    { ML_DISABLED: '1', WEBHOOK_ALLOW_INSECURE: '1' },
    { publicHost: 'localhost' },
  );
  providerServer = http.createServer();
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${service.publicBaseUrl}/v1/console/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // The login name is the person's address; the provider vouches for it.
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: 'Ada Lovelace' }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-signing-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
  });
  providerServer.on('request', provider.callback());

  const opened = await fetch(`${service.origin}/v1/accounts`, {
    method: 'POST',
    headers: { 'x-api-key': service.rootKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Acme Ltd' }),
  });
  accountId = ((await opened.json()) as { id: number }).id;
  // What the account's admin sets on the Settings page (PUT /v1/console/sso).
  await service.platform.stores.sso.save(
    {
      accountId,
      issuer,
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
      allowedDomains: ['acme.example'],
    },
    new Date(),
  );
  browser = await launchChromium([`--host-resolver-rules=MAP localhost 127.0.0.1`]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => providerServer?.close(resolve));
  await service?.close();
});

describe('single sign-on in the review console', () => {
  it("signs a person in through the account's provider's login form and back into the console", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${service.publicBaseUrl}/console`);
    await page.waitForSelector('h1:text("Sign in")');
    await page.fill('#sso-account', String(accountId));
    await page.click('button:text("Continue with single sign-on")');

    // The provider's own pages: its login form, then its consent form.
    await page.waitForSelector('input[name="login"]');
    expect(new URL(page.url()).port).toBe(String((providerServer.address() as AddressInfo).port));
    await page.fill('input[name="login"]', 'ada@acme.example');
    await page.fill('input[name="password"]', 'any');
    await page.click('button[type="submit"]');
    await page.waitForSelector('button[type="submit"]:text-matches("continue", "i")');
    await page.click('button[type="submit"]');

    // Back in the console, signed in as the provisioned viewer.
    await page.waitForSelector('#queue-status');
    expect(page.url()).toBe(`${service.publicBaseUrl}/console#/`);
    const session = await page.evaluate(async () => {
      const response = await fetch('/v1/console/session', { credentials: 'same-origin' });
      return { status: response.status, body: await response.json() };
    });
    expect(session.status).toBe(200);
    expect(session.body.member).toMatchObject({
      email: 'ada@acme.example',
      role: 'viewer',
      account_id: accountId,
      display_name: 'Ada Lovelace',
    });
    const cookie = (await context.cookies()).find((c) => c.name === 'idv_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
