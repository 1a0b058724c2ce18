import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/adapters/db/database.js';
import { createTransactor } from '../../src/adapters/db/transactor.js';
import { createWebhookStore } from '../../src/adapters/db/webhook-store.js';
import { createSecretBox } from '../../src/core/webhooks/secret-box.js';
import type { AttemptRecord, ClaimedDelivery, WebhookStore } from '../../src/ports/webhooks.js';
import { engines, insertApiKey, openMigratedDatabase } from '../helpers/contract-databases.js';

const LONG_LEASE_MS = 60_000;
const SHORT_LEASE_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function attempt(
  claimed: Pick<ClaimedDelivery, 'id' | 'leaseToken' | 'attempts'>,
  next: AttemptRecord['next'] = { status: 'delivered' },
): AttemptRecord {
  return {
    deliveryId: claimed.id,
    leaseToken: claimed.leaseToken,
    attempt: claimed.attempts + 1,
    attemptedAt: new Date(),
    statusCode: 200,
    latencyMs: 12,
    error: null,
    responseExcerpt: 'ok',
    next,
  };
}

describe.each(engines)('WebhookStore delivery queue contract on %s', (engine) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  /** Two workers, each with its own store (and on PostgreSQL its own connection pool). */
  let first: WebhookStore;
  let second: WebhookStore;

  beforeAll(async () => {
    let connectAgain: () => Promise<DatabaseHandle>;
    ({ database, close, connectAgain } = await openMigratedDatabase(engine));
    const secrets = createSecretBox(crypto.randomBytes(32));
    first = createWebhookStore(database.db, secrets);
    second = createWebhookStore((await connectAgain()).db, secrets);
  });
  afterAll(async () => close());

  /**
   * An endpoint of a key of its own (events fan out to every endpoint of their key) with `count`
   * pending deliveries, due now.
   */
  async function endpointWithDeliveries(
    count: number,
  ): Promise<{ apiKeyId: number; endpointId: number; deliveryIds: number[] }> {
    const apiKeyId = await insertApiKey(database);
    const endpoint = await first.insertEndpoint({
      owner: { apiKeyId },
      url: 'https://hooks.example.com/idv',
      events: ['*'],
      secret: 'whsec_test',
    });
    const transact = createTransactor(database.db, { vectorSearch: false });
    await transact(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        await tx.outbox.add({
          id: crypto.randomUUID(),
          type: 'verification.completed',
          apiKeyId,
          verificationId: null,
          data: { i },
          at: new Date(),
        });
      }
    });
    while ((await first.dispatchEvents(100)) > 0);
    const { items } = await first.listDeliveries(endpoint.id, { limit: 200, beforeId: null });
    return { apiKeyId, endpointId: endpoint.id, deliveryIds: items.map((d) => d.id) };
  }

  async function delivery(id: number, apiKeyId: number) {
    return (await first.findDeliveryOwned(id, { apiKeyId }))!;
  }

  it('dispatches each outbox event once to each subscribed endpoint', async () => {
    const { deliveryIds } = await endpointWithDeliveries(3);
    expect(deliveryIds).toHaveLength(3);
    expect(await first.dispatchEvents(100)).toBe(0);
    // Claims span endpoints: every test leaves its deliveries leased or finished for the next one.
    expect((await first.claimDue(100, LONG_LEASE_MS)).map((d) => d.id).sort()).toEqual(
      [...deliveryIds].sort(),
    );
  });

  it('two concurrent claimers never claim the same delivery', async () => {
    const { deliveryIds } = await endpointWithDeliveries(40);
    const claimedBy = new Map<number, string>();
    const tokens = new Set<string>();
    async function drain(store: WebhookStore, name: string) {
      for (;;) {
        const batch = await store.claimDue(3, LONG_LEASE_MS);
        if (batch.length === 0) return;
        for (const claimed of batch) {
          expect(claimedBy.get(claimed.id), `delivery ${claimed.id} claimed twice`).toBeUndefined();
          claimedBy.set(claimed.id, name);
          tokens.add(claimed.leaseToken);
          expect(claimed.secret).toBe('whsec_test');
        }
      }
    }
    await Promise.all([
      drain(first, 'first'),
      drain(second, 'second'),
      drain(first, 'first'),
      drain(second, 'second'),
    ]);
    expect([...claimedBy.keys()].sort((a, b) => a - b)).toEqual([...deliveryIds].sort((a, b) => a - b));
    expect(tokens.size).toBe(deliveryIds.length);
  });

  it('a held lease keeps the delivery from other claimers; an expired lease is taken over', async () => {
    const { deliveryIds } = await endpointWithDeliveries(1);
    const [held] = await first.claimDue(10, SHORT_LEASE_MS);
    expect(held?.id).toBe(deliveryIds[0]);
    // A claimer that dies mid-attempt never records; once its lease runs out the row is due again.
    await sleep(SHORT_LEASE_MS * 3);
    const [takenOver] = await second.claimDue(10, LONG_LEASE_MS);
    expect(takenOver).toMatchObject({ id: held!.id, attempts: 0 });
    expect(takenOver!.leaseToken).not.toBe(held!.leaseToken);
    expect(await first.claimDue(10, LONG_LEASE_MS)).toEqual([]);
  });

  it('attempts recorded under a stale lease are kept but do not move the delivery', async () => {
    const { apiKeyId, deliveryIds } = await endpointWithDeliveries(1);
    const [stale] = await first.claimDue(10, SHORT_LEASE_MS);
    await sleep(SHORT_LEASE_MS * 3);
    const [current] = await second.claimDue(10, LONG_LEASE_MS);
    expect(current?.id).toBe(deliveryIds[0]);

    expect(await first.recordAttempts([attempt(stale!, { status: 'failed' })])).toEqual(new Map());
    let row = await delivery(current!.id, apiKeyId);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lease_token: current!.leaseToken });
    expect(row.attempt_log).toHaveLength(1);

    expect(await second.recordAttempts([attempt(current!)])).toEqual(new Map([[current!.id, 'delivered']]));
    row = await delivery(current!.id, apiKeyId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, run_attempts: 1, lease_token: null });
    expect(row.completed_at).toBeInstanceOf(Date);
    // The lease ended with the recorded attempt: replaying it changes nothing.
    expect(await second.recordAttempts([attempt(current!, { status: 'failed' })])).toEqual(new Map());
    expect((await delivery(current!.id, apiKeyId)).status).toBe('delivered');
  });

  it('a retry-later attempt ends the lease and makes the delivery due again after its delay', async () => {
    const { apiKeyId, deliveryIds } = await endpointWithDeliveries(1);
    const [claimed] = await first.claimDue(10, LONG_LEASE_MS);
    expect(
      await first.recordAttempts([attempt(claimed!, { status: 'pending', retryInMs: SHORT_LEASE_MS })]),
    ).toEqual(new Map([[deliveryIds[0], 'pending']]));
    expect((await delivery(deliveryIds[0]!, apiKeyId)).lease_token).toBeNull();
    await sleep(SHORT_LEASE_MS * 3);
    const [again] = await second.claimDue(10, LONG_LEASE_MS);
    expect(again).toMatchObject({ id: deliveryIds[0], attempts: 1, runAttempts: 1 });
  });

  it('deleting the endpoint cancels its pending deliveries; an attempt in flight no longer moves them', async () => {
    const { apiKeyId, endpointId, deliveryIds } = await endpointWithDeliveries(2);
    const inFlight = await first.claimDue(1, LONG_LEASE_MS);
    expect(inFlight).toHaveLength(1);
    expect(await first.deactivate(endpointId, { apiKeyId })).toEqual({ cancelled: 2 });
    expect(await second.claimDue(10, LONG_LEASE_MS)).toEqual([]);
    expect(await first.recordAttempts([attempt(inFlight[0]!)])).toEqual(new Map());
    const { items } = await first.listDeliveries(endpointId, { limit: 10, beforeId: null });
    expect(items.map((d) => [d.id, d.status]).sort()).toEqual(
      deliveryIds.map((id) => [id, 'cancelled']).sort(),
    );
  });
});
