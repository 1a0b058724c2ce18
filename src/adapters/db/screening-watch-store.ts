import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ScreeningListId } from '../../core/screening/list-catalogue.js';
import { entryId, type ScreenedEntry } from '../../core/screening/list-delta.js';
import { ShreddedDataError } from '../../core/webhooks/secret-box.js';
import type {
  Monitor,
  MonitorSubject,
  RecordedDelta,
  ScreeningSubject,
  ScreeningWatchStore,
} from '../../ports/screening-watch.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import { createOutbox } from './outbox.js';
import { openDocChecks } from './sealed-columns.js';
import type { Database, ScreeningDeltasTable, ScreeningMonitorsTable } from './schema.js';

/** Arbitrary base for pg_advisory_xact_lock: one process records a list's new version at a time. */
const LIST_LOCK_BASE = 734_120_000;
const STATE_BATCH = 1_000;

function lockIdOf(listId: string): number {
  let hash = 0;
  for (const char of listId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000;
  return LIST_LOCK_BASE + hash;
}

function deltaOf(row: Selectable<ScreeningDeltasTable>): RecordedDelta {
  return {
    id: Number(row.id),
    listId: row.list_id as ScreeningListId,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    baseline: row.baseline,
    added: row.added,
    changed: row.changed,
    removed: row.removed,
    counts: { added: row.added_count, changed: row.changed_count, removed: row.removed_count },
    createdAt: row.created_at,
    rescreenedAt: row.rescreened_at,
    rescreenMs: row.rescreen_ms,
    subjectsScreened: row.subjects_screened,
    matchesFound: row.matches_found,
  };
}

/** The re-screening side of the lists (migrations/0038): states, deltas, monitors and their alerts. */
export function createScreeningWatchStore(db: Kysely<Database>, keys: VerificationKeys): ScreeningWatchStore {
  async function monitorOf(row: Selectable<ScreeningMonitorsTable>): Promise<Monitor | null> {
    try {
      const opener = await keys.openerFor(row.id);
      const subject = JSON.parse(opener.openText(row.subject.sealed)) as MonitorSubject;
      return {
        id: row.id,
        apiKeyId: Number(row.api_key_id),
        subject,
        externalRef: row.external_ref,
        createdAt: row.created_at,
      };
    } catch (error) {
      // Its key is gone (a delete that stopped between the key and the row): nothing left to watch.
      if (error instanceof ShreddedDataError) return null;
      throw error;
    }
  }

  return {
    async recordListVersion(list, at, diff) {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${lockIdOf(list.listId)})`.execute(trx);
        const last = await trx
          .selectFrom('screening_deltas')
          .select(['to_version', 'created_at'])
          .where('list_id', '=', list.listId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        // Another process recorded a version after this one was loaded: this one is older, not new.
        if (last && (last.to_version === list.version || list.loadedAt < last.created_at)) return null;
        const rows = await trx
          .selectFrom('screening_list_entries')
          .select(['entry_id', 'digest', 'name'])
          .where('list_id', '=', list.listId)
          .execute();
        const state = new Map<string, ScreenedEntry>(
          rows.map((r) => [r.entry_id, { entryId: r.entry_id, digest: r.digest, name: r.name }]),
        );
        const delta = diff(state);
        const baseline = last === undefined;
        const removedIds = delta.removed.map((r) => r.entryId);
        for (let at = 0; at < removedIds.length; at += STATE_BATCH)
          await trx
            .deleteFrom('screening_list_entries')
            .where('list_id', '=', list.listId)
            .where('entry_id', 'in', removedIds.slice(at, at + STATE_BATCH))
            .execute();
        const written = [...delta.added, ...delta.changed].map((entry) => delta.state.get(entryId(entry))!);
        for (let at = 0; at < written.length; at += STATE_BATCH)
          await trx
            .insertInto('screening_list_entries')
            .values(
              written.slice(at, at + STATE_BATCH).map((e) => ({
                list_id: list.listId,
                entry_id: e.entryId,
                digest: e.digest,
                name: e.name,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['list_id', 'entry_id']).doUpdateSet((eb) => ({
                digest: eb.ref('excluded.digest'),
                name: eb.ref('excluded.name'),
              })),
            )
            .execute();
        // A baseline is not re-screened: every verification was screened at its decision.
        const nothingToScreen = baseline || written.length + removedIds.length === 0;
        const recorded = await trx
          .insertInto('screening_deltas')
          .values({
            list_id: list.listId,
            from_version: last?.to_version ?? null,
            to_version: list.version,
            baseline,
            created_at: at,
            added: JSON.stringify(baseline ? [] : delta.added.map(entryId)),
            changed: JSON.stringify(baseline ? [] : delta.changed.map(entryId)),
            removed: JSON.stringify(baseline ? [] : removedIds),
            added_count: delta.added.length,
            changed_count: delta.changed.length,
            removed_count: delta.removed.length,
            ...(nothingToScreen
              ? { rescreened_at: sql<Date>`now()`, rescreen_ms: 0, subjects_screened: 0, matches_found: 0 }
              : {}),
          })
          .onConflict((oc) => oc.columns(['list_id', 'to_version']).doNothing())
          .returningAll()
          .executeTakeFirst();
        return recorded ? deltaOf(recorded) : null;
      });
    },

    async claimDelta(leaseMs) {
      const { rows } = await sql<Selectable<ScreeningDeltasTable>>`
        UPDATE screening_deltas SET claimed_until = now() + ${`${leaseMs} milliseconds`}::interval
        WHERE id = (
          SELECT id FROM screening_deltas
          WHERE rescreened_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
        )
        RETURNING *`.execute(db);
      return rows[0] ? deltaOf(rows[0]) : null;
    },

    async releaseDelta(id) {
      await db.updateTable('screening_deltas').set({ claimed_until: null }).where('id', '=', id).execute();
    },

    async finishDelta(id, outcome) {
      await db
        .updateTable('screening_deltas')
        .set({
          rescreened_at: sql<Date>`now()`,
          claimed_until: null,
          rescreen_ms: Math.round(outcome.rescreenMs),
          subjects_screened: outcome.subjectsScreened,
          matches_found: outcome.matchesFound,
        })
        .where('id', '=', id)
        .execute();
    },

    async latestDeltas() {
      const rows = await db
        .selectFrom('screening_deltas')
        .selectAll()
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('screening_deltas')
            .select((s) => s.fn.max('id').as('id'))
            .groupBy('list_id'),
        )
        .orderBy('list_id')
        .execute();
      return rows.map(deltaOf);
    },

    async watchedVerifications(afterId, limit) {
      let query = db
        .selectFrom('verifications')
        .select(['id', 'api_key_id', 'doc_checks'])
        .where('status', '=', 'decided')
        .where('mode', '=', 'live')
        .where('redacted_at', 'is', null)
        .where('monitor', '=', true)
        .orderBy('id')
        .limit(limit);
      if (afterId) query = query.where('id', '>', afterId);
      const rows = await query.execute();
      const subjects: ScreeningSubject[] = [];
      for (const row of rows) {
        if (!('sealed' in row.doc_checks) && !('document' in row.doc_checks)) continue;
        const opener = 'sealed' in row.doc_checks ? await keys.openerFor(row.id) : undefined;
        const document = openDocChecks(opener, row.doc_checks).document as
          | {
              identity?: {
                first_name?: string | null;
                middle_name?: string | null;
                last_name?: string | null;
                dob?: string | null;
              } | null;
            }
          | undefined;
        const identity = document?.identity;
        if (!identity || (!identity.first_name && !identity.last_name)) continue;
        subjects.push({
          kind: 'verification',
          id: row.id,
          apiKeyId: Number(row.api_key_id),
          identity: {
            firstName: identity.first_name ?? null,
            middleName: identity.middle_name ?? null,
            lastName: identity.last_name ?? null,
            dob: identity.dob ?? null,
          },
        });
      }
      return { subjects, lastId: rows.at(-1)?.id ?? null };
    },

    async watchedMonitors(afterId, limit) {
      let query = db.selectFrom('screening_monitors').selectAll().orderBy('id').limit(limit);
      if (afterId) query = query.where('id', '>', afterId);
      const rows = await query.execute();
      const subjects: ScreeningSubject[] = [];
      for (const row of rows) {
        const monitor = await monitorOf(row);
        if (monitor)
          subjects.push({
            kind: 'monitor',
            id: monitor.id,
            apiKeyId: monitor.apiKeyId,
            subject: monitor.subject,
          });
      }
      return { subjects, lastId: rows.at(-1)?.id ?? null };
    },

    async recordMatch(alert, eventId, at) {
      return db.transaction().execute(async (trx) => {
        const opened = await trx
          .insertInto('screening_alerts')
          .values({
            subject_kind: alert.subject.kind,
            subject_id: alert.subject.id,
            api_key_id: alert.subject.apiKeyId,
            list_id: alert.listId,
            entry_id: alert.entryId,
            match: alert.match,
            score: alert.score,
            list_version: alert.listVersion,
            created_at: at,
          })
          .onConflict((oc) =>
            oc
              .columns(['subject_kind', 'subject_id', 'list_id', 'entry_id'])
              .doUpdateSet({
                match: alert.match,
                score: alert.score,
                list_version: alert.listVersion,
                created_at: at,
                removed_at: null,
              })
              .where('screening_alerts.removed_at', 'is not', null),
          )
          .returning('subject_id')
          .executeTakeFirst();
        if (!opened) return false;
        await createOutbox(trx).add({
          id: eventId,
          type: 'screening.match',
          apiKeyId: alert.subject.apiKeyId,
          verificationId: alert.subject.kind === 'verification' ? alert.subject.id : null,
          data: {
            subject: subjectField(alert.subject.kind, alert.subject.id),
            list: alert.listId,
            entry_id: alert.entryId,
            match: alert.match,
            score: alert.score,
            list_version: alert.listVersion,
          },
          at,
        });
        return true;
      });
    },

    async recordRemovals(listId, entryIds, listVersion, at) {
      if (entryIds.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let closed = 0;
        for (let start = 0; start < entryIds.length; start += STATE_BATCH) {
          const rows = await trx
            .updateTable('screening_alerts')
            .set({ removed_at: at })
            .where('list_id', '=', listId)
            .where('entry_id', 'in', entryIds.slice(start, start + STATE_BATCH))
            .where('removed_at', 'is', null)
            .returning(['subject_kind', 'subject_id', 'api_key_id', 'entry_id'])
            .execute();
          const outbox = createOutbox(trx);
          for (const row of rows)
            await outbox.add({
              id: crypto.randomUUID(),
              type: 'screening.match_removed',
              apiKeyId: Number(row.api_key_id),
              verificationId: row.subject_kind === 'verification' ? row.subject_id : null,
              data: {
                subject: subjectField(row.subject_kind, row.subject_id),
                list: listId,
                entry_id: row.entry_id,
                list_version: listVersion,
              },
              at,
            });
          closed += rows.length;
        }
        return closed;
      });
    },

    async createMonitor(input) {
      const id = crypto.randomUUID();
      const sealer = await keys.sealerFor(id);
      const row = await db
        .insertInto('screening_monitors')
        .values({
          id,
          api_key_id: input.apiKeyId,
          kind: input.subject.kind,
          subject: JSON.stringify({ sealed: sealer.sealText(JSON.stringify(input.subject)) }),
          external_ref: input.externalRef,
          created_at: input.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return (await monitorOf(row))!;
    },

    async listMonitors(apiKeyId, page) {
      let query = db
        .selectFrom('screening_monitors')
        .selectAll()
        .where('api_key_id', '=', apiKeyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit + 1);
      if (page.startingAfter) {
        const cursor = await db
          .selectFrom('screening_monitors')
          .select(['created_at', 'id'])
          .where('id', '=', page.startingAfter)
          .where('api_key_id', '=', apiKeyId)
          .executeTakeFirst();
        if (!cursor) return { items: [], hasMore: false };
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', cursor.created_at),
            eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
          ]),
        );
      }
      const rows = await query.execute();
      const items: Monitor[] = [];
      for (const row of rows.slice(0, page.limit)) {
        const monitor = await monitorOf(row);
        if (monitor) items.push(monitor);
      }
      return { items, hasMore: rows.length > page.limit };
    },

    async findMonitor(apiKeyId, id) {
      const row = await db
        .selectFrom('screening_monitors')
        .selectAll()
        .where('id', '=', id)
        .where('api_key_id', '=', apiKeyId)
        .executeTakeFirst();
      return row ? monitorOf(row) : null;
    },

    async deleteMonitor(apiKeyId, id) {
      const deleted = await db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('screening_monitors')
          .where('id', '=', id)
          .where('api_key_id', '=', apiKeyId)
          .returning('id')
          .executeTakeFirst();
        if (row) {
          await trx
            .deleteFrom('screening_alerts')
            .where('subject_kind', '=', 'monitor')
            .where('subject_id', '=', id)
            .execute();
        }
        return row !== undefined;
      });
      // After the commit: a key destroyed before it would leave a row no one can read.
      if (deleted) await keys.destroy([id]);
      return deleted;
    },

    async expireMonitors(before) {
      const rows = await db
        .deleteFrom('screening_monitors')
        .where('created_at', '<', before)
        .returning('id')
        .execute();
      const ids = rows.map((r) => r.id);
      if (ids.length > 0) {
        await db
          .deleteFrom('screening_alerts')
          .where('subject_kind', '=', 'monitor')
          .where('subject_id', 'in', ids)
          .execute();
        await keys.destroy(ids);
      }
      return ids.length;
    },

    async countMonitors(accountId) {
      const row = await db
        .selectFrom('screening_monitors')
        .innerJoin('api_keys', 'api_keys.id', 'screening_monitors.api_key_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('api_keys.account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

function subjectField(kind: 'verification' | 'monitor', id: string): Record<string, string> {
  return kind === 'verification' ? { verification_id: id } : { monitor_id: id };
}
