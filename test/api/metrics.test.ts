import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, operationsHeaders, type TestContext } from '../helpers/test-app.js';

describe.each(engines)('GET /metrics on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { KEY_RATE_LIMIT_PER_MINUTE: '1' }, sanctions: true });
  });
  afterAll(async () => t.close());

  it('exposes request latency by route and status and every metric family, in Prometheus text format', async () => {
    const headers = { 'x-api-key': t.rootKey };
    expect((await t.app.inject({ method: 'GET', url: '/v1/keys', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/keys', headers })).statusCode).toBe(429);
    await t.app.inject({ method: 'GET', url: '/v1/keys?secret=hidden' });
    await t.app.inject({ method: 'GET', url: '/no/such/path/123' });
    t.platform.metrics.verificationDecided('approve');
    t.platform.metrics.checkFinished('face_match', 120, true);
    t.platform.metrics.webhookDelivery('delivered');

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: operationsHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    for (const [family, type] of [
      ['http_request_duration_seconds', 'histogram'],
      ['verifications_decided_total', 'counter'],
      ['check_duration_seconds', 'histogram'],
      ['check_unavailable_total', 'counter'],
      ['webhook_deliveries_total', 'counter'],
      ['rate_limit_rejections_total', 'counter'],
      ['sanctions_list_age_seconds', 'gauge'],
      ['api_key_cache_entries', 'gauge'],
      ['verification_cache_entries', 'gauge'],
      ['database_queries', 'gauge'],
      ['process_cpu_user_seconds_total', 'counter'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ]) {
      expect(text).toContain(`# TYPE ${family} ${type}`);
    }
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/keys",status="200"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/keys",status="429"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/keys",status="401"} 1',
    );
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).toContain('rate_limit_rejections_total{limiter="api_key"} 1');
    expect(text).toContain('verifications_decided_total{decision="approve"} 1');
    expect(text).toContain('check_unavailable_total{check="face_match"} 1');
    expect(text).toContain('webhook_deliveries_total{outcome="delivered"} 1');
    expect(text).toMatch(/^sanctions_list_age_seconds \d+(\.\d+)?$/m);
    // Read at scrape time; what they hold is tested in read-caches.test.ts.
    expect(text).toMatch(/^api_key_cache_entries \d+$/m);
    expect(text).toMatch(/^verification_cache_entries \d+$/m);
    // Every request above ran queries; the figure only grows.
    expect(Number(/^database_queries (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    // Labels are route patterns: no raw paths or query strings.
    expect(text).not.toContain('secret=hidden');
    expect(text).not.toContain('/no/such/path');
  });

  it('is not part of the public API description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
    expect(Object.keys(spec.paths)).toContain('/v1/signals/collect');
  });

  it('answers 404 without the METRICS_TOKEN bearer token, as for an unknown path', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong-token' },
      { authorization: operationsHeaders.authorization.replace('Bearer ', 'Basic ') },
      { 'x-api-key': t.rootKey },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'not found' });
    }
  });

  it('answers /readyz with the status alone in public, and the components with the token', async () => {
    const open = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(open.json()).toEqual({ status: expect.stringMatching(/^(ready|degraded)$/) });
    const detailed = (
      await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })
    ).json();
    expect(detailed.status).toBe(open.json().status);
    expect(Object.keys(detailed.components)).toEqual(
      expect.arrayContaining(['database', 'migrations', 'video_decoder']),
    );
  });
});

describe('GET /metrics with METRICS_TOKEN unset', () => {
  it('is not served at all', async () => {
    const t = await createTestApp('pglite', { env: { METRICS_TOKEN: '' } });
    try {
      expect(t.config.metricsToken).toBeUndefined();
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer ' },
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })).json(),
      ).toEqual({ status: expect.any(String) });
    } finally {
      await t.close();
    }
  });
});
