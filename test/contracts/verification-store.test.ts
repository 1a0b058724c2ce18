import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/adapters/db/database.js';
import { createTransactor } from '../../src/adapters/db/transactor.js';
import { createVerificationStore } from '../../src/adapters/db/verification-store.js';
import type { StoredBarcode } from '../../src/core/checks.js';
import { addSeconds } from '../../src/core/time.js';
import { OPEN_STATUSES } from '../../src/core/verifications/status.js';
import type { Verification } from '../../src/core/verifications/verification.js';
import type { DecisionRecord, Transactor, VerificationStore } from '../../src/ports/verification-store.js';
import { UNAVAILABLE_CHECKS, UNAVAILABLE_DOC_CHECKS } from '../helpers/check-summaries.js';
import { engines, insertApiKey, openMigratedDatabase } from '../helpers/contract-databases.js';

const T0 = new Date('2026-11-01T12:00:00Z');
const DAY_SECONDS = 24 * 3600;

const DECISION: DecisionRecord = {
  decision: 'approve',
  score: 95,
  reasons: [],
  checks: UNAVAILABLE_CHECKS,
  docChecks: UNAVAILABLE_DOC_CHECKS,
};

describe.each(engines)('VerificationStore and Transactor contract on %s', (engine) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  let store: VerificationStore;
  let transact: Transactor;
  const committed: Array<Set<string>> = [];
  let owner: number;
  let stranger: number;

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase(engine));
    store = createVerificationStore(database.db);
    transact = createTransactor(database.db, {
      vectorSearch: await database.hasVector(),
      onCommitted: (ids) => committed.push(ids),
    });
    owner = await insertApiKey(database, 'owner');
    stranger = await insertApiKey(database, 'stranger');
  });
  afterAll(async () => close());

  /** Creates a verification the way the create use case does: row, token and audit entry together. */
  async function create(
    options: { apiKeyId?: number; createdAt?: Date; ttlSeconds?: number; externalRef?: string } = {},
  ): Promise<{ verification: Verification; tokenHash: string }> {
    const createdAt = options.createdAt ?? T0;
    const tokenHash = crypto.randomBytes(32).toString('hex');
    const verification = await transact(async (tx) => {
      const row = await tx.verifications.insert({
        id: crypto.randomUUID(),
        apiKeyId: options.apiKeyId ?? owner,
        externalRef: options.externalRef ?? 'ref',
        metadata: { plan: 'gold' },
        createdAt,
        expiresAt: addSeconds(createdAt, options.ttlSeconds ?? DAY_SECONDS),
      });
      await tx.verifications.addToken(row.id, tokenHash, createdAt, addSeconds(createdAt, 1800));
      await tx.audit.append(row.id, { actor: 'merchant', event: 'verification.created', at: createdAt });
      return row;
    });
    return { verification, tokenHash };
  }

  async function countRows(table: 'verification_audit' | 'usage_records' | 'events', verificationId: string) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('verification_id', '=', verificationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('create and read', () => {
    it('reads back what was created, to its owner only', async () => {
      const { verification } = await create({ externalRef: 'order-1' });
      expect(verification).toMatchObject({
        api_key_id: owner,
        external_ref: 'order-1',
        metadata: { plan: 'gold' },
        status: 'doc_front',
        decision: null,
        decision_reasons: [],
        consent_at: null,
        created_at: T0,
        expires_at: addSeconds(T0, DAY_SECONDS),
      });
      expect(await store.findOwned(verification.id, owner, T0)).toEqual(verification);
      expect(await store.findById(verification.id, T0)).toEqual(verification);
      expect(await store.findOwned(verification.id, stranger, T0)).toBeUndefined();
      expect(await store.findOwnedDetail(verification.id, stranger, T0)).toBeUndefined();
      expect(await store.findById(crypto.randomUUID(), T0)).toBeUndefined();

      const detail = await store.findOwnedDetail(verification.id, owner, T0);
      expect(detail?.verification).toEqual(verification);
      expect(detail?.audit).toEqual([
        { occurred_at: T0, actor: 'merchant', event: 'verification.created', detail: {} },
      ]);
    });

    it('tells the transactor which verifications a committed transaction touched', async () => {
      committed.length = 0;
      const { verification } = await create();
      expect(committed).toEqual([new Set([verification.id])]);
    });
  });

  describe('list', () => {
    it('pages newest first with a (created_at, id) cursor, ties broken by id, owner only', async () => {
      const apiKeyId = await insertApiKey(database, 'lister');
      const base = new Date('2026-10-01T00:00:00Z');
      const created: Verification[] = [];
      // Three share one created_at, so the cursor must break ties by id.
      for (const offset of [0, 10, 10, 10, 20, 30, 40]) {
        created.push((await create({ apiKeyId, createdAt: addSeconds(base, offset) })).verification);
      }
      await create({ apiKeyId: stranger, createdAt: addSeconds(base, 25) });
      const expected = [...created]
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
        .map((v) => v.id);

      const seen: string[] = [];
      let startingAfter: { createdAt: Date; id: string } | undefined;
      for (let page = 0; page < 10; page += 1) {
        const items = await store.list(apiKeyId, { limit: 2, ...(startingAfter ? { startingAfter } : {}) });
        if (items.length === 0) break;
        expect(items.length).toBeLessThanOrEqual(2);
        seen.push(...items.map((v) => v.id));
        const last = items.at(-1)!;
        startingAfter = { createdAt: last.created_at, id: last.id };
      }
      expect(seen).toEqual(expected);
    });

    it('filters by status and external_ref', async () => {
      const apiKeyId = await insertApiKey(database, 'filters');
      const a = (await create({ apiKeyId, externalRef: 'a' })).verification;
      const b = (await create({ apiKeyId, externalRef: 'b' })).verification;
      await transact((tx) => tx.verifications.advance(b.id, { status: 'doc_back', at: T0 }));
      expect((await store.list(apiKeyId, { limit: 10, externalRef: 'a' })).map((v) => v.id)).toEqual([a.id]);
      expect((await store.list(apiKeyId, { limit: 10, status: 'doc_back' })).map((v) => v.id)).toEqual([
        b.id,
      ]);
      expect(await store.list(apiKeyId, { limit: 10, status: 'decided' })).toEqual([]);
    });
  });

  describe('expiry', () => {
    it('expires an open verification on read once past expires_at, auditing it once', async () => {
      const { verification } = await create({ ttlSeconds: 60 });
      const before = addSeconds(T0, 59);
      expect((await store.findById(verification.id, before))?.status).toBe('doc_front');

      const after = addSeconds(T0, 60);
      const expired = await store.findOwned(verification.id, owner, after);
      expect(expired).toMatchObject({ status: 'expired', updated_at: after });
      expect((await store.findById(verification.id, addSeconds(after, 5)))?.status).toBe('expired');
      const detail = await store.findOwnedDetail(verification.id, owner, addSeconds(after, 10));
      expect(detail?.verification.status).toBe('expired');
      expect(detail?.audit.map((e) => [e.actor, e.event, e.occurred_at])).toEqual([
        ['merchant', 'verification.created', T0],
        ['system', 'verification.expired', after],
      ]);
      // Listing is a plain read: the rule applies to reads of one verification and to the sweep.
      expect((await store.list(owner, { limit: 200 })).some((v) => v.id === verification.id)).toBe(true);
    });

    it('the detail read expires too', async () => {
      const { verification } = await create({ ttlSeconds: 30 });
      const detail = await store.findOwnedDetail(verification.id, owner, addSeconds(T0, 31));
      expect(detail?.verification.status).toBe('expired');
      expect(detail?.audit.map((e) => e.event)).toEqual(['verification.created', 'verification.expired']);
    });

    it('the index the sweep reads holds the open statuses only, not decided, expired or canceled rows', async () => {
      const { rows } = await sql<{ indexdef: string }>`
        SELECT indexdef FROM pg_indexes WHERE indexname = 'verifications_open_expiry_idx'`.execute(
        database.db,
      );
      const predicate = rows[0]!.indexdef.slice(rows[0]!.indexdef.indexOf(' WHERE '));
      const statuses = [...predicate.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
      expect(statuses).toEqual([...OPEN_STATUSES]);
      expect(predicate).not.toMatch(/NOT|<>/);
    });

    it('the sweep expires exactly the open verifications past expires_at, once', async () => {
      const sweepAt = new Date('2027-06-01T00:00:00Z');
      const dueStart = addSeconds(sweepAt, -2 * DAY_SECONDS);
      const apiKeyId = await insertApiKey(database, 'sweep');
      const due = [(await create({ apiKeyId, createdAt: dueStart })).verification];
      const midway = (await create({ apiKeyId, createdAt: dueStart })).verification;
      await transact((tx) => tx.verifications.advance(midway.id, { status: 'selfie', at: dueStart }));
      due.push(midway);
      const decided = (await create({ apiKeyId, createdAt: dueStart })).verification;
      await transact(async (tx) => {
        await tx.verifications.advance(decided.id, { status: 'doc_back', at: dueStart });
        await tx.verifications.markDecided(decided.id, { ...DECISION, at: addSeconds(dueStart, 60) });
      });
      const fresh = (await create({ apiKeyId, createdAt: sweepAt })).verification;

      // Everything earlier in this file is also past its expiry by then; count only this key's rows.
      await store.expireDue(sweepAt);
      const statuses = new Map(
        (await store.list(apiKeyId, { limit: 10 })).map((v) => [v.id, v.status] as const),
      );
      for (const v of due) expect(statuses.get(v.id)).toBe('expired');
      expect(statuses.get(decided.id)).toBe('decided');
      expect(statuses.get(fresh.id)).toBe('doc_front');
      for (const v of due) expect(await countRows('verification_audit', v.id)).toBe(2);
      expect(await store.expireDue(sweepAt)).toBe(0);
    });
  });

  describe('client tokens', () => {
    it('resolve to their verification until the token expires', async () => {
      const { verification, tokenHash } = await create();
      expect(await store.findByToken(tokenHash, addSeconds(T0, 1799))).toEqual({
        verification,
        tokenExpiresAt: addSeconds(T0, 1800),
      });
      expect(await store.findByToken(tokenHash, addSeconds(T0, 1800))).toBeUndefined();
      expect(await store.findByToken(crypto.randomBytes(32).toString('hex'), T0)).toBeUndefined();
    });

    it('a live token on an expired verification reads it expired', async () => {
      const { verification, tokenHash } = await create({ ttlSeconds: 60 });
      const found = await store.findByToken(tokenHash, addSeconds(T0, 61));
      expect(found?.verification).toMatchObject({ id: verification.id, status: 'expired' });
    });

    it('a verification can hold several tokens (a re-minted one beside the first)', async () => {
      const { verification, tokenHash } = await create();
      const second = crypto.randomBytes(32).toString('hex');
      const later = addSeconds(T0, 1700);
      await transact((tx) =>
        tx.verifications.addToken(verification.id, second, later, addSeconds(later, 1800)),
      );
      expect((await store.findByToken(tokenHash, later))?.verification.id).toBe(verification.id);
      expect((await store.findByToken(second, addSeconds(T0, 3000)))?.tokenExpiresAt).toEqual(
        addSeconds(later, 1800),
      );
    });
  });

  describe('writes', () => {
    it('consent is recorded once; advance only moves open verifications', async () => {
      const { verification } = await create();
      expect(await transact((tx) => tx.verifications.recordConsent(verification.id, T0))).toBe(true);
      expect(await transact((tx) => tx.verifications.recordConsent(verification.id, addSeconds(T0, 5)))).toBe(
        false,
      );
      expect((await store.findById(verification.id, T0))?.consent_at).toEqual(T0);

      const barcode: StoredBarcode = { server_status: 'ok', server_text: 'ANSI 636', browser_text: null };
      expect(
        await transact((tx) =>
          tx.verifications.advance(verification.id, { status: 'doc_back', barcode, at: T0 }),
        ),
      ).toBe(true);
      expect(await store.findById(verification.id, T0)).toMatchObject({ status: 'doc_back', barcode });
      await transact((tx) => tx.verifications.markDecided(verification.id, { ...DECISION, at: T0 }));
      expect(
        await transact((tx) => tx.verifications.advance(verification.id, { status: 'selfie', at: T0 })),
      ).toBe(false);
      expect((await store.findById(verification.id, T0))?.status).toBe('decided');
    });

    it('markDecided refuses a verification not yet submittable, or past expires_at', async () => {
      const early = (await create()).verification;
      expect(await transact((tx) => tx.verifications.markDecided(early.id, { ...DECISION, at: T0 }))).toBe(
        undefined,
      );
      const late = (await create({ ttlSeconds: 60 })).verification;
      await transact((tx) => tx.verifications.advance(late.id, { status: 'selfie', at: T0 }));
      expect(
        await transact((tx) =>
          tx.verifications.markDecided(late.id, { ...DECISION, at: addSeconds(T0, 60) }),
        ),
      ).toBe(undefined);
    });

    it('of two concurrent decisions in two transactions exactly one wins, with one set of side effects', async () => {
      for (let round = 0; round < 5; round += 1) {
        const { verification } = await create();
        await transact((tx) => tx.verifications.advance(verification.id, { status: 'selfie', at: T0 }));
        const decideOnce = (decision: DecisionRecord['decision']) =>
          transact(async (tx) => {
            const decided = await tx.verifications.markDecided(verification.id, {
              ...DECISION,
              decision,
              at: addSeconds(T0, 10),
            });
            if (!decided) return null;
            await tx.audit.append(verification.id, {
              actor: 'system',
              event: 'verification.decided',
              at: T0,
            });
            await tx.usage.record({ verificationId: verification.id, apiKeyId: owner, at: T0 });
            await tx.outbox.add({
              id: crypto.randomUUID(),
              type: 'verification.completed',
              apiKeyId: owner,
              verificationId: verification.id,
              data: { decision },
              at: T0,
            });
            return decided;
          });
        const results = await Promise.all([decideOnce('approve'), decideOnce('decline')]);
        const winners = results.filter((r) => r !== null);
        expect(winners).toHaveLength(1);
        expect(winners[0]).toMatchObject({ status: 'decided', decided_at: addSeconds(T0, 10) });
        expect((await store.findById(verification.id, T0))?.decision).toBe(winners[0]!.decision);
        expect(await countRows('usage_records', verification.id)).toBe(1);
        expect(await countRows('events', verification.id)).toBe(1);
        expect(await countRows('verification_audit', verification.id)).toBe(2);
      }
    });

    it('a transaction that throws leaves nothing behind and reports no commit', async () => {
      const id = crypto.randomUUID();
      committed.length = 0;
      const failure = new Error('check engine exploded');
      await expect(
        transact(async (tx) => {
          await tx.verifications.insert({
            id,
            apiKeyId: owner,
            externalRef: 'doomed',
            metadata: {},
            createdAt: T0,
            expiresAt: addSeconds(T0, DAY_SECONDS),
          });
          await tx.verifications.addToken(
            id,
            crypto.randomBytes(32).toString('hex'),
            T0,
            addSeconds(T0, 1800),
          );
          await tx.audit.append(id, { actor: 'merchant', event: 'verification.created', at: T0 });
          await tx.media.save(
            id,
            [
              {
                id: crypto.randomUUID(),
                storageKey: null,
                kind: 'document_front',
                index: 0,
                contentType: 'image/jpeg',
                bytes: Buffer.from('jpeg'),
              },
            ],
            T0,
          );
          await tx.faces.remember({
            verificationId: id,
            apiKeyId: owner,
            identity: null,
            embedding: Array.from({ length: 128 }, () => Math.random()),
            at: T0,
          });
          await tx.usage.record({ verificationId: id, apiKeyId: owner, at: T0 });
          await tx.outbox.add({
            id: crypto.randomUUID(),
            type: 'verification.completed',
            apiKeyId: owner,
            verificationId: id,
            data: {},
            at: T0,
          });
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(committed).toEqual([]);
      expect(await store.findById(id, T0)).toBeUndefined();
      for (const table of [
        'verification_audit',
        'usage_records',
        'events',
        'client_tokens',
        'media',
        'face_templates',
      ] as const) {
        const row = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('verification_id', '=', id)
          .executeTakeFirstOrThrow();
        expect([table, Number(row.n)]).toEqual([table, 0]);
      }
    });
  });
});
