import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { insertDecidedEvent } from '../helpers/webhook-events.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('webhook SSRF guard on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_TIMEOUT_MS: '1000' } });
    stopBackground = await t.modules.startBackground();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await stopBackground();
    await t.close();
  });

  const create = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': t.rootKey },
      payload: { url, events: ['*'] },
    });

  it('refuses internal, loopback, metadata and unspecified targets at creation with a 422', async () => {
    const refused: Array<[string, string]> = [
      ['https://127.0.0.1/hook', 'loopback'],
      ['https://127.8.9.10:8443/hook', 'loopback'],
      ['https://localhost/hook', 'loopback'],
      ['https://[::1]/hook', 'loopback'],
      ['https://10.0.0.5/hook', 'private'],
      ['https://172.16.3.4/hook', 'private'],
      ['https://192.168.1.20/hook', 'private'],
      ['https://100.64.0.1/hook', 'shared (CGNAT)'],
      ['https://[fd12:3456::1]/hook', 'unique local'],
      ['https://169.254.10.10/hook', 'link-local'],
      ['https://[fe80::1]/hook', 'link-local'],
      ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
      ['https://[fd00:ec2::254]/latest/meta-data/', 'cloud metadata'],
      ['https://0.0.0.0/hook', 'unspecified'],
      ['https://[::]/hook', 'unspecified'],
      ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
      ['https://[::ffff:a9fe:a9fe]/hook', 'cloud metadata'],
      ['https://2130706433/hook', 'loopback'],
      ['https://0x7f.1/hook', 'loopback'],
    ];
    for (const [url, reason] of refused) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(422);
      const [issue] = res.json().detail as Array<{ loc: unknown[]; msg: string; type: string }>;
      expect(issue!.loc).toEqual(['body', 'url']);
      // The same words for every refusal: no address, no reason (they would map internal DNS).
      expect(issue!.msg, `${url} (${reason})`).toBe('url is not allowed: host is not publicly routable');
      expect(issue!.type).toBe('url_not_allowed');
    }
    const unresolvable = await create('https://no-such-host.invalid/hook');
    expect(unresolvable.statusCode).toBe(422);
    expect(unresolvable.json().detail).toEqual((await create('https://localhost/hook')).json().detail);
    const plain = await create('http://93.184.216.34/hook');
    expect(plain.statusCode).toBe(422);
    expect(plain.json().detail[0].msg).toMatch(/^url must use https \(.*WEBHOOK_ALLOW_INSECURE=1/);
    const rows = await t.platform.database.db.selectFrom('webhook_endpoints').select('url').execute();
    expect(rows).toEqual([]);
  });

  it('accepts a public https address', async () => {
    const res = await create('https://93.184.216.34/hook');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ url: 'https://93.184.216.34/hook', active: true });
  });

  it('checks again at delivery time: a host that now resolves inside is refused without connecting', async () => {
    const root = await t.platform.stores.apiKeys.findByHash(hashSecret(t.rootKey));
    const port = new URL(receiver.url).port;
    // Written past the API, as if the name had resolved to a public address at creation and moved since.
    const endpoint = await t.platform.stores.webhooks.insertEndpoint({
      owner: { apiKeyId: root!.id },
      url: `https://localhost:${port}/hook`,
      events: ['*'],
      secret: 'whsec_test',
    });
    await insertDecidedEvent(t, root!.id, { decision: 'approve', score: 90, reasons: [] });
    t.modules.webhooks.kick();
    const deadline = Date.now() + 10_000;
    let attempts: Array<{ error: string | null; status_code: number | null }> = [];
    while (Date.now() < deadline) {
      attempts = await t.platform.database.db
        .selectFrom('webhook_delivery_attempts as a')
        .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select(['a.error', 'a.status_code'])
        .where('d.endpoint_id', '=', endpoint.id)
        .execute();
      if (attempts.length > 0) break;
      await sleep(25);
    }
    expect(attempts[0]?.status_code).toBeNull();
    // The record says no more than the registration check did: what the name resolved to is for the log.
    expect(attempts[0]?.error).toBe('refused: host is not publicly routable');
    expect(receiver.connections()).toBe(0);
  });
});
