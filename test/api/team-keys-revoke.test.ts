import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * Keys minted in the console have a maker and can be taken back (docs/security.md "Team console"):
 * any admin of the account revokes any of its keys with their subtree, the operator's key revokes any
 * key of any account, and every admin action is in the account's audit trail with its actor.
 */
describe.each(engines)('console keys and the account audit trail on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' },
    });
    c = consoleDriver(t);
  });
  afterAll(async () => t?.close());

  const keyed = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });

  it("a removed admin's console key and the keys it minted are revoked by another admin, not by another account", async () => {
    const account = await c.openAccount('Acme keys');
    const other = await c.openAccount('Evil keys');
    const alice = await c.join(account.id, 'alice@keys.example', 'admin');
    const carol = await c.join(account.id, 'carol@keys.example', 'admin');
    const rita = await c.join(account.id, 'rita@keys.example', 'reviewer');
    const mallory = await c.join(other.id, 'mallory@evil.example', 'admin');

    const minted = await c.as(carol, 'POST', '/v1/console/keys', { label: 'ci', scopes: ['*'] });
    expect(minted.statusCode, minted.body).toBe(201);
    const ci = minted.json() as { id: number; api_key: string };
    const child = await keyed(ci.api_key, 'POST', '/v1/keys', { label: 'child', scopes: ['*'] });
    expect(child.statusCode).toBe(201);
    expect((await c.as(alice, 'DELETE', `/v1/console/members/${carol.memberId}`)).statusCode).toBe(200);

    const keys = (await c.as(alice, 'GET', '/v1/console/keys')).json() as Array<Record<string, unknown>>;
    expect(keys.find((k) => k.id === ci.id)).toMatchObject({
      label: 'ci',
      owner_key_id: null,
      created_by_member_id: carol.memberId,
      revoked_at: null,
    });
    expect(keys.find((k) => k.id === child.json().id)).toMatchObject({
      owner_key_id: ci.id,
      created_by_member_id: null,
    });

    const url = `/v1/console/keys/${ci.id}/revoke`;
    expect((await c.as(rita, 'POST', url)).statusCode).toBe(403);
    expect((await c.as(alice, 'POST', url, undefined, { csrf: false })).statusCode).toBe(403);
    const foreign = await c.as(mallory, 'POST', url);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'api key not found' }]);
    expect((await keyed(ci.api_key, 'GET', '/v1/keys')).statusCode).toBe(200);

    const revoked = await c.as(alice, 'POST', url);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const again = await c.as(alice, 'POST', url);
    expect([again.statusCode, again.json().revoked_at]).toEqual([200, revoked.json().revoked_at]);
    for (const key of [ci.api_key, child.json().api_key]) {
      expect((await keyed(key, 'GET', '/v1/keys')).statusCode).toBe(401);
    }
    for (const id of ['0', 'x', '99999999']) {
      expect((await c.as(alice, 'POST', `/v1/console/keys/${id}/revoke`)).statusCode).toBe(404);
    }

    const audit = (await c.as(alice, 'GET', '/v1/console/audit-log')).json().entries;
    const keyEvents = audit
      .filter((e: { event: string }) => e.event.startsWith('api_key.'))
      .map((e: { event: string; by_member_id: number; detail: object }) => [
        e.event,
        e.by_member_id,
        e.detail,
      ]);
    expect(keyEvents).toEqual([
      ['api_key.revoked', alice.memberId, { key_id: ci.id, label: 'ci' }],
      ['api_key.created', carol.memberId, { key_id: ci.id, label: 'ci', scopes: ['*'], mode: 'live' }],
    ]);
  });

  it("the operator's key revokes any key of any account; another account's key still gets 404", async () => {
    const account = await c.openAccount('Acme operator');
    const other = await c.openAccount('Other operator');
    const alice = await c.join(account.id, 'alice@operator-revoke.example', 'admin');
    const ci = (await c.as(alice, 'POST', '/v1/console/keys', { label: 'ci', scopes: ['*'] })).json();

    const byTenant = await keyed(other.apiKey, 'POST', `/v1/keys/${ci.id}/revoke`);
    expect([byTenant.statusCode, byTenant.json()]).toEqual([404, { detail: 'api key not found' }]);
    const byAccountKey = await keyed(account.apiKey, 'POST', `/v1/keys/${ci.id}/revoke`);
    expect(byAccountKey.statusCode).toBe(404);

    const byOperator = await keyed(t.rootKey, 'POST', `/v1/keys/${ci.id}/revoke`);
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.json()).toMatchObject({ id: ci.id, label: 'ci' });
    expect(byOperator.json().revoked_at).not.toBeNull();
    expect((await keyed(ci.api_key, 'GET', '/v1/keys')).statusCode).toBe(401);
    expect((await keyed(t.rootKey, 'POST', '/v1/keys/99999999/revoke')).statusCode).toBe(404);

    const rootKeyId = (await keyed(t.rootKey, 'GET', '/v1/keys')).json()[0].id;
    const entry = (await c.as(alice, 'GET', '/v1/console/audit-log'))
      .json()
      .entries.find((e: { event: string }) => e.event === 'api_key.revoked');
    expect(entry).toMatchObject({ by_member_id: null, by_key_id: rootKeyId, detail: { key_id: ci.id } });
  });

  it('every admin action is audited with its actor, in non-secret detail', async () => {
    const account = await c.openAccount('Acme audit');
    const admin = await c.join(account.id, 'admin@audit.example', 'admin');
    const keyId = (await c.as(admin, 'GET', '/v1/console/keys')).json()[0].id;
    const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await c.as(admin, method, url, payload);
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.body ? res.json() : null;
    };
    await ok('POST', '/v1/console/invitations', { email: 'new@audit.example', role: 'viewer' });
    await ok('PUT', '/v1/console/sso', {
      issuer: 'https://sso.audit.example',
      client_id: 'console',
      client_secret: 'do-not-log-this-secret',
      allowed_domains: ['audit.example'],
    });
    const pk = await ok('POST', '/v1/console/publishable-keys', { api_key_id: keyId, label: 'shop' });
    await ok('PUT', `/v1/console/publishable-keys/${pk.id}/origins`, {
      allowed_origins: ['https://shop.audit.example'],
    });
    await ok('POST', `/v1/console/publishable-keys/${pk.id}/revoke`);
    await ok('POST', `/v1/console/publishable-keys/${pk.id}/revoke`);
    const endpoint = await ok('POST', '/v1/console/webhooks', {
      url: 'http://127.0.0.1:9/hooks/secret-path-token',
      events: ['*'],
    });
    await ok('DELETE', `/v1/console/webhooks/${endpoint.id}`);
    await ok('PUT', '/v1/console/retention', { media_days: 1, pii_days: 1, template_days: null });

    const res = await c.as(admin, 'GET', '/v1/console/audit-log');
    const entries = res.json().entries as Array<{ event: string; by_member_id: number; detail: object }>;
    expect(entries.map((e) => [e.event, e.by_member_id])).toEqual([
      ['retention.changed', admin.memberId],
      ['webhook_endpoint.removed', admin.memberId],
      ['webhook_endpoint.created', admin.memberId],
      ['publishable_key.revoked', admin.memberId],
      ['publishable_key.origins_changed', admin.memberId],
      ['publishable_key.created', admin.memberId],
      ['sso.configured', admin.memberId],
      ['invitation.created', admin.memberId],
      ['member.joined', admin.memberId],
      ['invitation.created', null],
      // Opened by the operator's key: no member acted.
      ['account.opened', null],
    ]);
    expect(entries[0]!.detail).toEqual({
      from: { media_days: null, pii_days: null, template_days: null },
      to: { media_days: 1, pii_days: 1, template_days: null },
    });
    expect(entries[2]!.detail).toEqual({
      endpoint_id: endpoint.id,
      host: '127.0.0.1:9',
      events: ['*'],
      mode: 'live',
    });
    expect(entries[6]!.detail).toEqual({
      issuer: 'https://sso.audit.example',
      client_id: 'console',
      allowed_domains: ['audit.example'],
    });
    for (const secret of [
      'do-not-log-this-secret',
      'secret-path-token',
      'whsec_',
      'pk_',
      'svc_',
      'invitation=',
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });
});
