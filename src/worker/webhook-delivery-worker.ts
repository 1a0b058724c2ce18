import type { Logger } from 'pino';
import {
  outcomeOfAttempt,
  WEBHOOK_RETRY_SCHEDULE,
  type RetrySchedule,
} from '../core/webhooks/retry-schedule.js';
import { signWebhookPayload } from '../core/webhooks/signature.js';
import type { Metrics } from '../ports/metrics.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryStatus,
  PostResult,
  WebhookHttpClient,
  WebhookStore,
} from '../ports/webhooks.js';
import { createWakeableSleep } from './wakeable-sleep.js';

/**
 * How often an idle worker looks for work. Within one process kick() wakes it at once, and on
 * PostgreSQL a NOTIFY from the outbox trigger does across processes; the poll is the fallback.
 */
export const DEFAULT_POLL_INTERVAL_MS = 100;
/** Deliveries in flight per worker; a slow receiver holds one slot for at most the attempt timeout. */
export const DEFAULT_CONCURRENCY = 64;
/** Outbox events turned into deliveries per transaction. */
const DISPATCH_BATCH = 100;
/** Attempt results written per statement at most. */
const RECORD_BATCH = 100;
/**
 * Results wait up to this long to share one write. On PGlite (2 shared cores, load average about 10)
 * a one-row write held the event loop for 4.4 ms, so writing each result alone capped a worker at
 * 143 deliveries/s for a 3,000-event burst; grouping them gave 473/s in the same conditions. The
 * wait delays only the record, never a request.
 */
const RECORD_DELAY_MS = 5;
/** A claim lasts the attempt timeout plus this margin for recording the result. */
export const LEASE_MARGIN_MS = 3_000;
/** After a database error the loop waits this long before trying again, instead of spinning. */
const ERROR_BACKOFF_MS = 1_000;
const USER_AGENT = 'idv-service-webhooks/1';
const UNSIGNABLE_ERROR =
  'endpoint secret could not be decrypted: WEBHOOK_SECRET_KEY is not the key it was stored with; recreate the endpoint';

export type WebhookDeliveryWorker = {
  start(): void;
  /** Wakes the worker now (call after committing a decision): first attempts need not wait for a poll. */
  kick(): void;
  /** Stops claiming, lets attempts in flight finish and record, then closes the HTTP client. */
  stop(): Promise<void>;
};

export type WebhookDeliveryWorkerOptions = {
  store: WebhookStore;
  client: WebhookHttpClient;
  metrics: Pick<Metrics, 'webhookDelivery'>;
  logger: Logger;
  /** The per-attempt timeout the client enforces (10 s); the lease is derived from it. */
  timeoutMs: number;
  pollIntervalMs?: number;
  concurrency?: number;
  schedule?: RetrySchedule;
  /** Cross-process wake-ups (PostgreSQL LISTEN); returns its stop. */
  listen?: (onWork: () => void) => Promise<() => Promise<void>>;
};

/**
 * The durable delivery loop: outbox events become deliveries, due deliveries are claimed under a
 * lease (FOR UPDATE SKIP LOCKED), signed over the exact stored bytes, POSTed, and every attempt is
 * recorded with the next step from the retry schedule. Several workers, in one process or many,
 * never send the same attempt twice while a lease is held; a worker that dies mid-attempt leaves the
 * delivery due again when its lease ends, so each event arrives at least once.
 */
export function createWebhookDeliveryWorker(options: WebhookDeliveryWorkerOptions): WebhookDeliveryWorker {
  const { store, client, metrics, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const schedule = options.schedule ?? WEBHOOK_RETRY_SCHEDULE;
  const leaseMs = options.timeoutMs + LEASE_MARGIN_MS;

  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let stopListening: (() => Promise<void>) | null = null;
  const { sleep, wake } = createWakeableSleep();
  // What the next pass of the loop should do: look at the outbox, and/or claim due deliveries.
  let dispatchWanted = true;
  let claimWanted = true;
  // The last claim filled every free slot, so more deliveries may be due than were taken.
  let saturated = false;
  const inFlight = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const unrecorded: Array<{
    record: AttemptRecord;
    settle: (status: DeliveryStatus | null, error?: unknown) => void;
  }> = [];
  let recording = false;
  let recordTimer: NodeJS.Timeout | null = null;

  function nudge(what: { dispatch: boolean }): void {
    if (what.dispatch) dispatchWanted = true;
    claimWanted = true;
    wake();
  }

  function kick(): void {
    nudge({ dispatch: true });
  }

  /** Wakes the loop when a scheduled retry falls due, so attempts keep the schedule's spacing. */
  function wakeAfter(ms: number): void {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      nudge({ dispatch: false });
    }, ms);
    timer.unref();
    retryTimers.add(timer);
  }

  /**
   * Group commit: results that finish within RECORD_DELAY_MS of each other, or while a write is
   * under way, go out together, so a burst costs one statement per batch instead of one per delivery.
   */
  function record(attempt: AttemptRecord): Promise<DeliveryStatus | null> {
    return new Promise((resolve, reject) => {
      unrecorded.push({
        record: attempt,
        settle: (status, error) => (error ? reject(error) : resolve(status)),
      });
      if (unrecorded.length >= RECORD_BATCH) void flushRecords();
      else recordTimer ??= setTimeout(() => void flushRecords(), RECORD_DELAY_MS);
    });
  }

  async function flushRecords(): Promise<void> {
    if (recordTimer) clearTimeout(recordTimer);
    recordTimer = null;
    if (recording) return;
    recording = true;
    try {
      while (unrecorded.length > 0) {
        const batch = unrecorded.splice(0, RECORD_BATCH);
        try {
          const statuses = await store.recordAttempts(batch.map((b) => b.record));
          for (const b of batch) b.settle(statuses.get(b.record.deliveryId) ?? null);
        } catch (error) {
          for (const b of batch) b.settle(null, error);
        }
      }
    } finally {
      recording = false;
    }
  }

  /** What an attempt is when nothing can be signed: no request, and no retry (it would fail alike). */
  function unsignable(): PostResult {
    return { statusCode: null, latencyMs: 0, error: UNSIGNABLE_ERROR, responseExcerpt: null };
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = new Date();
    const timestampSeconds = Math.floor(attemptedAt.getTime() / 1000);
    const result =
      delivery.secret === null
        ? unsignable()
        : await client.post(delivery.url, delivery.payload, {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            'x-service-signature': signWebhookPayload(delivery.payload, delivery.secret, timestampSeconds),
          });
    const outcome =
      delivery.secret === null
        ? ({ state: 'failed' } as const)
        : outcomeOfAttempt(delivery.runAttempts + 1, result.statusCode, schedule);
    const next: AttemptRecord['next'] =
      outcome.state === 'retry'
        ? { status: 'pending', retryInMs: outcome.waitMs }
        : { status: outcome.state };
    const status = await record({
      deliveryId: delivery.id,
      leaseToken: delivery.leaseToken,
      attempt: delivery.attempts + 1,
      attemptedAt,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
      next,
    });
    if (status === 'pending' && next.status === 'pending') {
      metrics.webhookDelivery('retrying');
      wakeAfter(next.retryInMs);
    } else if (status === 'delivered' || status === 'failed') {
      metrics.webhookDelivery(status);
    }
    if (status !== 'delivered') {
      logger.info(
        {
          deliveryId: delivery.id,
          eventId: delivery.eventId,
          attempt: delivery.attempts + 1,
          statusCode: result.statusCode,
          error: result.error,
          status: status ?? 'superseded',
        },
        'webhook attempt did not deliver',
      );
    }
  }

  function track(delivery: ClaimedDelivery): void {
    const task = deliver(delivery)
      .catch((error: unknown) => {
        // The lease runs out and the delivery is tried again: nothing is lost.
        logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
      })
      .finally(() => {
        inFlight.delete(task);
        // Refill in batches: claiming for every freed slot would cost a query per delivery.
        if (saturated && inFlight.size <= concurrency / 2) nudge({ dispatch: false });
      });
    inFlight.add(task);
  }

  async function loop(): Promise<void> {
    while (running) {
      const dispatch = dispatchWanted;
      const claim = claimWanted;
      dispatchWanted = false;
      claimWanted = false;
      try {
        if (dispatch) {
          const dispatched = await store.dispatchEvents(DISPATCH_BATCH);
          if (dispatched === DISPATCH_BATCH) dispatchWanted = true;
        }
        const free = concurrency - inFlight.size;
        if ((claim || dispatch) && free > 0 && running) {
          const claimed = await store.claimDue(free, leaseMs);
          saturated = claimed.length === free;
          for (const delivery of claimed) track(delivery);
        }
      } catch (error) {
        if (!running) break;
        logger.error({ err: error }, 'webhook worker could not reach the database; retrying');
        dispatchWanted = true;
        claimWanted = true;
        await sleep(ERROR_BACKOFF_MS);
        continue;
      }
      if (running && !dispatchWanted && !claimWanted) {
        await sleep(pollIntervalMs);
        if (!dispatchWanted && !claimWanted) {
          // A quiet poll: look at everything, in case another process added work without a nudge.
          dispatchWanted = true;
          claimWanted = true;
        }
      }
    }
  }

  return {
    kick,
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
      if (options.listen) {
        options
          .listen(kick)
          .then(async (stop) => {
            if (running) stopListening = stop;
            else await stop();
          })
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'webhook worker runs without NOTIFY wake-ups'),
          );
      }
    },
    async stop() {
      running = false;
      wake();
      await loopDone;
      await stopListening?.();
      stopListening = null;
      await Promise.allSettled([...inFlight]);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      client.close();
    },
  };
}
