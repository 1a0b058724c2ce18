import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { plainJpeg, toB64, toDataUrl } from '../helpers/images.js';
import { SAMPLE_BARCODE } from '../helpers/session-flow.js';

describe.each(engines)('verifications and the session flow on %s', (engine) => {
  let t: TestContext;
  let jpeg: Buffer;
  let otherKey: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    jpeg = await plainJpeg();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'other merchant', scopes: ['*'] },
    });
    otherKey = res.json().api_key;
  });
  afterAll(async () => t.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object, key = t.rootKey) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
  const session = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-client-token': token }, ...(payload ? { payload } : {}) });

  async function createVerification(externalRef = 'user-1') {
    const res = await api('POST', '/v1/verifications', {
      external_ref: externalRef,
      metadata: { plan: 'gold' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as {
      id: string;
      client_token: string;
      url: string;
      status: string;
      expires_at: string;
      created_at: string;
    };
  }

  async function driveToSelfie(token: string) {
    expect((await session('POST', '/v1/session/consent', token, { consent: true })).statusCode).toBe(200);
    expect(
      (await session('POST', '/v1/session/document', token, { side: 'front', image_b64: toB64(jpeg) }))
        .statusCode,
    ).toBe(200);
    const back = await session('POST', '/v1/session/document', token, {
      side: 'back',
      image_b64: toDataUrl(jpeg),
      barcode: SAMPLE_BARCODE,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().status).toBe('selfie');
  }

  it('creates a verification with a client token, a hosted URL carrying it in the fragment, and a 24 h expiry', async () => {
    const v = await createVerification();
    expect(v.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(v.status).toBe('doc_front');
    expect(v.url).toBe(`${t.config.hostedFlowUrl}#token=${v.client_token}`);
    expect(Date.parse(v.expires_at + 'Z') - Date.parse(v.created_at + 'Z')).toBe(24 * 3600 * 1000);
    const rows = await t.platform.database.db
      .selectFrom('client_tokens')
      .selectAll()
      .where('verification_id', '=', v.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(v.client_token);
  });

  it('validates the create body with the 422 array envelope', async () => {
    const res = await api('POST', '/v1/verifications', { metadata: 'x' });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: unknown[] }) => d.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'external_ref'],
        ['body', 'metadata'],
      ]),
    );
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
    });
    expect(noBody.statusCode).toBe(422);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey, 'content-type': 'application/json' },
      payload: '{"external_ref": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(typeof badJson.json().detail).toBe('string');
  });

  it('lists with limit 1..200 (default 50), cursor pagination and filters', async () => {
    const fresh = await createTestApp(engine);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        fresh.clock.advanceSeconds(1);
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/v1/verifications',
          headers: { 'x-api-key': fresh.rootKey },
          payload: { external_ref: i % 2 === 0 ? 'even' : 'odd' },
        });
        ids.push(res.json().id);
      }
      const get = (qs: string) =>
        fresh.app.inject({
          method: 'GET',
          url: `/v1/verifications${qs}`,
          headers: { 'x-api-key': fresh.rootKey },
        });
      for (const bad of ['?limit=0', '?limit=201', '?limit=abc']) {
        const res = await get(bad);
        expect(res.statusCode).toBe(422);
        expect(res.json().detail[0].loc).toEqual(['query', 'limit']);
      }
      const all = (await get('')).json();
      expect(all.data.map((v: { id: string }) => v.id)).toEqual([...ids].reverse());
      expect(all.has_more).toBe(false);
      const page1 = (await get('?limit=2')).json();
      expect(page1.data).toHaveLength(2);
      expect(page1.has_more).toBe(true);
      const page2 = (await get(`?limit=2&starting_after=${page1.next_cursor}`)).json();
      const page3 = (await get(`?limit=2&starting_after=${page2.next_cursor}`)).json();
      expect([...page1.data, ...page2.data, ...page3.data].map((v: { id: string }) => v.id)).toEqual(
        [...ids].reverse(),
      );
      expect(page3.has_more).toBe(false);
      expect(page3.next_cursor).toBeNull();
      const even = (await get('?external_ref=even')).json();
      expect(even.data).toHaveLength(3);
      expect((await get('?status=decided')).json().data).toHaveLength(0);
      expect((await get('?status=doc_front')).json().data).toHaveLength(5);
      expect((await get('?status=bogus')).statusCode).toBe(422);
    } finally {
      await fresh.close();
    }
  });

  it('hides another key’s verification behind 404 "verification not found" on every route', async () => {
    const v = await createVerification();
    for (const url of [
      `/v1/verifications/${v.id}`,
      `/v1/verifications/${v.id}/media`,
      '/v1/verifications/not-a-uuid',
    ]) {
      const res = await api('GET', url, undefined, otherKey);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'verification not found' });
    }
    const mint = await api('POST', `/v1/verifications/${v.id}/client-token`, undefined, otherKey);
    expect(mint.statusCode).toBe(404);
    expect(mint.json()).toEqual({ detail: 'verification not found' });
    const list = (await api('GET', '/v1/verifications', undefined, otherKey)).json();
    expect(list.data.map((x: { id: string }) => x.id)).not.toContain(v.id);
  });

  it('accepts the client token in X-Client-Token or Authorization: Bearer, and 401s anything else', async () => {
    const v = await createVerification();
    const viaHeader = await session('GET', '/v1/session/state', v.client_token);
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json()).toMatchObject({
      verification_id: v.id,
      status: 'doc_front',
      consent_given: false,
      steps: { doc_front: 'pending', doc_back: 'pending', selfie: 'pending' },
    });
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/v1/session/state',
      headers: { authorization: `Bearer ${v.client_token}` },
    });
    expect(viaBearer.statusCode).toBe(200);
    for (const headers of [
      {},
      { 'x-client-token': 'ct_nope' },
      { authorization: 'Basic abc' },
      { 'x-api-key': t.rootKey },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/session/state', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'invalid or expired client token' });
    }
  });

  it('expires client tokens after 1800 s; a freshly minted token keeps the progress', async () => {
    const v = await createVerification();
    await session('POST', '/v1/session/consent', v.client_token, { consent: true });
    await session('POST', '/v1/session/document', v.client_token, { side: 'front', image_b64: toB64(jpeg) });
    t.clock.advanceSeconds(1799);
    expect((await session('GET', '/v1/session/state', v.client_token)).statusCode).toBe(200);
    t.clock.advanceSeconds(1);
    const expired = await session('GET', '/v1/session/state', v.client_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'invalid or expired client token' });
    const minted = await api('POST', `/v1/verifications/${v.id}/client-token`);
    expect(minted.statusCode).toBe(201);
    const fresh = minted.json();
    expect(fresh.client_token).not.toBe(v.client_token);
    expect(fresh.url).toContain(`#token=${fresh.client_token}`);
    const state = (await session('GET', '/v1/session/state', fresh.client_token)).json();
    expect(state).toMatchObject({ status: 'doc_back', consent_given: true, steps: { doc_front: 'done' } });
  });

  it('requires consent before any upload, and records its time, IP and user agent', async () => {
    const v = await createVerification();
    const early = await session('POST', '/v1/session/document', v.client_token, {
      side: 'front',
      image_b64: toB64(jpeg),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ detail: 'consent is required to proceed' });
    const refused = await session('POST', '/v1/session/consent', v.client_token, { consent: false });
    expect(refused.json()).toEqual({ detail: 'consent is required to proceed' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/session/consent',
      headers: {
        'x-client-token': v.client_token,
        'user-agent': 'TestPhone/1.0',
        'x-forwarded-for': '203.0.113.9',
      },
      payload: { consent: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().consent_given).toBe(true);
    const detail = (await api('GET', `/v1/verifications/${v.id}`)).json();
    const consent = detail.audit_log.find((a: { event: string }) => a.event === 'consent.given');
    expect(consent.detail).toEqual({ ip: '203.0.113.9', user_agent: 'TestPhone/1.0' });
    expect(consent.at).toBeTruthy();
  });

  it('rejects bad images: not base64, not an image, missing image_b64', async () => {
    const v = await createVerification();
    await session('POST', '/v1/session/consent', v.client_token, { consent: true });
    const notBase64 = await session('POST', '/v1/session/document', v.client_token, {
      side: 'front',
      image_b64: '***not base64***',
    });
    expect(notBase64.statusCode).toBe(422);
    expect(notBase64.json().detail).toMatch(/^invalid base64 image/);
    const notImage = await session('POST', '/v1/session/document', v.client_token, {
      side: 'front',
      image_b64: Buffer.from('hello, this is plain text').toString('base64'),
    });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().detail).toBe('invalid base64 image: the bytes are not a JPEG, PNG or WebP image');
    const missing = await session('POST', '/v1/session/document', v.client_token, { side: 'front' });
    expect(missing.json()).toEqual({ detail: 'image_b64 required' });
    const state = (await session('GET', '/v1/session/state', v.client_token)).json();
    expect(state.steps.doc_front).toBe('pending');
  });

  it('refuses a back image with no readable barcode and no browser string (422, retake) and stores nothing', async () => {
    const v = await createVerification();
    await session('POST', '/v1/session/consent', v.client_token, { consent: true });
    await session('POST', '/v1/session/document', v.client_token, { side: 'front', image_b64: toB64(jpeg) });
    const res = await session('POST', '/v1/session/document', v.client_token, {
      side: 'back',
      image_b64: toB64(jpeg),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^barcode could not be read/);
    const state = (await session('GET', '/v1/session/state', v.client_token)).json();
    expect(state).toMatchObject({ status: 'doc_back', steps: { doc_back: 'pending' } });
  });

  it('refuses upload bodies over 15 MB with 413 and the envelope', async () => {
    const v = await createVerification();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/session/selfie',
      headers: { 'x-client-token': v.client_token, 'content-type': 'application/json' },
      payload: JSON.stringify({ frames_b64: ['A'.repeat(15 * 1024 * 1024)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'payload too large' });
  });

  it('answers 409 "cannot submit from status doc_front" before the back is in', async () => {
    const v = await createVerification();
    await session('POST', '/v1/session/consent', v.client_token, { consent: true });
    const res = await session('POST', '/v1/session/submit', v.client_token, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'cannot submit from status doc_front' });
  });

  it('names what submit is missing: consent, image_b64, then the selfie', async () => {
    const v = await createVerification();
    await t.platform.transact((tx) =>
      tx.verifications.advance(v.id, { status: 'doc_back', at: t.clock.now() }),
    );
    expect((await session('POST', '/v1/session/submit', v.client_token, {})).json()).toEqual({
      detail: 'consent is required to proceed',
    });
    expect((await session('POST', '/v1/session/submit', v.client_token, { consent: true })).json()).toEqual({
      detail: 'image_b64 required',
    });
    const noSelfie = await session('POST', '/v1/session/submit', v.client_token, {
      consent: true,
      image_b64: toB64(jpeg),
      barcode: SAMPLE_BARCODE,
    });
    expect(noSelfie.statusCode).toBe(422);
    expect(noSelfie.json()).toEqual({ detail: 'video_b64 or frames_b64 required' });
    const badVideo = await session('POST', '/v1/session/submit', v.client_token, {
      consent: true,
      image_b64: toB64(jpeg),
      barcode: SAMPLE_BARCODE,
      video_b64: Buffer.from('not a video at all').toString('base64'),
    });
    expect(badVideo.statusCode).toBe(422);
    expect(badVideo.json().detail).toMatch(/^video could not be read/);
    const state = (await session('GET', '/v1/session/state', v.client_token)).json();
    expect(state).toMatchObject({ status: 'doc_back', consent_given: false });
  });

  it('runs the whole lifecycle: uploads, submit, decision with reasons, audit log, usage, outbox, media links', async () => {
    const v = await createVerification('lifecycle');
    await driveToSelfie(v.client_token);
    const frames = Array.from({ length: 10 }, () => toB64(jpeg));
    const selfie = await session('POST', '/v1/session/selfie', v.client_token, { frames_b64: frames });
    expect(selfie.statusCode).toBe(200);
    expect(selfie.json().steps).toEqual({ doc_front: 'done', doc_back: 'done', selfie: 'done' });

    const signals = await t.app.inject({
      method: 'POST',
      url: '/v1/signals/collect',
      payload: {
        client_token: v.client_token,
        components: { userAgent: 'TestPhone/1.0', screen: '390x844', timezone: 'UTC' },
      },
    });
    expect(signals.json()).toMatchObject({ accepted: 3, linked: true });
    const submitted = await session('POST', '/v1/session/submit', v.client_token, {});
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'decided' });
    expect(['approve', 'review', 'decline']).toContain(submitted.json().decision);

    const detail = (await api('GET', `/v1/verifications/${v.id}`)).json();
    expect(detail).toMatchObject({
      id: v.id,
      status: 'decided',
      external_ref: 'lifecycle',
      metadata: { plan: 'gold' },
    });
    expect(typeof detail.score).toBe('number');
    expect(detail.decided_at).toBeTruthy();
    expect(detail.decision_reasons.length).toBeGreaterThan(0);
    expect(detail.doc_checks.face_dedupe.reason).toBeTruthy();
    expect(Object.keys(detail.checks).sort()).toEqual(
      expect.arrayContaining(['document', 'face_dedupe', 'face_match', 'liveness', 'sanctions', 'signals']),
    );
    expect(detail.checks.signals).toMatchObject({ components_count: 3, other_verifications_with_device: 0 });
    expect(detail.audit_log.map((a: { event: string }) => a.event)).toEqual([
      'verification.created',
      'consent.given',
      'document_front.uploaded',
      'document_back.uploaded',
      'selfie.uploaded',
      'verification.submitted',
      'verification.decided',
    ]);

    const { db } = t.platform.database;
    const usage = await db
      .selectFrom('usage_records')
      .selectAll()
      .where('verification_id', '=', v.id)
      .execute();
    expect(usage).toHaveLength(1);
    const events = await db
      .selectFrom('events')
      .selectAll()
      .where('verification_id', '=', v.id)
      .where('type', '=', 'verification.decided')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'verification.decided',
      data: { decision: detail.decision, score: detail.score, reasons: detail.decision_reasons },
    });

    const again = await session('POST', '/v1/session/submit', v.client_token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'cannot submit from status decided' });
    expect((await session('GET', '/v1/session/state', v.client_token)).json().result).toBeTruthy();

    const media = (await api('GET', `/v1/verifications/${v.id}/media`)).json();
    const kinds = media.items.map((m: { kind: string }) => m.kind);
    expect(kinds.filter((k: string) => k === 'selfie_frame')).toHaveLength(8);
    expect(kinds).toEqual(expect.arrayContaining(['document_front', 'document_back']));
    const url = new URL(media.items[0].url);
    const fetched = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(fetched.rawPayload.equals(jpeg)).toBe(true);
    const tampered = await t.app.inject({
      method: 'GET',
      url:
        url.pathname +
        url.search.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
    });
    expect(tampered.statusCode).toBe(404);
    t.clock.advanceSeconds(3600);
    const stale = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ detail: 'media link is invalid or has expired' });

    const usageApi = (await api('GET', '/v1/usage')).json();
    expect(usageApi.total).toBeGreaterThanOrEqual(1);
  });

  it('lets exactly one of two concurrent submits win; the other gets 409', async () => {
    const v = await createVerification('race');
    await driveToSelfie(v.client_token);
    await session('POST', '/v1/session/selfie', v.client_token, { frames_b64: [toB64(jpeg)] });
    const [a, b] = await Promise.all([
      session('POST', '/v1/session/submit', v.client_token, {}),
      session('POST', '/v1/session/submit', v.client_token, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toEqual({ detail: 'cannot submit from status decided' });
    const { db } = t.platform.database;
    expect(
      await db
        .selectFrom('events')
        .selectAll()
        .where('verification_id', '=', v.id)
        .where('type', '=', 'verification.decided')
        .execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('usage_records').selectAll().where('verification_id', '=', v.id).execute(),
    ).toHaveLength(1);
  });

  it('expires an undecided verification after 24 h: status expired, tokens stop working, submit is refused', async () => {
    const v = await createVerification('expiring');
    await driveToSelfie(v.client_token);
    const minted = (await api('POST', `/v1/verifications/${v.id}/client-token`)).json();
    t.clock.advanceSeconds(24 * 3600);
    const detail = (await api('GET', `/v1/verifications/${v.id}`)).json();
    expect(detail.status).toBe('expired');
    expect(detail.audit_log.at(-1).event).toBe('verification.expired');
    expect((await session('GET', '/v1/session/state', minted.client_token)).statusCode).toBe(401);
    const mint = await api('POST', `/v1/verifications/${v.id}/client-token`);
    expect(mint.statusCode).toBe(409);
  });

  it('sweeps expired verifications in bulk', async () => {
    const v = await createVerification('swept');
    t.clock.advanceSeconds(24 * 3600 + 1);
    const count = await t.platform.stores.verifications.expireDue(t.clock.now());
    expect(count).toBeGreaterThanOrEqual(1);
    const row = await t.platform.database.db
      .selectFrom('verifications')
      .select('status')
      .where('id', '=', v.id)
      .executeTakeFirst();
    expect(row?.status).toBe('expired');
  });
});
