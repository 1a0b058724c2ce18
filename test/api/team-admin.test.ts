import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** An account's admin pages through the member routes (docs/review.md "Admin pages"). */

describe.each(engines)('account administration on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' },
    });
    c = consoleDriver(t);
  });
  afterAll(async () => t?.close());

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
    expect([removed.statusCode, removed.json()]).toEqual([200, { id: viewer.memberId, ended_sessions: 2 }]);
    for (const session of [viewer, secondDevice]) {
      expect((await c.as(session, 'GET', '/v1/console/session')).statusCode).toBe(401);
    }
    // A removed member cannot sign in again, and is no longer listed.
    const options = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/console/sign-in/options',
        payload: {},
        headers: { origin: CONSOLE_ORIGIN },
      })
    ).json();
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/console/sign-in',
      headers: { origin: CONSOLE_ORIGIN },
      payload: {
        ceremony_id: options.ceremony_id,
        credential: viewer.authenticator.signIn(options.options, CONSOLE_ORIGIN),
      },
    });
    expect(again.statusCode).toBe(401);
    const team = (await c.as(reviewer, 'GET', '/v1/console/members')).json();
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['admin@roles.example', 'reviewer'],
      ['reviewer@roles.example', 'admin'],
    ]);
    // Removing someone already removed: 404.
    expect((await c.as(reviewer, 'DELETE', `/v1/console/members/${viewer.memberId}`)).statusCode).toBe(404);

    // The account's audit trail names who did each change; the other account sees none of it.
    const audit = (await c.as(reviewer, 'GET', '/v1/console/audit-log')).json();
    expect(
      audit.entries.map((e: { event: string; by_member_id: number; member_id: number; detail: object }) => [
        e.event,
        e.by_member_id,
        e.member_id,
        e.detail,
      ]),
    ).toEqual([
      ['member.removed', reviewer.memberId, viewer.memberId, { role: 'viewer', ended_sessions: 2 }],
      ['member.role_changed', admin.memberId, admin.memberId, { from_role: 'admin', to_role: 'reviewer' }],
      ['member.role_changed', admin.memberId, reviewer.memberId, { from_role: 'reviewer', to_role: 'admin' }],
    ]);
    expect((await c.as(outsider, 'GET', '/v1/console/audit-log')).json().entries).toEqual([]);
  });
});
