import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, engines, type TestContext } from '../helpers/test-app.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE } from '../helpers/session-flow.js';

describe.each(engines)('desktop-to-phone handoff on %s', (engine) => {
  let t: TestContext;
  let jpeg: Buffer;
  const clock = createTestClock();
  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    jpeg = await plainJpeg();
  });
  afterAll(async () => t.close());

  const session = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-client-token': token }, ...(payload ? { payload } : {}) });
  const claim = (handoffToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/session/handoff/claim',
      headers: { 'user-agent': 'PhoneBrowser/1.0' },
      payload: { handoff_token: handoffToken },
    });

  async function createVerification(): Promise<{ id: string; client_token: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: 'handoff' },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  async function createLink(clientToken: string) {
    const res = await session('POST', '/v1/session/handoff', clientToken);
    expect(res.statusCode).toBe(201);
    return res.json() as { handoff_token: string; url: string; expires_at: string };
  }

  it('gives a link carrying a handoff token (not the client token) in the fragment, valid 10 minutes', async () => {
    const v = await createVerification();
    const link = await createLink(v.client_token);
    expect(link.handoff_token).toMatch(/^ho_[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`${t.config.hostedFlowUrl}#handoff=${link.handoff_token}`);
    expect(link.url).not.toContain(v.client_token);
    expect(Date.parse(`${link.expires_at}Z`) - clock.now().getTime()).toBe(600_000);
    // Only the hash is stored.
    const stored = await t.platform.database.db
      .withTables<{ handoff_links: { token_hash: string; verification_id: string } }>()
      .selectFrom('handoff_links')
      .select('token_hash')
      .where('verification_id', '=', v.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(link.handoff_token.slice(3));
  });

  it('claims once: the phone gets its own client token that continues at the current step; a second claim is 409', async () => {
    const v = await createVerification();
    expect((await session('POST', '/v1/session/consent', v.client_token, { consent: true })).statusCode).toBe(
      200,
    );
    expect(
      (
        await session('POST', '/v1/session/document', v.client_token, {
          side: 'front',
          image_b64: toB64(jpeg),
        })
      ).statusCode,
    ).toBe(200);
    const link = await createLink(v.client_token);
    expect((await session('GET', '/v1/session/handoff', v.client_token)).json()).toMatchObject({
      status: 'waiting',
      claimed_at: null,
    });

    const first = await claim(link.handoff_token);
    expect(first.statusCode).toBe(200);
    const phone = first.json() as { verification_id: string; client_token: string; token_expires_at: string };
    expect(phone.verification_id).toBe(v.id);
    expect(phone.client_token).not.toBe(v.client_token);
    expect(Date.parse(`${phone.token_expires_at}Z`) - clock.now().getTime()).toBe(1_800_000);

    const state = await session('GET', '/v1/session/state', phone.client_token);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ verification_id: v.id, status: 'doc_back', consent_given: true });

    const again = await claim(link.handoff_token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'handoff link has already been used; open a new link from the first device',
    });

    const watched = (await session('GET', '/v1/session/handoff', v.client_token)).json();
    expect(watched.status).toBe('claimed');
    expect(watched.claimed_at).not.toBeNull();
    // The desktop keeps its own token and sees the phone's progress.
    expect((await session('GET', '/v1/session/state', v.client_token)).json().status).toBe('doc_back');

    const audit = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${v.id}`,
      headers: { 'x-api-key': t.rootKey },
    });
    const events = (audit.json().audit_log as Array<{ event: string; detail: Record<string, unknown> }>).map(
      (e) => e.event,
    );
    expect(events).toEqual(expect.arrayContaining(['handoff.created', 'handoff.claimed']));
  });

  it('two devices claiming at the same moment: exactly one wins', async () => {
    const v = await createVerification();
    const link = await createLink(v.client_token);
    const results = await Promise.all([claim(link.handoff_token), claim(link.handoff_token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('an expired link, a replaced link and an unknown link are refused in the error envelope', async () => {
    const v = await createVerification();
    const old = await createLink(v.client_token);
    const current = await createLink(v.client_token);
    const replaced = await claim(old.handoff_token);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().detail).toBe(
      'handoff link has expired or was replaced; open a new link from the first device',
    );

    clock.advanceSeconds(601);
    const expired = await claim(current.handoff_token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toMatch(/^handoff link has expired/);
    expect((await session('GET', '/v1/session/handoff', v.client_token)).json().status).toBe('expired');

    const unknown = await claim('ho_AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'handoff link not found' });

    const invalid = await t.app.inject({ method: 'POST', url: '/v1/session/handoff/claim', payload: {} });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail[0].loc).toEqual(['body', 'handoff_token']);
  });

  it('needs a valid client token to create or watch a link, and refuses a decided verification', async () => {
    expect((await session('POST', '/v1/session/handoff', 'ct_nope')).json()).toEqual({
      detail: 'invalid or expired client token',
    });
    expect((await session('GET', '/v1/session/handoff', 'ct_nope')).statusCode).toBe(401);

    const v = await createVerification();
    const link = await createLink(v.client_token);
    for (const [url, payload] of [
      ['/v1/session/consent', { consent: true }],
      ['/v1/session/document', { side: 'front', image_b64: toB64(jpeg) }],
      ['/v1/session/document', { side: 'back', image_b64: toB64(jpeg), barcode: SAMPLE_BARCODE }],
      ['/v1/session/selfie', { frames_b64: [toB64(jpeg)] }],
      ['/v1/session/submit', {}],
    ] as const) {
      const res = await session('POST', url, v.client_token, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const refused = await claim(link.handoff_token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('verification is decided; no further uploads are accepted');
    expect((await session('POST', '/v1/session/handoff', v.client_token)).statusCode).toBe(409);
  });

  it('revoking the client tokens also ends an unclaimed handoff link', async () => {
    const v = await createVerification();
    const link = await createLink(v.client_token);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${v.id}/client-token/revoke`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await claim(link.handoff_token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^handoff link has expired or was replaced/);
  });

  it('a chain of handoffs never outlives the first client token', async () => {
    const v = await createVerification();
    const firstTokenExpiresAt = clock.now().getTime() + 1800_000;
    let token = v.client_token;
    for (let hop = 0; hop < 4; hop++) {
      clock.advanceSeconds(400);
      const link = await createLink(token);
      expect(Date.parse(`${link.expires_at}Z`)).toBeLessThanOrEqual(firstTokenExpiresAt);
      const claimed = await claim(link.handoff_token);
      expect(claimed.statusCode).toBe(200);
      const body = claimed.json() as { client_token: string; token_expires_at: string };
      expect(Date.parse(`${body.token_expires_at}Z`)).toBeLessThanOrEqual(firstTokenExpiresAt);
      token = body.client_token;
    }
    // 1,600 s in: the last hop's token still answers, but only until the first token's expiry.
    expect((await session('GET', '/v1/session/state', token)).statusCode).toBe(200);
    clock.set(new Date(firstTokenExpiresAt + 1000));
    expect((await session('GET', '/v1/session/state', token)).statusCode).toBe(401);
    expect((await session('POST', '/v1/session/handoff', token)).statusCode).toBe(401);
  });

  it('gives one verification at most 10 handoff links', async () => {
    const v = await createVerification();
    for (let link = 0; link < 10; link++) await createLink(v.client_token);
    const refused = await session('POST', '/v1/session/handoff', v.client_token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'this verification has had 10 handoff links, the most it can have',
    });
  });
});
