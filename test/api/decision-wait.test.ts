import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** GET /v1/verifications/{id}?wait=N: the merchant waits for the decision instead of polling. */
describe.each(engines)('waiting for a decision (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    // 20 places on the instance, so one key may hold 2 of them (a tenth).
    t = await createTestApp(engine, { env: { DECISION_WAIT_MAX_CLIENTS: '20' } });
  });
  afterAll(async () => t.close());

  const key = () => ({ 'x-api-key': t.rootKey });

  async function readyToSubmit(): Promise<{ id: string; token: string }> {
    const jpeg = toB64(await plainJpeg());
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: key(),
        payload: { external_ref: 'waited-for' },
      })
    ).json();
    const step = async (url: string, payload: object) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url,
            headers: { 'x-client-token': created.client_token },
            payload,
          })
        ).statusCode,
      ).toBe(200);
    await step('/v1/session/consent', { consent: true });
    await step('/v1/session/document', { side: 'front', image_b64: jpeg });
    await step('/v1/session/document', { side: 'back', image_b64: jpeg, barcode: SAMPLE_BARCODE });
    await step('/v1/session/selfie', { frames_b64: [jpeg, jpeg] });
    return { id: created.id, token: created.client_token };
  }

  const waitFor = (id: string, seconds: number) =>
    t.app.inject({ method: 'GET', url: `/v1/verifications/${id}?wait=${seconds}`, headers: key() });

  it('answers a waiting client within 100 ms of the decision', async () => {
    const { id, token } = await readyToSubmit();
    let answeredAt = 0;
    const waiting = waitFor(id, 20).then((res) => {
      answeredAt = performance.now();
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answeredAt).toBe(0);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/v1/session/submit',
      headers: { 'x-client-token': token },
      payload: {},
    });
    const decidedAt = performance.now();
    expect(submitted.statusCode).toBe(200);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('decided');
    expect(res.json().decision).toBe(submitted.json().decision);
    expect(answeredAt - decidedAt).toBeLessThan(100);
  });

  it('answers with the open state when the wait runs out', async () => {
    const { id } = await readyToSubmit();
    const started = performance.now();
    const res = await waitFor(id, 1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(res.json().status).toBe('selfie');
  });

  it('refuses waiting clients beyond the bound with 503 and Retry-After, and frees places when they finish', async () => {
    const { id } = await readyToSubmit();
    const held = [waitFor(id, 2), waitFor(id, 2)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await waitFor(id, 2);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      detail: 'too many clients are waiting for decisions on this instance; retry without wait, or shortly',
    });
    // Without wait the same read is served as usual.
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/verifications/${id}`, headers: key() })).statusCode,
    ).toBe(200);
    // The bound is this key's share: another merchant's key still gets its place.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: key(),
        payload: { label: 'other merchant', scopes: ['verifications:write', 'verifications:read'] },
      })
    ).json().api_key as string;
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': other },
        payload: { external_ref: 'theirs' },
      })
    ).json().id as string;
    const theirWait = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${theirs}?wait=1`,
      headers: { 'x-api-key': other },
    });
    expect(theirWait.statusCode).toBe(200);
    for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
    expect((await waitFor(id, 0)).statusCode).toBe(200);
  });

  it('gives one merchant at most a quarter of the places, however many child keys it waits through', async () => {
    const post = (url: string, apiKey: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-api-key': apiKey }, payload });
    const scopes = ['verifications:write', 'verifications:read'];
    const children: string[] = [];
    for (let i = 0; i < 10; i++)
      children.push((await post('/v1/keys', t.rootKey, { label: `child ${i}`, scopes })).json().api_key);
    const waits = children.flatMap((child) => [0, 1].map(() => ({ child })));
    const answers = [];
    for (const { child } of waits) {
      const id = (await post('/v1/verifications', child, { external_ref: 'flood' })).json().id as string;
      answers.push(
        t.app.inject({
          method: 'GET',
          url: `/v1/verifications/${id}?wait=3`,
          headers: { 'x-api-key': child },
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another merchant (its own account) still gets a place.
    const otherAccount = (await post('/v1/accounts', t.rootKey, { name: 'Other merchant' })).json().api_key
      .api_key as string;
    const theirs = (await post('/v1/verifications', otherAccount, { external_ref: 'theirs' })).json().id;
    const theirWait = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${theirs}?wait=1`,
      headers: { 'x-api-key': otherAccount },
    });
    expect(theirWait.statusCode, theirWait.body).toBe(200);
    const statuses = (await Promise.all(answers)).map((res) => res.statusCode);
    // 20 places: the account holds 5 of them, whichever of its keys asks.
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 503)).toHaveLength(15);
  });

  it('validates wait: at most 30 seconds', async () => {
    const { id } = await readyToSubmit();
    const res = await waitFor(id, 31);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['query', 'wait']);
  });
});
