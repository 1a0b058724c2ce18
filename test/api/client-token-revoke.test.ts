import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

describe.each(engines)('POST /v1/verifications/{id}/client-token/revoke on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const keyed = (method: 'GET' | 'POST', url: string, key = t.rootKey) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key } });
  const sessionState = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/session/state', headers: { 'x-client-token': token } });

  it('ends every live token of the verification at once, idempotently, and keeps the verification', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'leaked-link' },
      })
    ).json();
    const second = (await keyed('POST', `/v1/verifications/${created.id}/client-token`)).json();
    for (const token of [created.client_token, second.client_token])
      expect((await sessionState(token)).statusCode).toBe(200);

    const revoked = await keyed('POST', `/v1/verifications/${created.id}/client-token/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ verification_id: created.id, revoked_tokens: 2 });
    for (const token of [created.client_token, second.client_token]) {
      const res = await sessionState(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'invalid or expired client token' });
    }
    const again = await keyed('POST', `/v1/verifications/${created.id}/client-token/revoke`);
    expect(again.json()).toEqual({ verification_id: created.id, revoked_tokens: 0 });

    // A new link still works afterwards: the verification and its progress are kept.
    const fresh = (await keyed('POST', `/v1/verifications/${created.id}/client-token`)).json();
    expect((await sessionState(fresh.client_token)).statusCode).toBe(200);
    const detail = (await keyed('GET', `/v1/verifications/${created.id}`)).json();
    expect(detail.audit_log.map((e: { event: string }) => e.event)).toContain('client_token.revoked');
  });

  it('needs verifications:write and answers 404 for another key’s or an unknown verification', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'not-yours' },
      })
    ).json();
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { 'x-api-key': t.rootKey },
        payload: { label: 'other', scopes: ['*'] },
      })
    ).json();
    const reader = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { 'x-api-key': t.rootKey },
        payload: { label: 'reader', scopes: ['verifications:read'] },
      })
    ).json();
    const denied = await keyed('POST', `/v1/verifications/${created.id}/client-token/revoke`, reader.api_key);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'missing scope: verifications:write' });
    for (const id of [created.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await keyed('POST', `/v1/verifications/${id}/client-token/revoke`, other.api_key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'verification not found' });
    }
    expect((await sessionState(created.client_token)).statusCode).toBe(200);
  });
});
