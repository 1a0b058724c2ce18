import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { startReceiver, waitForEvent, type Receiver } from '../helpers/webhook-receiver.js';

describe.each(engines)('canceling a verification on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  let receiver: Receiver;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1' } });
    stopBackground = await t.modules.startBackground();
    receiver = await startReceiver();
    jpeg = await plainJpeg();
    const hook = await api('POST', '/v1/webhooks', { url: receiver.url, events: ['*'] });
    expect(hook.statusCode).toBe(201);
  });
  afterAll(async () => {
    await receiver.close();
    await stopBackground();
    await t.close();
  });

  function api(method: 'GET' | 'POST', url: string, payload?: object, key = t.rootKey) {
    return t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
  }
  const session = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-client-token': token }, ...(payload ? { payload } : {}) });

  it('ends an open verification: canceled, tokens end, uploads deleted, event and webhook', async () => {
    const created = (await api('POST', '/v1/verifications', { external_ref: 'cancel-me' })).json() as {
      id: string;
      client_token: string;
    };
    expect(
      (await session('POST', '/v1/session/consent', created.client_token, { consent: true })).statusCode,
    ).toBe(200);
    const front = await session('POST', '/v1/session/document', created.client_token, {
      side: 'front',
      image_b64: toB64(jpeg),
    });
    expect(front.statusCode).toBe(200);
    expect((await api('GET', `/v1/verifications/${created.id}/media`)).json().items).toHaveLength(1);

    const canceled = await api('POST', `/v1/verifications/${created.id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ id: created.id, status: 'canceled', decision: null });
    expect(canceled.json().audit_log.map((e: { event: string }) => e.event)).toContain(
      'verification.canceled',
    );
    expect((await api('GET', `/v1/verifications/${created.id}/media`)).json().items).toEqual([]);
    const state = await session('GET', '/v1/session/state', created.client_token);
    expect(state.statusCode).toBe(401);
    expect(state.json()).toEqual({ detail: 'invalid or expired client token' });
    const mint = await api('POST', `/v1/verifications/${created.id}/client-token`);
    expect(mint.statusCode).toBe(409);

    const events = (await api('GET', '/v1/events?type=verification.canceled')).json().data as Array<{
      verification_id: string;
      data: Record<string, unknown>;
    }>;
    expect(events.map((e) => e.verification_id)).toContain(created.id);
    const hook = await waitForEvent(receiver, 'verification.canceled', created.id);
    expect(JSON.parse(hook.rawBody.toString()).data).toMatchObject({ status: 'canceled', media_deleted: 1 });

    // A repeat answers the same and does nothing more.
    const again = await api('POST', `/v1/verifications/${created.id}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(canceled.json());
    const listed = (await api('GET', '/v1/events?type=verification.canceled')).json().data as Array<{
      verification_id: string;
    }>;
    expect(listed.filter((e) => e.verification_id === created.id)).toHaveLength(1);
  });

  it('a decided or expired verification cannot be canceled (409); another key gets 404', async () => {
    const decided = await decidedVerification(t);
    const res = await api('POST', `/v1/verifications/${decided.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'cannot cancel a verification in status decided; only an open verification can be canceled',
    });

    const other = (await api('POST', '/v1/keys', { label: 'other', scopes: ['*'] })).json().api_key as string;
    const open = (await api('POST', '/v1/verifications', { external_ref: 'foreign' })).json() as {
      id: string;
    };
    const foreign = await api('POST', `/v1/verifications/${open.id}/cancel`, undefined, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'verification not found' });

    t.clock.advanceSeconds(24 * 3600 + 1);
    const expired = await api('POST', `/v1/verifications/${open.id}/cancel`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toContain('status expired');
  });
});
