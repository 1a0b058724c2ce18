import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestToken } from '../../src/core/members/members.js';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { createSoftAuthenticator, type SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { startReceiver, waitForEvent, type Receiver } from '../helpers/webhook-receiver.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** Members, invitations, passkey sign-in and console sessions (docs/review.md "Teams"). */

const ORIGIN = 'https://idv.example.test';
const COOKIE = '__Host-idv_session';

type Session = { cookie: string; csrf: string; memberId: number };

describe.each(engines)('teams on %s', (engine) => {
  let t: TestContext;
  let accountA: number;
  let accountB: number;
  let accountAKey: string;
  let stopBackground: (() => Promise<void>) | undefined;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' } });
    stopBackground = await t.modules.startBackground();
    const open = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/accounts',
          headers: { 'x-api-key': t.rootKey },
          payload: { name },
        })
      ).json() as { id: number; api_key: { api_key: string } };
    const a = await open('Merchant A');
    accountA = a.id;
    accountAKey = a.api_key.api_key;
    accountB = (await open('Merchant B')).id;
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await stopBackground?.();
    await t.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers } });
  const get = (url: string, session: Session | string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${COOKIE}=${typeof session === 'string' ? session : session.cookie}` },
    });
  const asMember = (session: Session, extra: Record<string, string> = {}) => ({
    cookie: `${COOKIE}=${session.cookie}`,
    'x-csrf-token': session.csrf,
    ...extra,
  });

  const sessionFrom = (res: Awaited<ReturnType<typeof post>>): Session => {
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    const value = new RegExp(`^${COOKIE}=([A-Za-z0-9_-]{43});`).exec(setCookie)?.[1];
    expect(value).toBeDefined();
    return { cookie: value!, csrf: res.json().csrf_token, memberId: res.json().member.id };
  };

  const cliInvitation = async (accountId: number, email: string, role: 'admin' | 'reviewer' | 'viewer') => {
    const { link } = await createInvitation(
      { members: t.platform.stores.members, clock: t.clock, consoleUrl: `${ORIGIN}/console` },
      { accountId, email, role, invitedBy: null },
    );
    return link.split('#invitation=')[1]!;
  };

  const accept = async (
    token: string,
    authenticator: SoftAuthenticator,
    headers: Record<string, string> = {},
    name = 'Ada',
  ) => {
    const options = await post('/v1/console/invitations/options', { token, display_name: name });
    expect(options.statusCode, options.body).toBe(200);
    const { ceremony_id, options: creation } = options.json();
    return post(
      '/v1/console/invitations/accept',
      { token, display_name: name, ceremony_id, credential: authenticator.register(creation, ORIGIN) },
      headers,
    );
  };

  const signIn = async (authenticator: SoftAuthenticator, headers: Record<string, string> = {}) => {
    const options = (await post('/v1/console/sign-in/options', {})).json();
    return post(
      '/v1/console/sign-in',
      { ceremony_id: options.ceremony_id, credential: authenticator.signIn(options.options, ORIGIN) },
      headers,
    );
  };

  it('an invited admin registers a passkey, is signed in with a flagged cookie, and invites a reviewer', async () => {
    const token = await cliInvitation(accountA, 'Admin@Example.com', 'admin');
    // Only the token's digest is stored.
    const stored = await t.platform.database.db
      .selectFrom('member_invitations')
      .select('token_hash')
      .execute();
    expect(stored.map((r) => r.token_hash)).toContain(digestToken(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const admin = createSoftAuthenticator();
    const res = await accept(token, admin);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-idv_session=[A-Za-z0-9_-]{43}; /);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(flag);
    expect(cookie).not.toMatch(/Domain=/i);
    const session = sessionFrom(res);
    expect(res.json().member).toMatchObject({
      email: 'admin@example.com',
      role: 'admin',
      account_id: accountA,
    });
    const sessions = await t.platform.database.db.selectFrom('member_sessions').select('id_hash').execute();
    expect(sessions.map((s) => s.id_hash)).toContain(digestToken(session.cookie));
    expect(sessions.map((s) => s.id_hash)).not.toContain(session.cookie);

    const me = await get('/v1/console/session', session);
    expect(me.statusCode).toBe(200);
    expect(me.json().csrf_token).toBe(session.csrf);

    // Single use: the link works once.
    const again = await post('/v1/console/invitations/options', { token, display_name: 'Eve' });
    expect([again.statusCode, again.json()]).toEqual([
      404,
      { detail: 'invitation not found, already used or expired' },
    ]);

    const invited = await post(
      '/v1/console/invitations',
      { email: 'reviewer@example.com', role: 'reviewer' },
      asMember(session),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().link).toMatch(new RegExp(`^${ORIGIN}/console#invitation=[A-Za-z0-9_-]{43}$`));
    const reviewer = createSoftAuthenticator();
    const reviewerSession = sessionFrom(await accept(invited.json().link.split('#invitation=')[1], reviewer));

    const team = (await get('/v1/console/members', session)).json();
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['reviewer@example.com', 'reviewer'],
    ]);

    // Role boundary: a reviewer manages no one.
    const denied = await post(
      '/v1/console/invitations',
      { email: 'x@example.com', role: 'admin' },
      asMember(reviewerSession),
    );
    expect([denied.statusCode, denied.json()]).toEqual([403, { detail: 'this needs the admin role' }]);
    expect((await get('/v1/console/members', reviewerSession)).statusCode).toBe(403);
  });

  it('refuses state-changing requests without the CSRF token or from another origin', async () => {
    const session = sessionFrom(
      await accept(await cliInvitation(accountA, 'csrf@example.com', 'admin'), createSoftAuthenticator()),
    );
    const body = { email: 'victim@example.com', role: 'admin' };
    const noToken = await post('/v1/console/invitations', body, { cookie: `${COOKIE}=${session.cookie}` });
    expect([noToken.statusCode, noToken.json()]).toEqual([403, { detail: 'missing or invalid CSRF token' }]);
    const wrongToken = await post(
      '/v1/console/invitations',
      body,
      asMember(session, { 'x-csrf-token': 'x'.repeat(43) }),
    );
    expect(wrongToken.statusCode).toBe(403);
    const foreign = await post(
      '/v1/console/invitations',
      body,
      asMember(session, { origin: 'https://evil.example' }),
    );
    expect(foreign.statusCode).toBe(403);
    // Another session's token is not this session's.
    const other = sessionFrom(
      await accept(await cliInvitation(accountA, 'other@example.com', 'admin'), createSoftAuthenticator()),
    );
    expect(
      (await post('/v1/console/invitations', body, asMember(session, { 'x-csrf-token': other.csrf })))
        .statusCode,
    ).toBe(403);
    // A sign-in posted from another origin is refused too.
    const options = await post('/v1/console/sign-in/options', {}, { origin: 'https://evil.example' });
    expect(options.statusCode).toBe(403);
    // Without a session: 401.
    expect((await post('/v1/console/invitations', body)).statusCode).toBe(401);
  });

  it('rotates the session id at sign-in: a session presented at sign-in is ended, never kept (no fixation)', async () => {
    const authenticator = createSoftAuthenticator();
    const first = sessionFrom(
      await accept(await cliInvitation(accountA, 'fix@example.com', 'viewer'), authenticator),
    );
    // A planted id the service never issued is not accepted, and a sign-in does not adopt it.
    const planted = 'A'.repeat(43);
    expect((await get('/v1/console/session', planted)).statusCode).toBe(401);
    const second = sessionFrom(await signIn(authenticator, { cookie: `${COOKIE}=${first.cookie}` }));
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.cookie).not.toBe(planted);
    expect((await get('/v1/console/session', first)).statusCode).toBe(401);
    expect((await get('/v1/console/session', second)).json().member.email).toBe('fix@example.com');
    const third = sessionFrom(await signIn(authenticator, { cookie: `${COOKIE}=${planted}` }));
    expect(third.cookie).not.toBe(planted);
    expect((await get('/v1/console/session', planted)).statusCode).toBe(401);
  });

  it('refuses a passkey that does not verify, a replayed ceremony and an unknown credential', async () => {
    const authenticator = createSoftAuthenticator();
    await accept(await cliInvitation(accountA, 'replay@example.com', 'viewer'), authenticator);
    const options = (await post('/v1/console/sign-in/options', {})).json();
    const credential = authenticator.signIn(options.options, ORIGIN);
    const tampered = structuredClone(credential) as { response: { signature: string } };
    tampered.response.signature = Buffer.from('not a signature').toString('base64url');
    const bad = await post('/v1/console/sign-in', { ceremony_id: options.ceremony_id, credential: tampered });
    expect([bad.statusCode, bad.json()]).toEqual([401, { detail: 'the passkey could not be verified' }]);
    // The ceremony was used up by the failed attempt.
    expect(
      (await post('/v1/console/sign-in', { ceremony_id: options.ceremony_id, credential })).statusCode,
    ).toBe(401);
    // A credential made for another origin.
    const fresh = (await post('/v1/console/sign-in/options', {})).json();
    const phished = authenticator.signIn(fresh.options, 'https://idv.example.test.evil.example');
    expect(
      (await post('/v1/console/sign-in', { ceremony_id: fresh.ceremony_id, credential: phished })).statusCode,
    ).toBe(401);
    // A stranger's passkey.
    const stranger = createSoftAuthenticator();
    stranger.register({ challenge: 'x', rp: { id: 'idv.example.test' }, user: { id: 'x' } }, ORIGIN);
    expect((await signIn(stranger)).statusCode).toBe(401);
    // Malformed bodies are 422, never 500.
    for (const payload of [{}, { ceremony_id: 'x' }, { ceremony_id: 'x', credential: 'y' }]) {
      expect((await post('/v1/console/sign-in', payload)).statusCode).toBe(422);
    }
  });

  it('ends sessions after the idle and absolute timeouts, and on sign-out everywhere', async () => {
    const authenticator = createSoftAuthenticator();
    const session = sessionFrom(
      await accept(await cliInvitation(accountA, 'time@example.com', 'viewer'), authenticator),
    );
    t.clock.advanceSeconds(31 * 60);
    expect((await get('/v1/console/session', session)).statusCode).toBe(401);

    const kept = sessionFrom(await signIn(authenticator));
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advanceSeconds(20 * 60);
      expect((await get('/v1/console/session', kept)).statusCode).toBe(200);
    }
    t.clock.advanceSeconds(20 * 60);
    expect((await get('/v1/console/session', kept)).statusCode).toBe(401);

    const phone = sessionFrom(await signIn(authenticator));
    const laptop = sessionFrom(await signIn(authenticator));
    const ended = await post('/v1/console/sign-out-everywhere', {}, asMember(laptop));
    expect([ended.statusCode, ended.json()]).toEqual([200, { ended_sessions: 2 }]);
    expect(String(ended.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await get('/v1/console/session', phone)).statusCode).toBe(401);
    expect((await get('/v1/console/session', laptop)).statusCode).toBe(401);

    const single = sessionFrom(await signIn(authenticator));
    expect((await post('/v1/console/sign-out', {}, asMember(single))).statusCode).toBe(204);
    expect((await get('/v1/console/session', single)).statusCode).toBe(401);
  });

  it('expires invitations, and keeps each account’s members to itself', async () => {
    const token = await cliInvitation(accountB, 'late@example.com', 'admin');
    t.clock.advanceSeconds(7 * 24 * 3600 + 1);
    expect((await post('/v1/console/invitations/options', { token, display_name: 'Late' })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/v1/console/invitations/options', { token: 'nonsense', display_name: 'X' })).statusCode,
    ).toBe(404);

    const adminB = sessionFrom(
      await accept(await cliInvitation(accountB, 'admin-b@example.com', 'admin'), createSoftAuthenticator()),
    );
    const team = (await get('/v1/console/members', adminB)).json();
    expect(team.members.map((m: { email: string }) => m.email)).toEqual(['admin-b@example.com']);
    expect(team.invitations.every((i: { email: string }) => i.email.endsWith('@example.com'))).toBe(true);
    expect(team.invitations.map((i: { email: string }) => i.email)).not.toContain('admin@example.com');
  });
  it('a reviewer decides a review case another key of the account created; the audit trail and webhook name them', async () => {
    const key = async (by: string, scopes: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { 'x-api-key': by },
        payload: { label: 'backend', scopes },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; api_key: string };
    };
    const backend = await key(accountAKey, ['verifications:write', 'verifications:read', 'webhooks:write']);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': backend.api_key },
      payload: { url: receiver.url, events: ['verification.reviewed'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { id } = await decidedVerification(t, backend.api_key);

    const admin = sessionFrom(
      await accept(await cliInvitation(accountA, 'lead@example.com', 'admin'), createSoftAuthenticator()),
    );
    const invite = async (email: string, role: string) => {
      const res = await post('/v1/console/invitations', { email, role }, asMember(admin));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().link.split('#invitation=')[1] as string;
    };
    const reviewerPasskey = createSoftAuthenticator();
    await accept(await invite('grace@example.com', 'reviewer'), reviewerPasskey, {}, 'Grace Hopper');
    // The reviewer signs in again later, with the passkey alone.
    const reviewer = sessionFrom(await signIn(reviewerPasskey));
    const viewer = sessionFrom(
      await accept(await invite('vera@example.com', 'viewer'), createSoftAuthenticator(), {}, 'Vera'),
    );
    const otherAdmin = sessionFrom(
      await accept(await cliInvitation(accountB, 'boss-b@example.com', 'admin'), createSoftAuthenticator()),
    );

    // The team queue holds the case, whichever key of the account created it.
    const queue = await get('/v1/console/verifications?decision=review&reviewed=false', reviewer);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.map((v: { id: string }) => v.id)).toContain(id);
    expect((await get(`/v1/console/verifications/${id}`, viewer)).statusCode).toBe(200);
    const evidence = await get(`/v1/console/verifications/${id}/media`, reviewer);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json().items.length).toBeGreaterThan(0);

    // Another account's member sees none of it.
    const foreignQueue = await get('/v1/console/verifications?decision=review', otherAdmin);
    expect(foreignQueue.json().data.map((v: { id: string }) => v.id)).not.toContain(id);
    for (const res of [
      await get(`/v1/console/verifications/${id}`, otherAdmin),
      await get(`/v1/console/verifications/${id}/media`, otherAdmin),
      await post(
        `/v1/console/verifications/${id}/review`,
        { decision: 'approve', note: 'x' },
        asMember(otherAdmin),
      ),
      await post(
        `/v1/console/verifications/${id}/assign`,
        { member_id: otherAdmin.memberId },
        asMember(otherAdmin),
      ),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'verification not found' }]);
    }

    // Role boundaries: a viewer cannot decide or see the evidence; a reviewer cannot mint keys.
    const viewerDecides = await post(
      `/v1/console/verifications/${id}/review`,
      { decision: 'approve', note: 'looks fine' },
      asMember(viewer),
    );
    expect([viewerDecides.statusCode, viewerDecides.json()]).toEqual([
      403,
      { detail: 'this needs the reviewer role' },
    ]);
    expect((await get(`/v1/console/verifications/${id}/media`, viewer)).statusCode).toBe(403);
    const mint = { label: 'sneaky', scopes: ['*'] };
    const reviewerMints = await post('/v1/console/keys', mint, asMember(reviewer));
    expect([reviewerMints.statusCode, reviewerMints.json()]).toEqual([
      403,
      { detail: 'this needs the admin role' },
    ]);
    const adminMints = await post('/v1/console/keys', mint, asMember(admin));
    expect(adminMints.statusCode, adminMints.body).toBe(201);
    const minted = await t.platform.database.db
      .selectFrom('api_keys')
      .select('account_id')
      .where('id', '=', adminMints.json().id)
      .executeTakeFirstOrThrow();
    expect(minted.account_id).toBe(accountA);

    // Assignment, to members of the account only.
    const foreignAssignee = await post(
      `/v1/console/verifications/${id}/assign`,
      { member_id: otherAdmin.memberId },
      asMember(reviewer),
    );
    expect([foreignAssignee.statusCode, foreignAssignee.json()]).toEqual([
      404,
      { detail: 'member not found' },
    ]);
    const assigned = await post(
      `/v1/console/verifications/${id}/assign`,
      { member_id: reviewer.memberId },
      asMember(reviewer),
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assigned_member_id).toBe(reviewer.memberId);
    const mine = await get('/v1/console/verifications?assigned=me&decision=review', reviewer);
    expect(mine.json().data.map((v: { id: string }) => v.id)).toEqual([id]);

    // A decision needs a note.
    const noNote = await post(
      `/v1/console/verifications/${id}/review`,
      { decision: 'approve', note: '  ' },
      asMember(reviewer),
    );
    expect(noNote.statusCode).toBe(422);
    const decided = await post(
      `/v1/console/verifications/${id}/review`,
      { decision: 'approve', note: 'Licence and selfie match.' },
      asMember(reviewer),
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      final_decision: 'approve',
      review: { decision: 'approve', reviewer_key_id: null, reviewer_member_id: reviewer.memberId },
    });
    expect(decided.json().audit_log.at(-1)).toMatchObject({
      event: 'verification.reviewed',
      detail: {
        reviewer_member_id: reviewer.memberId,
        reviewer_name: 'Grace Hopper',
        decision: 'approve',
        note: 'Licence and selfie match.',
      },
    });
    // The key that created it reads the person's decision too.
    const viaKey = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${id}`,
      headers: { 'x-api-key': backend.api_key },
    });
    expect(viaKey.json().review).toMatchObject({
      reviewer_key_id: null,
      reviewer_member_id: reviewer.memberId,
    });
    const again = await post(
      `/v1/console/verifications/${id}/review`,
      { decision: 'decline', note: 'changed my mind' },
      asMember(reviewer),
    );
    expect(again.statusCode).toBe(409);

    const event = JSON.parse(
      (await waitForEvent(receiver, 'verification.reviewed', id)).rawBody.toString('utf8'),
    );
    expect(event.data).toMatchObject({
      decision: 'approve',
      automatic_decision: 'review',
      reviewer_member_id: reviewer.memberId,
    });
    expect(JSON.stringify(event)).not.toContain('Licence and selfie match');

    // Once redacted, the reviewer's name is nowhere: not in the audit log (erased with the note), nor
    // in the events list or the stored webhook payloads, which carry the member's id only.
    const redacted = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${id}/redact`,
      headers: { 'x-api-key': backend.api_key },
    });
    expect(redacted.statusCode, redacted.body).toBe(200);
    const afterRedaction = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${id}`,
      headers: { 'x-api-key': backend.api_key },
    });
    const events = await t.app.inject({
      method: 'GET',
      url: '/v1/events?limit=100',
      headers: { 'x-api-key': backend.api_key },
    });
    expect(events.statusCode).toBe(200);
    const reviewedEvent = (events.json().data as Array<{ event: string; verification_id: string }>).find(
      (e) => e.event === 'verification.reviewed' && e.verification_id === id,
    );
    expect(reviewedEvent).toMatchObject({ data: { reviewer_member_id: reviewer.memberId } });
    const payloads = await t.platform.database.db
      .selectFrom('webhook_deliveries')
      .innerJoin('events', 'events.id', 'webhook_deliveries.event_id')
      .select('webhook_deliveries.payload')
      .where('events.verification_id', '=', id)
      .execute();
    expect(payloads.length).toBeGreaterThan(0);
    for (const stored of [afterRedaction.body, events.body, ...payloads.map((row) => row.payload)])
      expect(stored).not.toContain('Grace Hopper');
  });
});

describe('teams on a plain-http loopback address (development)', () => {
  it('sets the session cookie without Secure there, and says so in its name', async () => {
    const t = await createTestApp('pglite');
    try {
      const account = (
        await t.app.inject({
          method: 'POST',
          url: '/v1/accounts',
          headers: { 'x-api-key': t.rootKey },
          payload: { name: 'Dev' },
        })
      ).json().id as number;
      const { link } = await createInvitation(
        { members: t.platform.stores.members, clock: t.clock, consoleUrl: 'http://127.0.0.1:8080/console' },
        { accountId: account, email: 'dev@example.com', role: 'admin', invitedBy: null },
      );
      const token = link.split('#invitation=')[1]!;
      const origin = 'http://127.0.0.1:8080';
      const options = await t.app.inject({
        method: 'POST',
        url: '/v1/console/invitations/options',
        payload: { token, display_name: 'Dev' },
      });
      const { ceremony_id, options: creation } = options.json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/console/invitations/accept',
        payload: {
          token,
          display_name: 'Dev',
          ceremony_id,
          credential: createSoftAuthenticator().register(creation, origin),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^idv_session=/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).not.toContain('Secure');
    } finally {
      await t.close();
    }
  });
});
