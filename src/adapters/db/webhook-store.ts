import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { serializeWebhookBody } from '../../core/webhooks/payload.js';
import { subscribesTo } from '../../core/webhooks/event-catalogue.js';
import type { SecretBox } from '../../core/webhooks/secret-box.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryStatus,
  DeliveryWithAttempts,
  EndpointOwner,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookStore,
} from '../../ports/webhooks.js';
import type { Database } from './schema.js';

export const WEBHOOK_WORK_CHANNEL = 'webhook_work';

const endpointColumns = [
  'id',
  'api_key_id',
  'account_id',
  'url',
  'events',
  'mode',
  'active',
  'created_at',
  'deactivated_at',
] as const;

/**
 * Endpoints, deliveries and attempts. Endpoint secrets are sealed with `secrets` on the way in and
 * opened only when a worker claims a delivery to sign.
 */
export function createWebhookStore(db: Kysely<Database>, secrets: SecretBox): WebhookStore {
  return {
    async insertEndpoint(input) {
      const { owner } = input;
      return db
        .insertInto('webhook_endpoints')
        .values({
          ...('apiKeyId' in owner
            ? {
                api_key_id: owner.apiKeyId,
                // The owning key's mode, read in the same statement: a key's mode never changes.
                mode: (eb) => eb.selectFrom('api_keys').select('mode').where('id', '=', owner.apiKeyId),
              }
            : { account_id: owner.accountId, mode: owner.mode }),
          url: input.url,
          events: JSON.stringify(input.events),
          secret_sealed: secrets.seal(input.secret),
        })
        .returning(endpointColumns)
        .executeTakeFirstOrThrow();
    },

    async listActive(owner: EndpointOwner): Promise<WebhookEndpoint[]> {
      return db
        .selectFrom('webhook_endpoints')
        .select(endpointColumns)
        .where((eb) => ownedBy(eb, owner))
        .where('active', '=', true)
        .orderBy('id')
        .execute();
    },

    /** An active endpoint of the owner; a deleted one no longer exists for the API. */
    async findActiveOwned(id: number, owner: EndpointOwner): Promise<WebhookEndpoint | undefined> {
      return db
        .selectFrom('webhook_endpoints')
        .select(endpointColumns)
        .where('id', '=', id)
        .where((eb) => ownedBy(eb, owner))
        .where('active', '=', true)
        .executeTakeFirst();
    },

    /**
     * Soft delete: the endpoint turns inactive and its pending deliveries are cancelled in the same
     * transaction. An attempt already in flight finishes, but its result no longer changes the
     * delivery. Returns null when the owner has no such active endpoint.
     */
    async deactivate(id: number, owner: EndpointOwner): Promise<{ cancelled: number } | null> {
      return db.transaction().execute(async (trx) => {
        const endpoint = await trx
          .updateTable('webhook_endpoints')
          .set({ active: false, deactivated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where((eb) => ownedBy(eb, owner))
          .where('active', '=', true)
          .returning('id')
          .executeTakeFirst();
        if (!endpoint) return null;
        const cancelled = await trx
          .updateTable('webhook_deliveries')
          .set({
            status: 'cancelled',
            lease_token: null,
            updated_at: sql<Date>`now()`,
            completed_at: sql<Date>`now()`,
          })
          .where('endpoint_id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        return { cancelled: Number(cancelled.numUpdatedRows) };
      });
    },

    /**
     * Turns undispatched outbox events into one delivery per active subscribed endpoint of the owning
     * key or of its account (of the key's mode), and marks the events dispatched, in one transaction: a crash leaves either both or
     * neither. Endpoints are read FOR SHARE so a concurrent delete either sees these deliveries (and
     * cancels them) or commits first (and they are not created).
     */
    async dispatchEvents(limit: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const events = await trx
          .selectFrom('events')
          .innerJoin('api_keys', 'api_keys.id', 'events.api_key_id')
          .select([
            'events.id',
            'events.type',
            'events.api_key_id',
            'events.verification_id',
            'events.data',
            'events.created_at',
            'api_keys.account_id',
            'api_keys.mode',
          ])
          .where('events.dispatched_at', 'is', null)
          .orderBy('events.created_at')
          .limit(limit)
          .forUpdate('events')
          .skipLocked()
          .execute();
        if (events.length === 0) return 0;
        const keyIds = [...new Set(events.map((e) => e.api_key_id))];
        const accountIds = [...new Set(events.map((e) => e.account_id))];
        const endpoints = await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'api_key_id', 'account_id', 'mode', 'events'])
          .where('active', '=', true)
          .where((eb) => eb.or([eb('api_key_id', 'in', keyIds), eb('account_id', 'in', accountIds)]))
          .forShare()
          .execute();
        const receives = (endpoint: (typeof endpoints)[number], event: (typeof events)[number]) =>
          endpoint.api_key_id === null
            ? endpoint.account_id === event.account_id && endpoint.mode === event.mode
            : endpoint.api_key_id === event.api_key_id;
        const deliveries = events.flatMap((event) => {
          const payload = serializeWebhookBody({
            id: event.id,
            type: event.type,
            verificationId: event.verification_id,
            data: event.data,
            createdAt: event.created_at,
          });
          return endpoints
            .filter((e) => receives(e, event) && subscribesTo(e.events, event.type))
            .map((e) => ({
              endpoint_id: e.id,
              event_id: event.id,
              event_type: event.type,
              verification_id: event.verification_id,
              payload,
            }));
        });
        if (deliveries.length > 0) {
          await trx
            .insertInto('webhook_deliveries')
            .values(deliveries)
            .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
            .execute();
        }
        await trx
          .updateTable('events')
          .set({ dispatched_at: sql<Date>`now()` })
          .where(
            'id',
            'in',
            events.map((e) => e.id),
          )
          .execute();
        return events.length;
      });
    },

    /**
     * Claims up to `limit` due deliveries: FOR UPDATE SKIP LOCKED lets concurrent workers pass over
     * each other's rows, and the same statement pushes next_attempt_at to the end of a `leaseMs`
     * lease and sets a fresh lease token, so no other worker sends this attempt while it is held.
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      const { rows } = await sql<{
        id: number;
        lease_token: string;
        attempts: number;
        run_attempts: number;
        event_id: string;
        payload: string;
        url: string;
        secret_sealed: string;
      }>`
        WITH due AS (
          SELECT d.id
          FROM webhook_deliveries d
          JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.active
          WHERE d.status = 'pending' AND d.next_attempt_at <= now()
          ORDER BY d.next_attempt_at
          LIMIT ${limit}
          FOR UPDATE OF d SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET lease_token = gen_random_uuid(),
            next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}),
            updated_at = now()
        FROM due, webhook_endpoints e
        WHERE d.id = due.id AND e.id = d.endpoint_id
        RETURNING d.id, d.lease_token, d.attempts, d.run_attempts, d.event_id, d.payload, e.url, e.secret_sealed
      `.execute(db);
      return rows.map((row) => ({
        id: Number(row.id),
        leaseToken: row.lease_token,
        attempts: row.attempts,
        runAttempts: row.run_attempts,
        eventId: row.event_id,
        payload: row.payload,
        url: row.url,
        secret: openOrNull(row.secret_sealed),
      }));
    },

    /**
     * Stores attempts and moves their deliveries on, in one statement for the whole batch (the worker
     * groups results that finish together). A delivery only changes while its worker still holds the
     * lease and it is still pending (not cancelled by a delete, not taken over after a lease expiry);
     * the attempt row is kept either way, since the attempt happened. Returns each delivery's new
     * status; a delivery that had moved on without this worker is absent.
     */
    async recordAttempts(records: AttemptRecord[]): Promise<Map<number, DeliveryStatus>> {
      if (records.length === 0) return new Map();
      const values = records.map(
        (r) => sql`(${r.deliveryId}::bigint, ${r.leaseToken}::uuid, ${r.attempt}::integer,
          ${r.attemptedAt}::timestamptz, ${r.statusCode}::integer, ${r.latencyMs}::integer, ${r.error}::text,
          ${r.responseExcerpt}::text, ${r.next.status}::text,
          ${r.next.status === 'pending' ? r.next.retryInMs / 1000 : 0}::float8)`,
      );
      const { rows } = await sql<{ id: number; status: DeliveryStatus }>`
        WITH input (delivery_id, lease_token, attempt, attempted_at, status_code, latency_ms, error,
                    response_excerpt, next_status, retry_seconds) AS (
          VALUES ${sql.join(values)}
        ),
        attempt AS (
          INSERT INTO webhook_delivery_attempts
            (delivery_id, attempt, attempted_at, status_code, latency_ms, error, response_excerpt)
          SELECT delivery_id, attempt, attempted_at, status_code, latency_ms, error, response_excerpt FROM input
        )
        UPDATE webhook_deliveries d
        SET status = i.next_status,
            attempts = d.attempts + 1,
            run_attempts = d.run_attempts + 1,
            next_attempt_at = now() + make_interval(secs => i.retry_seconds),
            lease_token = NULL,
            updated_at = now(),
            completed_at = CASE WHEN i.next_status = 'pending' THEN NULL ELSE now() END
        FROM input i
        WHERE d.id = i.delivery_id AND d.lease_token = i.lease_token AND d.status = 'pending'
        RETURNING d.id, d.status
      `.execute(db);
      return new Map(rows.map((row) => [Number(row.id), row.status]));
    },

    /** Newest first; `beforeId` is the cursor (the last id of the previous page). */
    async listDeliveries(
      endpointId: number,
      page: { limit: number; beforeId: number | null },
    ): Promise<{ items: DeliveryWithAttempts[]; hasMore: boolean }> {
      let query = db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(page.limit + 1);
      if (page.beforeId !== null) query = query.where('id', '<', page.beforeId);
      const rows = await query.execute();
      const items = rows.slice(0, page.limit);
      return { items: await withAttempts(items), hasMore: rows.length > page.limit };
    },

    /** A delivery of an active endpoint of the owner. */
    async findDeliveryOwned(
      deliveryId: number,
      owner: EndpointOwner,
    ): Promise<DeliveryWithAttempts | undefined> {
      const row = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .selectAll('d')
        .where('d.id', '=', deliveryId)
        .where((eb) =>
          'apiKeyId' in owner
            ? eb('e.api_key_id', '=', owner.apiKeyId)
            : eb('e.account_id', '=', owner.accountId),
        )
        .where('e.active', '=', true)
        .executeTakeFirst();
      return row ? (await withAttempts([row]))[0] : undefined;
    },

    /**
     * A manual resend: the delivery becomes pending, due now, with a fresh run of attempts. A
     * delivery whose attempt is in flight right now is left alone: it is being sent already.
     */
    async retryDelivery(deliveryId: number): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: 'pending',
          run_attempts: 0,
          next_attempt_at: sql<Date>`now()`,
          completed_at: null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', deliveryId)
        .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('lease_token', 'is', null)]))
        .execute();
      await sql`SELECT pg_notify(${WEBHOOK_WORK_CHANNEL}, '')`.execute(db);
    },

    /**
     * Sends the endpoint the owner's events of `[from, to)` it subscribes to again (of `types` only, when
     * given): an event it never got a delivery for gets one, a failed or cancelled delivery becomes pending
     * with a fresh run of attempts; delivered and pending ones are left alone. Returns how many.
     */
    async failingDeliveries(endpointIds) {
      if (endpointIds.length === 0) return new Map();
      // Each endpoint's newest deliveries back to its last delivered one, through (endpoint_id, id DESC).
      const { rows } = await sql<{ endpoint_id: number; count: number; since: Date }>`
        SELECT d.endpoint_id, count(*)::int AS count, min(d.completed_at) AS since
          FROM webhook_deliveries d
         WHERE d.endpoint_id IN (${sql.join(endpointIds)})
           AND d.status = 'failed'
           AND d.id > coalesce(
                 (SELECT max(ok.id) FROM webhook_deliveries ok
                   WHERE ok.endpoint_id = d.endpoint_id AND ok.status = 'delivered'), 0)
         GROUP BY d.endpoint_id`.execute(db);
      return new Map(
        rows.map((r) => [Number(r.endpoint_id), { count: Number(r.count), since: new Date(r.since) }]),
      );
    },

    async redeliver(endpoint, filter) {
      let query = db
        .selectFrom('events')
        .innerJoin('api_keys', 'api_keys.id', 'events.api_key_id')
        .select(['events.id', 'events.type', 'events.verification_id', 'events.data', 'events.created_at'])
        .where((eb) =>
          endpoint.api_key_id === null
            ? eb.and([
                eb('api_keys.account_id', '=', endpoint.account_id!),
                eb('api_keys.mode', '=', endpoint.mode),
              ])
            : eb('events.api_key_id', '=', endpoint.api_key_id),
        )
        .where('events.created_at', '>=', filter.from)
        .where('events.created_at', '<', filter.to)
        .orderBy('events.seq');
      if (filter.types) query = query.where('events.type', 'in', filter.types);
      const events = (await query.execute()).filter((e) => subscribesTo(endpoint.events, e.type));
      if (events.length === 0) return 0;
      const rows = await db
        .insertInto('webhook_deliveries')
        .values(
          events.map((event) => ({
            endpoint_id: endpoint.id,
            event_id: event.id,
            event_type: event.type,
            verification_id: event.verification_id,
            payload: serializeWebhookBody({
              id: event.id,
              type: event.type,
              verificationId: event.verification_id,
              data: event.data,
              createdAt: event.created_at,
            }),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['endpoint_id', 'event_id'])
            .doUpdateSet({
              status: 'pending',
              run_attempts: 0,
              next_attempt_at: sql<Date>`now()`,
              completed_at: null,
              updated_at: sql<Date>`now()`,
            })
            .where('webhook_deliveries.status', 'in', ['failed', 'cancelled']),
        )
        .returning('id')
        .execute();
      await sql`SELECT pg_notify(${WEBHOOK_WORK_CHANNEL}, '')`.execute(db);
      return rows.length;
    },

    /**
     * Re-encrypts every endpoint secret with the current key, in one transaction (the last step of a
     * WEBHOOK_SECRET_KEY rotation). A secret no configured key opens is left as it was and counted.
     */
    async resealSecrets(): Promise<{ resealed: number; unreadable: number[] }> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'secret_sealed'])
          .orderBy('id')
          .forUpdate()
          .execute();
        const unreadable: number[] = [];
        for (const row of rows) {
          const secret = openOrNull(row.secret_sealed);
          if (secret === null) {
            unreadable.push(row.id);
            continue;
          }
          await trx
            .updateTable('webhook_endpoints')
            .set({ secret_sealed: secrets.seal(secret) })
            .where('id', '=', row.id)
            .execute();
        }
        return { resealed: rows.length - unreadable.length, unreadable };
      });
    },
  };

  function ownedBy(eb: ExpressionBuilder<Database, 'webhook_endpoints'>, owner: EndpointOwner) {
    return 'apiKeyId' in owner
      ? eb('api_key_id', '=', owner.apiKeyId)
      : eb('account_id', '=', owner.accountId);
  }

  function openOrNull(sealed: string): string | null {
    try {
      return secrets.open(sealed);
    } catch {
      return null;
    }
  }

  async function withAttempts(rows: WebhookDelivery[]): Promise<DeliveryWithAttempts[]> {
    if (rows.length === 0) return [];
    const attempts = await db
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where(
        'delivery_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('delivery_id')
      .orderBy('attempt')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, attempt_log: attempts.filter((a) => a.delivery_id === row.id) }));
  }
}
