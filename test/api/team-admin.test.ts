import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookPayload } from '../../src/core/webhooks/signature.js';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import type { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** An account's admin pages through the member routes (docs/review.md "Admin pages"). */

describe.each(engines)('account administration on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  let stopBackground: (() => Promise<void>) | undefined;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' },
    });
    c = consoleDriver(t);
    stopBackground = await t.modules.startBackground();
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await stopBackground?.();
    await t?.close();
  });

  /** A passkey sign-in whatever its outcome (the driver's signIn expects one to succeed). */
  const signInAttempt = async (authenticator: SoftAuthenticator) => {
    const options = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/console/sign-in/options',
        payload: {},
        headers: { origin: CONSOLE_ORIGIN },
      })
    ).json();
    return t.app.inject({
      method: 'POST',
      url: '/v1/console/sign-in',
      headers: { origin: CONSOLE_ORIGIN },
      payload: {
        ceremony_id: options.ceremony_id,
        credential: authenticator.signIn(options.options, CONSOLE_ORIGIN),
      },
    });
  };

  const keyed = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });

  const createVerification = async (apiKey: string, externalRef: string): Promise<string> => {
    const res = await keyed(apiKey, 'POST', '/v1/verifications', { external_ref: externalRef });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };

  it('an admin changes roles and removes members; the last admin stays; removal ends every session at once', async () => {
    const account = await c.openAccount('Roles Ltd');
    const other = await c.openAccount('Elsewhere Ltd');
    const admin = await c.join(account.id, 'admin@roles.example', 'admin');
    const reviewer = await c.join(account.id, 'reviewer@roles.example', 'reviewer');
    const viewer = await c.join(account.id, 'viewer@roles.example', 'viewer');
    const outsider = await c.join(other.id, 'admin@elsewhere.example', 'admin');

    // Role boundaries: a reviewer or a viewer changes no one.
    for (const session of [reviewer, viewer]) {
      const patch = await c.as(session, 'PATCH', `/v1/console/members/${viewer.memberId}`, {
        role: 'admin',
      });
      expect([patch.statusCode, patch.json()]).toEqual([403, { detail: 'this needs the admin role' }]);
      expect((await c.as(session, 'DELETE', `/v1/console/members/${viewer.memberId}`)).statusCode).toBe(403);
      expect((await c.as(session, 'GET', '/v1/console/audit-log')).statusCode).toBe(403);
    }
    // CSRF: without the token, nothing changes.
    const forged = await c.as(
      admin,
      'PATCH',
      `/v1/console/members/${viewer.memberId}`,
      { role: 'admin' },
      { csrf: false },
    );
    expect([forged.statusCode, forged.json()]).toEqual([403, { detail: 'missing or invalid CSRF token' }]);
    expect(
      (await c.as(admin, 'DELETE', `/v1/console/members/${viewer.memberId}`, undefined, { csrf: false }))
        .statusCode,
    ).toBe(403);
    // Another account's admin: the member does not exist for them.
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await c.as(
        outsider,
        method,
        `/v1/console/members/${viewer.memberId}`,
        method === 'PATCH' ? { role: 'viewer' } : undefined,
      );
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'member not found' }]);
    }
    for (const id of ['0', 'abc', '99999999']) {
      expect((await c.as(admin, 'DELETE', `/v1/console/members/${id}`)).statusCode).toBe(404);
    }

    // The last admin can be neither demoted nor removed.
    const demoteSelf = await c.as(admin, 'PATCH', `/v1/console/members/${admin.memberId}`, {
      role: 'reviewer',
    });
    expect([demoteSelf.statusCode, demoteSelf.json()]).toEqual([
      409,
      { detail: 'an account keeps at least one admin: make another member admin first' },
    ]);
    expect((await c.as(admin, 'DELETE', `/v1/console/members/${admin.memberId}`)).statusCode).toBe(409);

    // Promote the reviewer; then the first admin may step down.
    const promoted = await c.as(admin, 'PATCH', `/v1/console/members/${reviewer.memberId}`, {
      role: 'admin',
    });
    expect([promoted.statusCode, promoted.json().role]).toEqual([200, 'admin']);
    const steppedDown = await c.as(admin, 'PATCH', `/v1/console/members/${admin.memberId}`, {
      role: 'reviewer',
    });
    expect([steppedDown.statusCode, steppedDown.json().role]).toEqual([200, 'reviewer']);
    // The new role holds at once, in the same session.
    expect((await c.as(admin, 'GET', '/v1/console/members')).statusCode).toBe(403);

    // Removal: the viewer's sessions on two devices both end.
    const secondDevice = await c.signIn(viewer.authenticator);
    const removed = await c.as(reviewer, 'DELETE', `/v1/console/members/${viewer.memberId}`);
    expect([removed.statusCode, removed.json()]).toEqual([
      200,
      { id: viewer.memberId, ended_sessions: 2, revoked_invitations: 0 },
    ]);
    for (const session of [viewer, secondDevice]) {
      expect((await c.as(session, 'GET', '/v1/console/session')).statusCode).toBe(401);
    }
    // A removed member cannot sign in again, and is no longer listed.
    expect((await signInAttempt(viewer.authenticator)).statusCode).toBe(401);
    const team = (await c.as(reviewer, 'GET', '/v1/console/members')).json();
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['admin@roles.example', 'reviewer'],
      ['reviewer@roles.example', 'admin'],
    ]);
    // Removing someone already removed: 404.
    expect((await c.as(reviewer, 'DELETE', `/v1/console/members/${viewer.memberId}`)).statusCode).toBe(404);

    // The account's audit trail names who did each change; the other account sees none of it.
    const audit = (await c.as(reviewer, 'GET', '/v1/console/audit-log')).json();
    const changes = audit.entries.filter((e: { event: string }) => e.event.startsWith('member.r'));
    expect(
      changes.map((e: { event: string; by_member_id: number; member_id: number; detail: object }) => [
        e.event,
        e.by_member_id,
        e.member_id,
        e.detail,
      ]),
    ).toEqual([
      [
        'member.removed',
        reviewer.memberId,
        viewer.memberId,
        { role: 'viewer', ended_sessions: 2, revoked_invitations: [] },
      ],
      [
        'member.role_changed',
        admin.memberId,
        admin.memberId,
        { from_role: 'admin', to_role: 'reviewer', revoked_invitations: [] },
      ],
      [
        'member.role_changed',
        admin.memberId,
        reviewer.memberId,
        { from_role: 'reviewer', to_role: 'admin', revoked_invitations: [] },
      ],
    ]);
    const outsiders = (await c.as(outsider, 'GET', '/v1/console/audit-log')).json().entries;
    expect(outsiders.map((e: { event: string; member_id: number | null }) => [e.event, e.member_id])).toEqual(
      [
        ['member.joined', outsider.memberId],
        ['invitation.created', null],
        ['account.opened', null],
      ],
    );

    // Invited again, the removed member comes back as the same member with the new invitation's role
    // and only the passkey just made: the one they had before stays refused.
    const rejoined = await c.join(account.id, 'viewer@roles.example', 'reviewer');
    expect(rejoined.memberId).toBe(viewer.memberId);
    const listed = (await c.as(reviewer, 'GET', '/v1/console/members')).json();
    expect(listed.members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual([
      'viewer@roles.example',
      'reviewer',
    ]);
    expect((await signInAttempt(viewer.authenticator)).statusCode).toBe(401);
    expect((await c.signIn(rejoined.authenticator)).memberId).toBe(viewer.memberId);
  });

  it("an account endpoint receives the events of every key's verifications in the account, and no other account's", async () => {
    const account = await c.openAccount('Hooks Ltd');
    const other = await c.openAccount('Other Hooks Ltd');
    const admin = await c.join(account.id, 'admin@hooks.example', 'admin');
    const reviewer = await c.join(account.id, 'reviewer@hooks.example', 'reviewer');
    const viewer = await c.join(account.id, 'viewer@hooks.example', 'viewer');
    const outsider = await c.join(other.id, 'admin@other-hooks.example', 'admin');
    const minted = await keyed(account.apiKey, 'POST', '/v1/keys', {
      label: 'second backend',
      scopes: ['verifications:write'],
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const secondKey = minted.json().api_key as string;
    const receiver = await startReceiver();
    receivers.push(receiver);
    const subscription = { url: receiver.url, events: ['verification.created'] };

    // Role boundaries and CSRF.
    for (const session of [reviewer, viewer]) {
      const res = await c.as(session, 'POST', '/v1/console/webhooks', subscription);
      expect([res.statusCode, res.json()]).toEqual([403, { detail: 'this needs the admin role' }]);
      expect((await c.as(session, 'GET', '/v1/console/webhooks')).statusCode).toBe(403);
    }
    expect(
      (await c.as(admin, 'POST', '/v1/console/webhooks', subscription, { csrf: false })).statusCode,
    ).toBe(403);
    // The API's URL rules hold here too.
    const bad = await c.as(admin, 'POST', '/v1/console/webhooks', { url: 'ftp://x', events: ['*'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'url']);

    const created = await c.as(admin, 'POST', '/v1/console/webhooks', subscription);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const endpoint = created.json();
    expect(endpoint).toMatchObject({
      url: receiver.url,
      events: ['verification.created'],
      active: true,
      mode: 'live',
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = (await c.as(admin, 'GET', '/v1/console/webhooks')).json();
    expect(listed.map((e: { id: number }) => e.id)).toEqual([endpoint.id]);
    expect(listed[0].secret).toBeUndefined();
    // Not a key's endpoint: the account's keys do not list it, and the other account cannot reach it.
    expect((await keyed(account.apiKey, 'GET', '/v1/webhooks')).json()).toEqual([]);
    expect((await c.as(outsider, 'GET', '/v1/console/webhooks')).json()).toEqual([]);
    for (const [method, url] of [
      ['DELETE', `/v1/console/webhooks/${endpoint.id}`],
      ['GET', `/v1/console/webhooks/${endpoint.id}/deliveries`],
    ] as const) {
      const res = await c.as(outsider, method, url);
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'webhook not found' }]);
    }

    // Verifications by two keys of the account, and one of the other account.
    const first = await createVerification(account.apiKey, 'first key');
    const second = await createVerification(secondKey, 'second key');
    const foreign = await createVerification(other.apiKey, 'other account');
    const received = await receiver.waitForRequests(2);
    const bodies = received.map((r) => JSON.parse(r.rawBody.toString('utf8')) as { verification_id: string });
    expect(bodies.map((b) => b.verification_id).sort()).toEqual([first, second].sort());
    // Signed with the secret shown once.
    for (const request of received) {
      const header = String(request.headers['x-service-signature']);
      const timestamp = Number(/t=(\d+)/.exec(header)?.[1]);
      expect(header).toBe(signWebhookPayload(request.rawBody, endpoint.secret, timestamp));
    }

    // Recent deliveries, and a retry of one.
    let deliveries: Array<{ id: number; status: string; verification_id: string }> = [];
    for (let i = 0; i < 100; i += 1) {
      deliveries = (await c.as(admin, 'GET', `/v1/console/webhooks/${endpoint.id}/deliveries`)).json().data;
      if (deliveries.length === 2 && deliveries.every((d) => d.status === 'delivered')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(deliveries.map((d) => d.verification_id)).not.toContain(foreign);
    const outsiderRetry = await c.as(
      outsider,
      'POST',
      `/v1/console/webhooks/deliveries/${deliveries[0]!.id}/retry`,
    );
    expect([outsiderRetry.statusCode, outsiderRetry.json()]).toEqual([404, { detail: 'delivery not found' }]);
    const retried = await c.as(admin, 'POST', `/v1/console/webhooks/deliveries/${deliveries[0]!.id}/retry`);
    expect([retried.statusCode, retried.json().status]).toEqual([202, 'pending']);
    await receiver.waitForRequests(3);

    // Disabled: no further deliveries; the endpoint is gone from the list.
    expect((await c.as(admin, 'DELETE', `/v1/console/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect((await c.as(admin, 'GET', '/v1/console/webhooks')).json()).toEqual([]);
    await createVerification(account.apiKey, 'after disable');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests.length).toBe(3);
  });

  it("an admin lists the account's keys and manages its publishable keys and their origins", async () => {
    const account = await c.openAccount('Embeds Ltd');
    const other = await c.openAccount('Other Embeds Ltd');
    const admin = await c.join(account.id, 'admin@embeds.example', 'admin');
    const reviewer = await c.join(account.id, 'reviewer@embeds.example', 'reviewer');
    const outsider = await c.join(other.id, 'admin@other-embeds.example', 'admin');
    const keys = (await c.as(admin, 'GET', '/v1/console/keys')).json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ scopes: ['*'], mode: 'live', revoked_at: null });
    expect(JSON.stringify(keys)).not.toContain(account.apiKey);
    const otherKeyId = (await c.as(outsider, 'GET', '/v1/console/keys')).json()[0].id;

    const body = { api_key_id: keys[0].id, label: 'shop', allowed_origins: ['https://shop.example'] };
    expect((await c.as(reviewer, 'POST', '/v1/console/publishable-keys', body)).statusCode).toBe(403);
    expect((await c.as(reviewer, 'GET', '/v1/console/keys')).statusCode).toBe(403);
    expect(
      (await c.as(admin, 'POST', '/v1/console/publishable-keys', body, { csrf: false })).statusCode,
    ).toBe(403);
    // Another account's API key cannot own this account's publishable key.
    const foreignOwner = await c.as(admin, 'POST', '/v1/console/publishable-keys', {
      ...body,
      api_key_id: otherKeyId,
    });
    expect([foreignOwner.statusCode, foreignOwner.json()]).toEqual([404, { detail: 'api key not found' }]);
    const badOrigin = await c.as(admin, 'POST', '/v1/console/publishable-keys', {
      ...body,
      allowed_origins: ['https://shop.example/path'],
    });
    expect(badOrigin.statusCode).toBe(422);

    const created = await c.as(admin, 'POST', '/v1/console/publishable-keys', body);
    expect(created.statusCode, created.body).toBe(201);
    const pk = created.json();
    expect(pk).toMatchObject({
      api_key_id: keys[0].id,
      label: 'shop',
      allowed_origins: ['https://shop.example'],
    });
    // The API key that owns it lists it too.
    const viaKey = (await keyed(account.apiKey, 'GET', '/v1/publishable-keys')).json();
    expect(viaKey.map((k: { id: number }) => k.id)).toEqual([pk.id]);

    const edited = await c.as(admin, 'PUT', `/v1/console/publishable-keys/${pk.id}/origins`, {
      allowed_origins: ['https://shop.example', 'https://checkout.shop.example'],
    });
    expect([edited.statusCode, edited.json().allowed_origins]).toEqual([
      200,
      ['https://shop.example', 'https://checkout.shop.example'],
    ]);
    // The hosted flow's frame-ancestors follow the edit.
    const flow = await t.app.inject({ method: 'GET', url: `/flow?pk=${pk.publishable_key}` });
    expect(String(flow.headers['content-security-policy'])).toContain(
      'frame-ancestors https://shop.example https://checkout.shop.example',
    );

    for (const [method, url, payload] of [
      ['PUT', `/v1/console/publishable-keys/${pk.id}/origins`, { allowed_origins: [] }],
      ['POST', `/v1/console/publishable-keys/${pk.id}/revoke`, undefined],
    ] as const) {
      const res = await c.as(outsider, method, url, payload);
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'publishable key not found' }]);
    }
    expect((await c.as(outsider, 'GET', '/v1/console/publishable-keys')).json()).toEqual([]);

    const revoked = await c.as(admin, 'POST', `/v1/console/publishable-keys/${pk.id}/revoke`);
    expect([revoked.statusCode, revoked.json().revoked_at]).toEqual([200, expect.any(String)]);
    expect(
      (await c.as(admin, 'PUT', `/v1/console/publishable-keys/${pk.id}/origins`, { allowed_origins: [] }))
        .statusCode,
    ).toBe(404);
    expect((await c.as(admin, 'GET', '/v1/console/publishable-keys')).json()).toHaveLength(1);
  });

  it("an operator member, invited from the host's CLI, sees every account's usage and the deployment's health", async () => {
    const operatorAccount = await c.openAccount('Operations');
    const merchant = await c.openAccount('Usage Ltd');
    await createVerification(merchant.apiKey, 'usage');
    const operator = await c.join(operatorAccount.id, 'ops@operator.example', 'admin', undefined, {
      operator: true,
    });
    const merchantAdmin = await c.join(merchant.id, 'admin@usage.example', 'admin');

    const session = (await c.as(operator, 'GET', '/v1/console/session')).json();
    expect(session.member).toMatchObject({ operator: true, account_id: operatorAccount.id });
    const accounts = await c.as(operator, 'GET', '/v1/console/operator/accounts');
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(accounts.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: merchant.id, name: 'Usage Ltd', live_api_keys: 1, verifications: 1 }),
      ]),
    );
    const health = await c.as(operator, 'GET', '/v1/console/operator/health');
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json().status).toMatch(/^(ready|degraded)$/);
    expect(health.json().components.database).toMatchObject({ status: 'ok' });

    // An account's admin is no operator, and no member can make one.
    for (const url of ['/v1/console/operator/accounts', '/v1/console/operator/health']) {
      const refused = await c.as(merchantAdmin, 'GET', url);
      expect([refused.statusCode, refused.json()]).toEqual([403, { detail: 'this needs the operator role' }]);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    await expect(
      createInvitation(
        { members: t.platform.stores.members, clock: t.clock, consoleUrl: `${CONSOLE_ORIGIN}/console` },
        {
          accountId: merchant.id,
          email: 'sneaky@usage.example',
          role: 'admin',
          invitedBy: {
            id: merchantAdmin.memberId,
            accountId: merchant.id,
            email: 'admin@usage.example',
            displayName: 'admin',
            role: 'admin',
            operator: false,
          },
          operator: true,
        },
      ),
    ).rejects.toThrow('this needs the operator role');
  });
});
