import { keyActor } from '../../src/core/actor.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../../src/adapters/db/read-cache.js';
import { createTransactor } from '../../src/adapters/db/transactor.js';
import { createCachedVerificationStore } from '../../src/adapters/db/verification-cache.js';
import { createVerificationStore } from '../../src/adapters/db/verification-store.js';
import { checkWebhookSignature } from '../../packages/node/src/index.js';
import { reviewVerification } from '../../src/use-cases/verifications/review-verification.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, waitForEvent, type Receiver } from '../helpers/webhook-receiver.js';

/**
 * Manual review (docs/review.md). With the ML disabled every submitted verification is decided
 * `review` (face checks unavailable cap it there), so each test drives real verifications to the queue.
 */

type Key = { id: number; api_key: string };

const REVIEWER_SCOPES = ['verifications:write', 'verifications:read', 'verifications:review'];

describe.each(engines)('manual review on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1' } });
    stopBackground = await t.modules.startBackground();
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await stopBackground();
    await t.close();
  });

  const newKey = async (scopes = REVIEWER_SCOPES): Promise<Key> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'reviewer', scopes },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  const review = (id: string, key: string, payload: object = { decision: 'approve', note: 'ok' }) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${id}/review`,
      headers: { 'x-api-key': key },
      payload,
    });

  const detail = async (id: string, key: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/v1/verifications/${id}`, headers: { 'x-api-key': key } })
    ).json();

  const list = async (key: string, query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications?${query}`,
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Array<{ id: string }>).map((v) => v.id);
  };

  it('approves a verification decided review: keeps the automatic decision, adds the final one', async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key.api_key);
    const before = await detail(id, key.api_key);
    expect(before).toMatchObject({
      status: 'decided',
      decision: 'review',
      final_decision: null,
      review: null,
    });

    t.clock.advanceSeconds(90);
    const res = await review(id, key.api_key, {
      decision: 'approve',
      note: '  Portrait matches the selfie; licence fields consistent.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reviewedAt = t.clock.now().toISOString().replace(/Z$/, '');
    const body = res.json();
    expect(body).toMatchObject({
      id,
      status: 'decided',
      decision: 'review',
      score: before.score,
      decision_reasons: before.decision_reasons,
      final_decision: 'approve',
      review: {
        decision: 'approve',
        note: 'Portrait matches the selfie; licence fields consistent.',
        reviewed_at: reviewedAt,
        reviewer_key_id: key.id,
      },
    });
    expect(await detail(id, key.api_key)).toEqual(body);
  });

  it('writes who decided what, why and when to the audit log', async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key.api_key);
    expect(
      (await review(id, key.api_key, { decision: 'decline', note: 'Selfie is a photo of a screen.' }))
        .statusCode,
    ).toBe(200);
    const audit = (await detail(id, key.api_key)).audit_log as Array<Record<string, unknown>>;
    expect(audit.at(-1)).toEqual({
      at: t.clock.now().toISOString().replace(/Z$/, ''),
      actor: 'merchant',
      event: 'verification.reviewed',
      detail: {
        reviewer_key_id: key.id,
        decision: 'decline',
        note: 'Selfie is a photo of a screen.',
        automatic_decision: 'review',
      },
    });
  });

  it('needs the verifications:review scope; * grants it', async () => {
    const reader = await newKey(['verifications:write', 'verifications:read']);
    const { id } = await decidedVerification(t, reader.api_key);
    const denied = await review(id, reader.api_key);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'missing scope: verifications:review' });
    expect((await review(id, 'svc_not-a-key')).statusCode).toBe(401);

    const everything = await newKey(['*']);
    const own = await decidedVerification(t, everything.api_key);
    expect((await review(own.id, everything.api_key)).statusCode).toBe(200);
  });

  it('answers 404 for another key’s verification and for ids that are no verification', async () => {
    const owner = await newKey();
    const other = await newKey();
    const { id } = await decidedVerification(t, owner.api_key);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await review(target, other.api_key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'verification not found' });
    }
    expect((await detail(id, owner.api_key)).review).toBeNull();
  });

  it('answers 409 unless the verification is decided review and not yet reviewed', async () => {
    const key = await newKey();
    const open = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': key.api_key },
        payload: { external_ref: 'still-capturing' },
      })
    ).json();
    const notDecided = await review(open.id, key.api_key);
    expect(notDecided.statusCode).toBe(409);
    expect(notDecided.json()).toEqual({
      detail: 'cannot review a verification in status doc_front; only a decided verification can be reviewed',
    });

    // A verification the checks approved or declined has nothing for a person to settle.
    for (const automatic of ['approve', 'decline']) {
      const { id } = await decidedVerification(t, key.api_key);
      await t.platform.database.db
        .updateTable('verifications')
        .set({ decision: automatic })
        .where('id', '=', id)
        .execute();
      const res = await review(id, key.api_key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: `verification was decided ${automatic}; only a verification decided review can be reviewed`,
      });
    }

    const { id } = await decidedVerification(t, key.api_key);
    expect((await review(id, key.api_key, { decision: 'decline', note: 'first' })).statusCode).toBe(200);
    const twice = await review(id, key.api_key, { decision: 'approve', note: 'second' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'verification was already reviewed (decline)' });
    expect((await detail(id, key.api_key)).review).toMatchObject({ decision: 'decline', note: 'first' });
  });

  it('lets exactly one of two racing reviewers win', async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key.api_key);
    const answers = await Promise.all([
      review(id, key.api_key, { decision: 'approve', note: 'reviewer A' }),
      review(id, key.api_key, { decision: 'decline', note: 'reviewer B' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    const audit = (await detail(id, key.api_key)).audit_log as Array<{ event: string }>;
    expect(audit.filter((a) => a.event === 'verification.reviewed')).toHaveLength(1);
    expect((await detail(id, key.api_key)).final_decision).toBe(winner.review.decision);
  });

  it('validates the body: a decision of approve or decline and a note of 1 to 2000 characters', async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key.api_key);
    // A missing enum field reports zod's `invalid_value` (the validator's `missing` covers typed fields).
    const cases: Array<[object, string[], string]> = [
      [{ decision: 'approve' }, ['body', 'note'], 'missing'],
      [{ decision: 'approve', note: '   ' }, ['body', 'note'], 'string_too_short'],
      [{ decision: 'approve', note: 'x'.repeat(2001) }, ['body', 'note'], 'string_too_long'],
      [{ decision: 'review', note: 'still unsure' }, ['body', 'decision'], 'invalid_value'],
      [{ note: 'no decision' }, ['body', 'decision'], 'invalid_value'],
    ];
    for (const [payload, loc, type] of cases) {
      const res = await review(id, key.api_key, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc, type })]);
    }
    expect((await review(id, key.api_key, { decision: 'approve', note: 'x'.repeat(2000) })).statusCode).toBe(
      200,
    );
  });

  it('filters the list to the review queue with ?decision=review&reviewed=false', async () => {
    const key = await newKey();
    // Lists are newest first; the test clock stands still unless moved.
    const first = await decidedVerification(t, key.api_key);
    t.clock.advanceSeconds(1);
    const second = await decidedVerification(t, key.api_key);
    t.clock.advanceSeconds(1);
    const open = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': key.api_key },
        payload: { external_ref: 'not-in-the-queue' },
      })
    ).json();
    expect(await list(key.api_key, 'decision=review&reviewed=false')).toEqual([second.id, first.id]);
    expect(await list(key.api_key, 'reviewed=false')).toEqual([open.id, second.id, first.id]);

    await review(first.id, key.api_key);
    expect(await list(key.api_key, 'decision=review&reviewed=false')).toEqual([second.id]);
    expect(await list(key.api_key, 'decision=review&reviewed=true')).toEqual([first.id]);
    expect(await list(key.api_key, 'decision=approve')).toEqual([]);
    const summaries = (
      await t.app.inject({
        method: 'GET',
        url: '/v1/verifications?reviewed=true',
        headers: { 'x-api-key': key.api_key },
      })
    ).json().data;
    expect(summaries[0]).toMatchObject({ id: first.id, decision: 'review', final_decision: 'approve' });
    expect(summaries[0].review).toMatchObject({ decision: 'approve', reviewer_key_id: key.id });

    const bad = await t.app.inject({
      method: 'GET',
      url: '/v1/verifications?reviewed=maybe',
      headers: { 'x-api-key': key.api_key },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'reviewed']);
  });

  it('never serves a cached detail from before the review', async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key.api_key);
    expect((await detail(id, key.api_key)).review).toBeNull();
    // The finished verification is now served from memory: no query reaches the verifications table.
    const spy = vi.spyOn(t.platform.database.db, 'selectFrom');
    await vi.waitFor(
      async () => {
        spy.mockClear();
        await detail(id, key.api_key);
        expect(spy.mock.calls.map(([table]) => String(table))).not.toContain('verifications');
      },
      // Returns as soon as it holds; the budget is room for a busy 2-core machine.
      { timeout: 10_000, interval: 20 },
    );
    spy.mockRestore();

    expect((await review(id, key.api_key, { decision: 'approve', note: 'fresh' })).statusCode).toBe(200);
    const after = await detail(id, key.api_key);
    expect(after).toMatchObject({ final_decision: 'approve', review: { note: 'fresh' } });
    expect(after.audit_log.at(-1).event).toBe('verification.reviewed');
  });

  it('the transactor evicts the reviewed verification from the read cache, with no change notification', async () => {
    // A feed that never notifies isolates the in-process path (the trigger's notification is the other).
    const silentFeed: ChangeFeed = { connected: () => true, onChange: () => {} };
    const db = t.platform.database.db;
    const keys = t.platform.verificationKeys;
    const cachedStore = () =>
      createCachedVerificationStore(createVerificationStore(db, keys), {
        clock: t.clock,
        maxAgeMs: 60_000,
        maxEntries: 100,
        feed: silentFeed,
      });
    const key = await newKey();
    const reviewWith = async (evictOnCommit: boolean) => {
      const { id } = await decidedVerification(t, key.api_key);
      const verifications = cachedStore();
      const transact = createTransactor(db, {
        vectorSearch: false,
        keys,
        ...(evictOnCommit ? { onCommitted: (ids: Set<string>) => verifications.forget(ids) } : {}),
      });
      const cached = await verifications.findOwnedDetail(id, key.id, t.clock.now());
      expect(cached?.verification.reviewed_at).toBeNull();
      expect(verifications.cachedEntries()).toBe(1);
      const returned = await reviewVerification(
        {
          verifications,
          transact,
          clock: t.clock,
          onDecided: () => {},
          accounts: t.platform.stores.accounts,
        },
        keyActor({ id: key.id, accountId: 0, scopes: ['*'], mode: 'live' }),
        id,
        { decision: 'approve', note: 'cache check' },
      );
      const next = await verifications.findOwnedDetail(id, key.id, t.clock.now());
      return { returned, next };
    };

    const evicted = await reviewWith(true);
    expect(evicted.returned.verification.review_decision).toBe('approve');
    expect(evicted.next?.verification.review_decision).toBe('approve');
    expect(evicted.next?.audit.at(-1)?.event).toBe('verification.reviewed');
    // The control: without the eviction the cache would still answer the detail from before the review.
    const stale = await reviewWith(false);
    expect(stale.next?.verification.review_decision).toBeNull();
  });

  it('delivers a signed verification.reviewed event to * subscribers, not to verification.decided-only ones', async () => {
    const key = await newKey([...REVIEWER_SCOPES, 'webhooks:write', 'webhooks:read']);
    const everything = await startReceiver();
    const decidedOnly = await startReceiver();
    const reviewedOnly = await startReceiver();
    receivers.push(everything, decidedOnly, reviewedOnly);
    const endpoint = async (url: string, events: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: { 'x-api-key': key.api_key },
        payload: { url, events },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; secret: string };
    };
    const all = await endpoint(everything.url, ['*']);
    await endpoint(decidedOnly.url, ['verification.decided']);
    const named = await endpoint(reviewedOnly.url, ['verification.reviewed']);

    const { id } = await decidedVerification(t, key.api_key);
    await everything.waitForRequests(1);
    await decidedOnly.waitForRequests(1);
    const reviewed = await review(id, key.api_key, {
      decision: 'decline',
      note: 'Document photo is of a screen',
    });
    expect(reviewed.statusCode).toBe(200);

    const request = await waitForEvent(everything, 'verification.reviewed', id);
    const body = JSON.parse(request.rawBody.toString('utf8'));
    expect(body).toEqual({
      id: expect.any(String),
      event: 'verification.reviewed',
      created_at: reviewed.json().review.reviewed_at,
      verification_id: id,
      data: {
        decision: 'decline',
        automatic_decision: 'review',
        reviewer_key_id: key.id,
        reviewed_at: reviewed.json().review.reviewed_at,
      },
    });
    expect(JSON.stringify(body)).not.toContain('screen');
    const header = request.headers['x-service-signature'] as string;
    expect(checkWebhookSignature(request.rawBody, header, all.secret)).toMatchObject({ valid: true });
    expect(checkWebhookSignature(request.rawBody, header, named.secret)).toMatchObject({ valid: false });

    const [onlyReviewed] = await reviewedOnly.waitForRequests(1);
    expect(JSON.parse(onlyReviewed!.rawBody.toString('utf8')).event).toBe('verification.reviewed');
    expect(
      checkWebhookSignature(
        onlyReviewed!.rawBody,
        onlyReviewed!.headers['x-service-signature'] as string,
        named.secret,
      ),
    ).toMatchObject({ valid: true });

    // The decided-only endpoint got its one event and nothing for the review.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(decidedOnly.requests.map((r) => JSON.parse(r.rawBody.toString('utf8')).event)).toEqual([
      'verification.decided',
    ]);
  });
});
