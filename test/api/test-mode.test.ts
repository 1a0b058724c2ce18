import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReasonCode } from '../../src/core/verifications/reason-codes.js';
import { REASON_CODES } from '../../src/core/verifications/reason-codes.js';
import { checkWebhookSignature } from '../../packages/node/src/index.js';
import { verificationReadyToSubmit } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, waitForEvent, type Receiver } from '../helpers/webhook-receiver.js';

type Key = { id: number; api_key: string; mode: string };
type Decided = { decision: string; score: number; reasons: string[] };

/**
 * One forced input per reason code, with the decision the decision rules (docs/decision-policy.md) give it: strong
 * matches decline, possible matches and every `*_unavailable` cap at review (degraded ML adding
 * ml_degraded_capped_at_review), a server decode outage is neutral. The reasons the rules give no
 * decision for follow docs/decision-policy.md's weights (barcode and licence-number failures and
 * below-threshold scores land in review; a missing element alone keeps 90 points, an approval).
 */
const SINGLE: Array<{ code: ReasonCode; decision: string; score: number; reasons: ReasonCode[] }> = [
  { code: 'ofac_match', decision: 'decline', score: 90, reasons: ['ofac_match'] },
  { code: 'ofac_possible_match', decision: 'review', score: 95, reasons: ['ofac_possible_match'] },
  { code: 'ofac_screen_unavailable', decision: 'review', score: 100, reasons: ['ofac_screen_unavailable'] },
  {
    code: 'face_duplicate_different_identity',
    decision: 'decline',
    score: 90,
    reasons: ['face_duplicate_different_identity'],
  },
  { code: 'face_seen_before', decision: 'review', score: 95, reasons: ['face_seen_before'] },
  { code: 'face_dedupe_unavailable', decision: 'review', score: 100, reasons: ['face_dedupe_unavailable'] },
  { code: 'barcode_parse_failed', decision: 'review', score: 70, reasons: ['barcode_parse_failed'] },
  {
    code: 'mandatory_elements_missing',
    decision: 'approve',
    score: 90,
    reasons: ['mandatory_elements_missing'],
  },
  { code: 'document_expired', decision: 'decline', score: 70, reasons: ['document_expired'] },
  {
    code: 'license_number_recompute_failed',
    decision: 'review',
    score: 70,
    reasons: ['license_number_recompute_failed'],
  },
  {
    code: 'document_front_back_mismatch',
    decision: 'review',
    score: 70,
    reasons: ['document_front_back_mismatch'],
  },
  {
    code: 'server_barcode_decode_unavailable',
    decision: 'approve',
    score: 100,
    reasons: ['server_barcode_decode_unavailable'],
  },
  {
    code: 'document_front_unavailable',
    decision: 'review',
    score: 100,
    reasons: ['document_front_unavailable', 'ml_degraded_capped_at_review'],
  },
  { code: 'mrz_unreadable', decision: 'review', score: 70, reasons: ['mrz_unreadable'] },
  { code: 'mrz_check_digit_failed', decision: 'review', score: 70, reasons: ['mrz_check_digit_failed'] },
  { code: 'document_data_mismatch', decision: 'review', score: 70, reasons: ['document_data_mismatch'] },
  {
    code: 'mrz_unavailable',
    decision: 'review',
    score: 100,
    reasons: ['mrz_unavailable', 'ml_degraded_capped_at_review'],
  },
  { code: 'document_chip_not_read', decision: 'review', score: 100, reasons: ['document_chip_not_read'] },
  {
    code: 'face_match_below_threshold',
    decision: 'review',
    score: 70,
    reasons: ['face_match_below_threshold'],
  },
  {
    code: 'face_match_unavailable',
    decision: 'review',
    score: 100,
    reasons: ['face_match_unavailable', 'ml_degraded_capped_at_review'],
  },
  { code: 'liveness_below_threshold', decision: 'review', score: 80, reasons: ['liveness_below_threshold'] },
  {
    code: 'liveness_unavailable',
    decision: 'review',
    score: 100,
    reasons: ['liveness_unavailable', 'ml_degraded_capped_at_review'],
  },
  {
    code: 'ml_degraded_capped_at_review',
    decision: 'review',
    score: 100,
    reasons: ['liveness_unavailable', 'ml_degraded_capped_at_review'],
  },
];

describe.each(engines)('test mode on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  let receiver: Receiver;
  let testKey: Key;
  let liveKey: Key;
  let testSecret: string;
  let liveReceiver: Receiver;

  const request = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': apiKey }, ...(payload ? { payload } : {}) });

  const session = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-client-token': token }, ...(payload ? { payload } : {}) });

  const createKey = async (apiKey: string, body: object): Promise<Key> => {
    const res = await request(apiKey, 'POST', '/v1/keys', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  /** The hosted flow's "use a sample image" path: every upload is the service's own sample. */
  async function completeWithSamples(token: string, submit: object = {}) {
    const sample = async (kind: string) => {
      const res = await session(token, 'GET', `/v1/session/test-samples/${kind}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { image_b64: string }).image_b64;
    };
    const step = async (url: string, payload: object) => {
      const res = await session(token, 'POST', url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    await step('/v1/session/consent', { consent: true });
    await step('/v1/session/document', { side: 'front', image_b64: await sample('document_front') });
    await step('/v1/session/document', { side: 'back', image_b64: await sample('document_back') });
    await step('/v1/session/selfie', { frames_b64: [await sample('selfie')] });
    return session(token, 'POST', '/v1/session/submit', submit);
  }

  async function forced(testOutcome: ReasonCode[] | undefined, submit: object = {}) {
    const created = await request(testKey.api_key, 'POST', '/v1/verifications', {
      external_ref: `forced-${testOutcome?.join('+') ?? 'chosen'}`,
      ...(testOutcome ? { test_outcome: testOutcome } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, client_token } = created.json() as { id: string; client_token: string };
    const submitted = await completeWithSamples(client_token, submit);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const detail = await request(testKey.api_key, 'GET', `/v1/verifications/${id}`);
    expect(detail.statusCode).toBe(200);
    return { id, detail: detail.json() };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1' } });
    stopBackground = await t.modules.startBackground();
    receiver = await startReceiver();
    liveReceiver = await startReceiver();
    testKey = await createKey(t.rootKey, { label: 'sandbox', scopes: ['*'], mode: 'test' });
    liveKey = await createKey(t.rootKey, { label: 'production', scopes: ['*'] });
    const endpoint = await request(testKey.api_key, 'POST', '/v1/webhooks', {
      url: receiver.url,
      events: ['*'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    testSecret = endpoint.json().secret;
    const liveEndpoint = await request(liveKey.api_key, 'POST', '/v1/webhooks', {
      url: liveReceiver.url,
      events: ['*'],
    });
    expect(liveEndpoint.statusCode, liveEndpoint.body).toBe(201);
  });

  afterAll(async () => {
    await receiver?.close();
    await liveReceiver?.close();
    await stopBackground?.();
    await t?.close();
  });

  describe('test keys', () => {
    it('carry a visible test prefix and mode; the root key and its default children stay live', async () => {
      expect(testKey.mode).toBe('test');
      expect(testKey.api_key).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/);
      expect(liveKey.mode).toBe('live');
      expect(liveKey.api_key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
      const root = (await request(t.rootKey, 'GET', '/v1/keys')).json() as Array<{ label: string }>;
      const stored = await t.platform.stores.apiKeys.listOwned(testKey.id);
      expect(stored.map((k) => k.mode)).toEqual(['test']);
      expect(root.map((k) => k.label)).toContain('sandbox');
      const bootstrap = (await t.platform.stores.apiKeys.listOwned(1)).find((k) => k.label === 'bootstrap');
      expect(bootstrap?.mode).toBe('live');
    });

    it('a test key mints only test keys', async () => {
      const child = await createKey(testKey.api_key, { label: 'child', scopes: ['verifications:read'] });
      expect(child.mode).toBe('test');
      expect(child.api_key.startsWith('svc_test_')).toBe(true);
      const live = await request(testKey.api_key, 'POST', '/v1/keys', {
        label: 'escape',
        scopes: ['verifications:read'],
        mode: 'live',
      });
      expect(live.statusCode).toBe(403);
      expect(live.json()).toEqual({ detail: 'a test key can create only test keys' });
    });
  });

  describe('forced outcomes: one per reason code', () => {
    it.each(SINGLE)('$code → $decision $score $reasons', async ({ code, decision, score, reasons }) => {
      const { detail } = await forced([code]);
      expect(detail.mode).toBe('test');
      expect(detail.test_outcome).toEqual([code]);
      expect(detail.decision).toBe(decision);
      expect(detail.score).toBe(score);
      expect(detail.decision_reasons).toEqual(reasons);
      expect(detail.checks.test_mode).toBe(true);
    });

    it('covers every reason code', () => {
      expect(SINGLE.map((c) => c.code).sort()).toEqual([...REASON_CODES].sort());
    });

    it('an empty list approves with full points', async () => {
      const { detail } = await forced([]);
      expect(detail).toMatchObject({ decision: 'approve', score: 100, decision_reasons: [] });
      // The sample licence is really parsed: the identity comes from its PDF417.
      expect(detail.doc_checks.document.identity).toMatchObject({
        first_name: 'JANE',
        middle_name: 'TESTMODE',
        last_name: 'SAMPLE',
      });
    });

    it('combinations: a decline wins over review caps, and every reason is reported', async () => {
      const { detail } = await forced(['ofac_possible_match', 'face_seen_before', 'document_expired']);
      expect(detail.decision).toBe('decline');
      expect(detail.decision_reasons).toEqual([
        'ofac_possible_match',
        'face_seen_before',
        'document_expired',
      ]);
      const capped = await forced([
        'face_match_unavailable',
        'liveness_unavailable',
        'ofac_screen_unavailable',
      ]);
      expect(capped.detail.decision).toBe('review');
      expect(capped.detail.decision_reasons).toEqual([
        'ofac_screen_unavailable',
        'face_match_unavailable',
        'liveness_unavailable',
        'ml_degraded_capped_at_review',
      ]);
    });

    it('impossible combinations and forced outcomes on a live key are 422 before anything is written', async () => {
      for (const outcome of [
        ['ofac_match', 'ofac_possible_match'],
        ['barcode_parse_failed', 'document_expired'],
        ['ml_degraded_capped_at_review', 'document_expired'],
      ]) {
        const res = await request(testKey.api_key, 'POST', '/v1/verifications', {
          external_ref: 'impossible',
          test_outcome: outcome,
        });
        expect(res.statusCode, outcome.join('+')).toBe(422);
        expect(res.json().detail[0].loc).toEqual(['body', 'test_outcome']);
      }
      const live = await request(liveKey.api_key, 'POST', '/v1/verifications', {
        external_ref: 'live-forced',
        test_outcome: ['ofac_match'],
      });
      expect(live.statusCode).toBe(422);
      expect(live.json().detail[0].msg).toBe('test_outcome is accepted only with a test key');
      const listed = await request(testKey.api_key, 'GET', '/v1/verifications?external_ref=impossible');
      expect(listed.json().data).toHaveLength(0);
    });

    it('the outcome can be chosen at submit (the hosted flow chooser) unless fixed at creation', async () => {
      const chosen = await forced(undefined, { test_outcome: ['face_duplicate_different_identity'] });
      // Kept on the verification as if fixed at creation, so the merchant reads what was asked for.
      expect(chosen.detail.test_outcome).toEqual(['face_duplicate_different_identity']);
      expect(chosen.detail.decision).toBe('decline');
      expect(chosen.detail.decision_reasons).toEqual(['face_duplicate_different_identity']);
      const submitted = chosen.detail.audit_log.find(
        (a: { event: string }) => a.event === 'verification.submitted',
      );
      expect(submitted.detail).toEqual({ test_outcome: ['face_duplicate_different_identity'] });

      const fixed = await request(testKey.api_key, 'POST', '/v1/verifications', {
        external_ref: 'fixed',
        test_outcome: ['ofac_match'],
      });
      const res = await completeWithSamples(fixed.json().client_token, { test_outcome: [] });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].msg).toBe('test_outcome was fixed when the verification was created');
    });
  });

  it('webhooks of test verifications are delivered to the test endpoint, signed with its secret', async () => {
    const { id } = await forced(['ofac_match']);
    const delivered = await waitForEvent(receiver, 'verification.decided', id);
    const header = String(delivered.headers['x-service-signature']);
    expect(checkWebhookSignature(delivered.rawBody, header, testSecret)).toMatchObject({ valid: true });
    expect(checkWebhookSignature(delivered.rawBody, header, 'whsec_other')).toMatchObject({ valid: false });
    expect(JSON.parse(delivered.rawBody.toString())).toMatchObject({
      event: 'verification.decided',
      verification_id: id,
      data: { decision: 'decline', score: 90, reasons: ['ofac_match'] } satisfies Decided,
    });
  });

  describe('live and test never mix', () => {
    it('cross-mode reads are 404, lists and webhook endpoints are filtered, test usage is not metered', async () => {
      const { id: testId } = await forced([]);
      const live = await verificationReadyToSubmit(t, liveKey.api_key);
      const liveSubmit = await session(live.client_token, 'POST', '/v1/session/submit', {});
      expect(liveSubmit.statusCode, liveSubmit.body).toBe(200);

      for (const apiKey of [liveKey.api_key, t.rootKey]) {
        const res = await request(apiKey, 'GET', `/v1/verifications/${testId}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'verification not found' });
      }
      const fromTest = await request(testKey.api_key, 'GET', `/v1/verifications/${live.id}`);
      expect(fromTest.statusCode).toBe(404);

      const liveList = JSON.stringify((await request(liveKey.api_key, 'GET', '/v1/verifications')).json());
      expect(liveList).not.toContain(testId);
      const testList = (await request(testKey.api_key, 'GET', '/v1/verifications?limit=200')).json();
      expect(JSON.stringify(testList)).not.toContain(live.id);
      expect(JSON.stringify(testList)).toContain(testId);

      const testEndpoints = (await request(testKey.api_key, 'GET', '/v1/webhooks')).json();
      expect(testEndpoints.map((e: { url: string }) => e.url)).toEqual([receiver.url]);
      const liveEndpoints = (await request(liveKey.api_key, 'GET', '/v1/webhooks')).json();
      expect(liveEndpoints.map((e: { url: string }) => e.url)).toEqual([liveReceiver.url]);
      // Each endpoint stores its key's mode (the documented list shape stays id, url, events, active).
      expect(
        (await t.platform.stores.webhooks.listActive({ apiKeyId: testKey.id })).map((e) => e.mode),
      ).toEqual(['test']);
      expect(
        (await t.platform.stores.webhooks.listActive({ apiKeyId: liveKey.id })).map((e) => e.mode),
      ).toEqual(['live']);

      // The live endpoint got the live decision and nothing from the many test ones.
      const liveEvents = await liveReceiver.waitForRequests(1);
      expect(liveEvents.map((r) => JSON.parse(r.rawBody.toString()).verification_id)).toEqual([live.id]);

      const testUsage = (await request(testKey.api_key, 'GET', '/v1/usage')).json();
      expect(testUsage.total).toBe(0);
      const liveUsage = (await request(liveKey.api_key, 'GET', '/v1/usage')).json();
      expect(liveUsage.total).toBe(1);
    });

    it('sample images exist only for test verifications', async () => {
      const live = await request(liveKey.api_key, 'POST', '/v1/verifications', { external_ref: 'live' });
      const res = await session(live.json().client_token, 'GET', '/v1/session/test-samples/selfie');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'sample images are served only in test mode' });
      const state = (await session(live.json().client_token, 'GET', '/v1/session/state')).json();
      expect(state).toMatchObject({ mode: 'live', test_outcome: null });
    });

    it('the session state tells the hosted flow the mode and any fixed outcome', async () => {
      const created = await request(testKey.api_key, 'POST', '/v1/verifications', {
        external_ref: 'browser-barcode',
        test_outcome: ['face_seen_before'],
      });
      const token = created.json().client_token as string;
      const state = (await session(token, 'GET', '/v1/session/state')).json();
      expect(state).toMatchObject({ mode: 'test', test_outcome: ['face_seen_before'] });
    });
  });
});
