import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * The operator opens a merchant account and invites its first admin over HTTP, while the service
 * runs: with the operator's API key (`POST /v1/accounts` with `first_admin_email`) or as an operator
 * member in the console (`POST /v1/console/operator/accounts`). The invitee's link works at once.
 */
describe.each(engines)('opening an account with its first admin on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN } });
    c = consoleDriver(t);
  });
  afterAll(() => t?.close());

  const auditOf = async (admin: Parameters<typeof c.as>[0]) =>
    (await c.as(admin, 'GET', '/v1/console/audit-log')).json().entries as Array<{
      event: string;
      by_member_id: number | null;
    }>;

  it("with the operator's key: the account, its root key and an invitation link the admin accepts", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-api-key': t.rootKey },
      payload: { name: 'Keyed Ltd', first_admin_email: 'Founder@Keyed.example' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.api_key.api_key).toMatch(/^svc_/);
    expect(body.first_admin_invitation).toEqual({
      id: expect.any(Number),
      email: 'founder@keyed.example',
      role: 'admin',
      expires_at: expect.any(String),
      url: expect.stringMatching(new RegExp(`^${CONSOLE_ORIGIN}/console#invitation=[A-Za-z0-9_-]{43}$`)),
    });

    const joined = await c.acceptLink(body.first_admin_invitation.url, 'Founder');
    expect(joined.accept?.statusCode, joined.accept?.body).toBe(200);
    const session = (await c.as(joined.session!, 'GET', '/v1/console/session')).json();
    expect(session.member).toMatchObject({ account_id: body.id, role: 'admin', operator: false });
    expect(joined.accept?.json().member.email).toBe('founder@keyed.example');

    // Without an email the answer is as before, with no invitation.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-api-key': t.rootKey },
      payload: { name: 'Plain Ltd' },
    });
    expect([plain.statusCode, plain.json().first_admin_invitation]).toEqual([201, null]);

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-api-key': t.rootKey },
      payload: { name: 'Bad Ltd', first_admin_email: 'not-an-email' },
    });
    expect(invalid.statusCode).toBe(422);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: { 'x-api-key': t.rootKey } })
    ).json() as Array<{ name: string }>;
    expect(listed.map((a) => a.name)).not.toContain('Bad Ltd');
  });

  it('as an operator member in the console: no key, the invitation shown once, the opening audited', async () => {
    const operatorAccount = await c.openAccount('Operations');
    const operator = await c.join(operatorAccount.id, 'ops@operator.example', 'admin', undefined, {
      operator: true,
    });
    const res = await c.as(operator, 'POST', '/v1/console/operator/accounts', {
      name: 'Console Ltd',
      admin_email: 'boss@console.example',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Console Ltd',
      created_at: expect.any(String),
      first_admin_invitation: expect.objectContaining({ email: 'boss@console.example', role: 'admin' }),
    });

    const listed = (await c.as(operator, 'GET', '/v1/console/operator/accounts')).json();
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: body.id, name: 'Console Ltd', live_api_keys: 0, verifications: 0 }),
      ]),
    );

    const joined = await c.acceptLink(body.first_admin_invitation.url, 'Boss');
    expect(joined.accept?.statusCode, joined.accept?.body).toBe(200);
    const admin = joined.session!;
    // The new admin mints the account's first key in the console.
    const minted = await c.as(admin, 'POST', '/v1/console/keys', { label: 'backend', scopes: ['*'] });
    expect(minted.statusCode, minted.body).toBe(201);

    const audit = await auditOf(admin);
    expect(audit.map((e) => e.event)).toEqual(
      expect.arrayContaining(['account.opened', 'invitation.created', 'member.joined']),
    );
    expect(audit.find((e) => e.event === 'account.opened')?.by_member_id).toBe(operator.memberId);
    expect(audit.find((e) => e.event === 'invitation.created')?.by_member_id).toBe(operator.memberId);
  });

  it('refuses anyone but an operator member, and a request without its CSRF token', async () => {
    const merchant = await c.openAccount('Merchant Ltd');
    const admin = await c.join(merchant.id, 'admin@merchant.example', 'admin');
    const payload = { name: 'Sneaky Ltd', admin_email: 'x@sneaky.example' };
    const refused = await c.as(admin, 'POST', '/v1/console/operator/accounts', payload);
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: 'this needs the operator role' }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/console/operator/accounts',
      payload,
      headers: { origin: CONSOLE_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);

    const operatorAccount = await c.openAccount('Operations 2');
    const operator = await c.join(operatorAccount.id, 'ops2@operator.example', 'admin', undefined, {
      operator: true,
    });
    const noCsrf = await c.as(operator, 'POST', '/v1/console/operator/accounts', payload, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-api-key': merchant.apiKey },
      payload: { name: 'Sneaky Ltd', first_admin_email: 'x@sneaky.example' },
    });
    expect(keyed.statusCode).toBe(403);
    const names = (await c.as(operator, 'GET', '/v1/console/operator/accounts')).json() as Array<{
      name: string;
    }>;
    expect(names.map((a) => a.name)).not.toContain('Sneaky Ltd');
  });
});
