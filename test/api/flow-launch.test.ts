import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { PLAIN_HTTP_REFUSED } from '../../src/core/webhooks/webhook-url.js';

/** POST /v1/session/init: the hosted flow's launch (publishable key, embedding page, return address). */
describe.each(engines)('flow launch check on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const keyed = (url: string, payload: unknown, key = t.rootKey) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });
  const init = (token: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/session/init',
      headers: { 'x-client-token': token },
      payload,
    });
  const newVerification = async (key = t.rootKey) =>
    (await keyed('/v1/verifications', { external_ref: 'launch' }, key)).json() as {
      id: string;
      client_token: string;
    };
  const publishableKey = async (origins: string[], key = t.rootKey) =>
    (await keyed('/v1/publishable-keys', { label: 'shop', allowed_origins: origins }, key)).json() as {
      id: number;
      publishable_key: string;
    };
  const refusal = (field: string, origin: string) => ({
    detail: `${field} is not allowed: ${origin} is not among the allowed_origins of the merchant's publishable keys`,
  });

  /** Another tenant: a new account and its first API key. */
  const otherAccountKey = async (name: string) =>
    (await keyed('/v1/accounts', { name })).json().api_key.api_key as string;

  let merchantKey: string;
  beforeAll(async () => {
    merchantKey = (await keyed('/v1/keys', { label: 'merchant', scopes: ['*'] })).json().api_key;
  });

  it('accepts an origin and a return address on an origin the merchant allowed, whatever the path', async () => {
    const pk = await publishableKey(['https://shop.example.com'], merchantKey);
    const v = await newVerification(merchantKey);
    const res = await init(v.client_token, {
      publishable_key: pk.publishable_key,
      origin: 'https://shop.example.com',
      redirect_url: 'https://shop.example.com/checkout/done?order=42#top',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('refuses a return address or an embedding page elsewhere with 403, naming the field and the origin', async () => {
    await publishableKey(['https://shop.example.com'], merchantKey);
    const v = await newVerification(merchantKey);
    const redirect = await init(v.client_token, { redirect_url: 'https://evil.example/phish' });
    expect(redirect.statusCode).toBe(403);
    expect(redirect.json()).toEqual(refusal('redirect_url', 'https://evil.example'));

    const origin = await init(v.client_token, { origin: 'https://shop.example.com.evil.example' });
    expect(origin.statusCode).toBe(403);
    expect(origin.json()).toEqual(refusal('origin', 'https://shop.example.com.evil.example'));

    // Same host, other scheme or port: another origin.
    for (const target of ['http://shop.example.com/done', 'https://shop.example.com:8443/done']) {
      const res = await init(v.client_token, { redirect_url: target });
      expect(res.statusCode, target).toBe(403);
    }
    const script = await init(v.client_token, { redirect_url: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(403);
    expect(script.json()).toEqual(refusal('redirect_url', 'javascript:alert(1)'));
  });

  it('counts only the origins of the verification’s own merchant, and only of live publishable keys', async () => {
    const other = await otherAccountKey('Other merchant');
    await publishableKey(['https://other-merchant.example'], other);
    const v = await newVerification(merchantKey);
    expect((await init(v.client_token, { redirect_url: 'https://other-merchant.example/' })).statusCode).toBe(
      403,
    );

    const pk = await publishableKey(['https://revoked.example'], merchantKey);
    expect((await init(v.client_token, { redirect_url: 'https://revoked.example/' })).statusCode).toBe(200);
    expect((await keyed(`/v1/publishable-keys/${pk.id}/revoke`, undefined, merchantKey)).statusCode).toBe(
      200,
    );
    expect((await init(v.client_token, { redirect_url: 'https://revoked.example/' })).statusCode).toBe(403);
  });

  it('allows the loopback with no configuration, for development', async () => {
    const v = await newVerification();
    for (const target of ['http://localhost:3000/back', 'http://127.0.0.1:8080', 'http://[::1]:5173/x']) {
      const res = await init(v.client_token, { redirect_url: target, origin: target });
      expect(res.statusCode, target).toBe(200);
    }
  });

  it('frames only for the origins of the key the flow names, and takes any live key of the verification’s account', async () => {
    const checkout = await publishableKey(['https://checkout.example'], merchantKey);
    const sibling = (await keyed('/v1/keys', { label: 'sibling', scopes: ['*'] }, merchantKey)).json()
      .api_key as string;
    const blog = await publishableKey(['https://blog.example'], sibling);
    const v = await newVerification(merchantKey);
    const launch = (pk: string, origin: string) => init(v.client_token, { publishable_key: pk, origin });
    expect((await launch(checkout.publishable_key, 'https://checkout.example')).statusCode).toBe(200);
    expect((await launch(blog.publishable_key, 'https://blog.example')).statusCode).toBe(200);
    // Each key's origins are the frame-ancestors of the pages that name it: one key cannot vouch for another's.
    const crossed = await launch(checkout.publishable_key, 'https://blog.example');
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toEqual(refusal('origin', 'https://blog.example'));
  });

  it('still refuses another merchant’s publishable key, and an empty launch is a 422', async () => {
    const other = await otherAccountKey('Other merchant 2');
    const foreign = await publishableKey([], other);
    const v = await newVerification(merchantKey);
    const res = await init(v.client_token, { publishable_key: foreign.publishable_key });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'publishable key does not match this verification' });

    const empty = await init(v.client_token, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ msg: 'give publishable_key, origin or redirect_url' });
  });

  it('a return_url given at creation is validated like a webhook URL and carried to the hosted flow', async () => {
    const key = (await keyed('/v1/keys', { label: 'returns', scopes: ['*'] })).json().api_key as string;
    const returnUrl = 'https://shop.example.org/verified?order=7';
    const created = await keyed(
      '/v1/verifications',
      { external_ref: 'returning', return_url: returnUrl },
      key,
    );
    expect(created.statusCode).toBe(201);
    const v = created.json() as { id: string; client_token: string; url: string; return_url: string };
    expect(v.return_url).toBe(returnUrl);
    const fragment = new URLSearchParams(new URL(v.url).hash.slice(1));
    expect(fragment.get('token')).toBe(v.client_token);
    expect(fragment.get('redirect_url')).toBe(returnUrl);
    // The merchant chose it with its API key: the flow's launch check accepts it without allowed_origins,
    // while another return address on that origin still needs them.
    expect((await init(v.client_token, { redirect_url: returnUrl })).statusCode).toBe(200);
    expect((await init(v.client_token, { redirect_url: 'https://shop.example.org/other' })).statusCode).toBe(
      403,
    );
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${v.id}`,
      headers: { 'x-api-key': key },
    });
    expect(detail.json().return_url).toBe(returnUrl);
    // Kept as a browser writes it, so the flow's copy of it matches.
    const mixedCase = await keyed(
      '/v1/verifications',
      { external_ref: 'returning', return_url: 'https://Shop.Example.org' },
      key,
    );
    expect(mixedCase.json().return_url).toBe('https://shop.example.org/');
    const minted = await keyed(`/v1/verifications/${v.id}/client-token`, {}, key);
    expect(new URLSearchParams(new URL(minted.json().url).hash.slice(1)).get('redirect_url')).toBe(returnUrl);

    for (const [bad, msg] of [
      ['http://shop.example.org/verified', PLAIN_HTTP_REFUSED],
      ['https://user:pw@shop.example.org/', 'url must not contain credentials'],
      ['javascript:alert(1)', 'url must use https'],
      ['/relative', 'url must be an absolute URL'],
    ] as const) {
      const res = await keyed('/v1/verifications', { external_ref: 'bad-return', return_url: bad }, key);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail).toEqual([{ loc: ['body', 'return_url'], msg, type: expect.any(String) }]);
    }
  });
});
