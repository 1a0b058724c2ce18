import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver, type ConsoleSession } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * Invitations outlive nobody who is gone (docs/security.md "Team console"): an admin lists who made
 * each invitation and revokes it; removing or demoting a member revokes the invitations they made; an
 * invitation whose maker is no longer an admin is refused whatever its row says.
 */
describe.each(engines)('invitations and offboarding on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN } });
    c = consoleDriver(t);
  });
  afterAll(async () => t?.close());

  const invite = async (by: ConsoleSession, email: string, role = 'admin') => {
    const res = await c.as(by, 'POST', '/v1/console/invitations', { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; link: string };
  };
  const refused = { statusCode: 404, detail: 'invitation not found, already used or expired' };
  const outcome = (res: { statusCode: number; json(): { detail?: string } }) => ({
    statusCode: res.statusCode,
    detail: res.json().detail,
  });

  it('a removed admin cannot come back through an invitation they made before their removal', async () => {
    const account = await c.openAccount('Acme offboarding');
    const alice = await c.join(account.id, 'alice@acme.example', 'admin');
    const carolInvitation = await invite(alice, 'carol@acme.example');
    const carol = (await c.acceptLink(carolInvitation.link, 'Carol')).session!;
    const wayBack = await invite(carol, 'carol.private@mail.example');

    // The list says who made the invitation.
    const listed = (await c.as(alice, 'GET', '/v1/console/members')).json().invitations;
    expect(listed.find((i: { id: number }) => i.id === wayBack.id)).toMatchObject({
      invited_by: carol.memberId,
      revoked_at: null,
    });

    const removed = await c.as(alice, 'DELETE', `/v1/console/members/${carol.memberId}`);
    expect(removed.json()).toEqual({ id: carol.memberId, ended_sessions: 1, revoked_invitations: 1 });
    const attempt = await c.acceptLink(wayBack.link, 'Carol again');
    expect(outcome(attempt.options)).toEqual(refused);

    const audit = (await c.as(alice, 'GET', '/v1/console/audit-log')).json().entries;
    expect(
      audit.map((e: { event: string; by_member_id: number | null; member_id: number | null }) => [
        e.event,
        e.by_member_id,
        e.member_id,
      ]),
    ).toEqual([
      ['member.removed', alice.memberId, carol.memberId],
      ['invitation.created', carol.memberId, null],
      ['member.joined', carol.memberId, carol.memberId],
      ['invitation.created', alice.memberId, null],
      ['member.joined', alice.memberId, alice.memberId],
      ['invitation.created', null, null],
      ['account.opened', null, null],
    ]);
    expect(audit[0].detail).toEqual({ role: 'admin', ended_sessions: 1, revoked_invitations: [wayBack.id] });
    expect(audit[1].detail).toEqual({
      invitation_id: wayBack.id,
      email: 'carol.private@mail.example',
      role: 'admin',
      operator: false,
    });
    expect(audit[2].detail).toMatchObject({ via: 'invitation', invited_by: alice.memberId, role: 'admin' });
  });

  it('demoting an admin revokes their pending invitations; an invitation from a former admin is refused at acceptance', async () => {
    const account = await c.openAccount('Acme demotion');
    const alice = await c.join(account.id, 'alice@demote.example', 'admin');
    const dave = (await c.acceptLink((await invite(alice, 'dave@demote.example')).link, 'Dave')).session!;
    const pending = await invite(dave, 'friend@demote.example');
    const untouched = await invite(alice, 'other@demote.example', 'viewer');

    const demoted = await c.as(alice, 'PATCH', `/v1/console/members/${dave.memberId}`, { role: 'reviewer' });
    expect(demoted.statusCode).toBe(200);
    const invitations = (await c.as(alice, 'GET', '/v1/console/members')).json().invitations;
    const byId = (id: number) => invitations.find((i: { id: number }) => i.id === id);
    expect(byId(pending.id).revoked_at).not.toBeNull();
    expect(byId(untouched.id).revoked_at).toBeNull();

    // A row the cascade never reached (one written before it existed, or by hand) is still refused:
    // acceptance looks at the maker itself, at the options step and inside the accepting transaction.
    await sql`UPDATE member_invitations SET revoked_at = NULL WHERE id = ${pending.id}`.execute(
      t.platform.database.db,
    );
    expect(outcome((await c.acceptLink(pending.link, 'Friend')).options)).toEqual(refused);
    const accepted = await t.platform.stores.members.acceptInvitation({
      invitationId: pending.id,
      displayName: 'Friend',
      passkey: {
        credential_id: 'direct-accept',
        public_key: new Uint8Array([1]),
        counter: 0,
        transports: [],
      },
      at: t.clock.now(),
    });
    expect(accepted).toBeUndefined();
    expect((await c.acceptLink(untouched.link, 'Other')).accept?.statusCode).toBe(200);
  });

  it('an admin revokes a pending invitation; others cannot, and a used one stays used', async () => {
    const account = await c.openAccount('Acme revoke');
    const other = await c.openAccount('Elsewhere revoke');
    const alice = await c.join(account.id, 'alice@revoke.example', 'admin');
    const reviewer = await c.join(account.id, 'rita@revoke.example', 'reviewer');
    const mallory = await c.join(other.id, 'mallory@evil.example', 'admin');
    const invitation = await invite(alice, 'eve@revoke.example');

    for (const [session, status] of [
      [reviewer, 403],
      [mallory, 404],
    ] as const) {
      const res = await c.as(session, 'DELETE', `/v1/console/invitations/${invitation.id}`);
      expect(res.statusCode).toBe(status);
    }
    const withoutCsrf = await c.as(alice, 'DELETE', `/v1/console/invitations/${invitation.id}`, undefined, {
      csrf: false,
    });
    expect(withoutCsrf.statusCode).toBe(403);

    const revoked = await c.as(alice, 'DELETE', `/v1/console/invitations/${invitation.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      id: invitation.id,
      invited_by: alice.memberId,
      accepted_at: null,
    });
    expect(revoked.json().revoked_at).not.toBeNull();
    const again = await c.as(alice, 'DELETE', `/v1/console/invitations/${invitation.id}`);
    expect([again.statusCode, again.json().revoked_at]).toEqual([200, revoked.json().revoked_at]);
    expect(outcome((await c.acceptLink(invitation.link, 'Eve')).options)).toEqual(refused);

    const used = await invite(alice, 'used@revoke.example', 'viewer');
    expect((await c.acceptLink(used.link, 'Used')).accept?.statusCode).toBe(200);
    expect(outcome(await c.as(alice, 'DELETE', `/v1/console/invitations/${used.id}`))).toEqual(refused);
    for (const id of ['0', 'x', '99999999']) {
      expect((await c.as(alice, 'DELETE', `/v1/console/invitations/${id}`)).statusCode).toBe(404);
    }

    const audit = (await c.as(alice, 'GET', '/v1/console/audit-log')).json().entries;
    expect(audit.filter((e: { event: string }) => e.event === 'invitation.revoked')).toEqual([
      expect.objectContaining({
        by_member_id: alice.memberId,
        detail: { invitation_id: invitation.id, email: 'eve@revoke.example', role: 'admin' },
      }),
    ]);
  });
});
