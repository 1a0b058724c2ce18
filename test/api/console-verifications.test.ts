import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_SEARCH_WINDOW } from '../../src/core/verifications/name-search.js';
import { EXPORT_ROW_CAP } from '../../src/http/routes/console-review.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { consoleDriver, type ConsoleSession } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** The console's Verifications page: search, filters, paging and the CSV export (docs/review.md "Verifications"). */

type Row = { id: string; external_ref: string; decision_reasons: string[]; mode: string };

describe.each(engines)('console verification search on %s', (engine) => {
  let t: TestContext;
  let driver: ReturnType<typeof consoleDriver>;
  let admin: ConsoleSession;
  let reviewer: ConsoleSession;
  let viewer: ConsoleSession;
  let foreign: ConsoleSession;
  let decided: { id: string; reasons: string[]; decision: string };
  const created: string[] = [];
  let testModeId: string;
  let foreignId: string;
  let keyOfA: number;

  const create = async (apiKey: string, externalRef: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': apiKey },
      payload: { external_ref: externalRef },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: 'https://idv.example.test' } });
    driver = consoleDriver(t);
    const a = await driver.openAccount('Merchant A');
    const b = await driver.openAccount('Merchant B');
    admin = await driver.join(a.id, 'lead@example.com', 'admin');
    reviewer = await driver.join(a.id, 'grace@example.com', 'reviewer');
    viewer = await driver.join(a.id, 'vera@example.com', 'viewer');
    foreign = await driver.join(b.id, 'boss@example.com', 'admin');
    const done = await decidedVerification(t, a.apiKey);
    const detail = await driver.as(reviewer, 'GET', `/v1/console/verifications/${done.id}`);
    decided = {
      id: done.id,
      reasons: detail.json().decision_reasons,
      decision: detail.json().decision,
    };
    // Two live keys of the account take turns, so the list merges keys' histories.
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': a.apiKey },
      payload: { label: 'backend', scopes: ['verifications:write', 'verifications:read'] },
    });
    expect(second.statusCode, second.body).toBe(201);
    for (let i = 0; i < 5; i++)
      created.push(await create(i % 2 ? second.json().api_key : a.apiKey, `order-${i}`));
    const testKey = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': a.apiKey },
      payload: { label: 'sandbox', scopes: ['*'], mode: 'test' },
    });
    expect(testKey.statusCode, testKey.body).toBe(201);
    testModeId = await create(testKey.json().api_key, 'order-test');
    foreignId = await create(b.apiKey, 'order-0');
    keyOfA = (
      await t.platform.database.db
        .selectFrom('verifications')
        .select('api_key_id')
        .where('id', '=', created[0]!)
        .executeTakeFirstOrThrow()
    ).api_key_id;
    // Spread the open ones over days so a date range has something to cut.
    for (const [i, id] of created.entries()) {
      await t.platform.database.db
        .updateTable('verifications')
        .set({ created_at: new Date(Date.UTC(2026, 0, 10 + i, 12)) })
        .where('id', '=', id)
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (session: ConsoleSession, query: string) => {
    const res = await driver.as(session, 'GET', `/v1/console/verifications?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; has_more: boolean; next_cursor: string | null };
  };

  it('lists every verification of the account, newest first, paged by cursor; never another account’s', async () => {
    const first = await list(viewer, 'limit=4');
    expect(first.has_more).toBe(true);
    const second = await list(viewer, `limit=4&starting_after=${first.next_cursor}`);
    expect(second.has_more).toBe(false);
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(ids).toEqual([decided.id, ...[...created].reverse()]);
    expect(ids).not.toContain(foreignId);
    expect(ids).not.toContain(testModeId);
    const theirs = await list(foreign, 'limit=50');
    expect(theirs.data.map((r) => r.id)).toEqual([foreignId]);
    // Another account's verification is no cursor here: the same 404 as an id that does not exist.
    const foreignCursor = await driver.as(
      viewer,
      'GET',
      `/v1/console/verifications?starting_after=${foreignId}`,
    );
    expect([foreignCursor.statusCode, foreignCursor.json()]).toEqual([
      404,
      { detail: 'verification not found' },
    ]);
  });

  it('finds by id, external reference and the licence holder’s name', async () => {
    expect((await list(viewer, `id=${created[2]}`)).data.map((r) => r.id)).toEqual([created[2]]);
    expect((await list(foreign, `id=${created[2]}`)).data).toEqual([]);
    expect((await list(viewer, 'external_ref=order-3')).data.map((r) => r.id)).toEqual([created[3]]);
    expect((await list(foreign, 'external_ref=order-3')).data).toEqual([]);
    // The sample licence belongs to MICHAEL JOHN SAMPLE; the name is sealed, so it is opened to match.
    expect((await list(viewer, 'name=sample%20mich')).data.map((r) => r.id)).toEqual([decided.id]);
    expect((await list(viewer, 'name=Sample')).data.map((r) => r.id)).toEqual([decided.id]);
    expect((await list(viewer, 'name=nobody')).data).toEqual([]);
    expect((await list(foreign, 'name=sample')).data).toEqual([]);
  });

  it('filters by decision, status, reason, date range and mode', async () => {
    expect((await list(viewer, `decision=${decided.decision}`)).data.map((r) => r.id)).toEqual([decided.id]);
    expect((await list(viewer, 'status=doc_front')).data).toHaveLength(5);
    if (decided.reasons.length > 0) {
      expect((await list(viewer, `reason=${decided.reasons[0]}`)).data.map((r) => r.id)).toEqual([
        decided.id,
      ]);
    }
    const unused = ['ofac_match', 'document_expired'].find((r) => !decided.reasons.includes(r))!;
    expect((await list(viewer, `reason=${unused}`)).data).toEqual([]);
    const range = await list(viewer, 'created_from=2026-01-11&created_to=2026-01-13');
    expect(range.data.map((r) => r.id)).toEqual([created[3], created[2], created[1]]);
    const test = await list(viewer, 'mode=test');
    expect(test.data.map((r) => [r.id, r.mode])).toEqual([[testModeId, 'test']]);
  });

  it('refuses bad filters with a 422 in the error envelope', async () => {
    for (const query of [
      'reason=not_a_reason',
      'decision=maybe',
      'status=nope',
      'created_from=2026-02-30',
      'created_from=yesterday',
      'created_from=2026-01-13&created_to=2026-01-11',
      'id=12',
      'name=a',
      'mode=sandbox',
      'limit=0',
    ]) {
      const res = await driver.as(viewer, 'GET', `/v1/console/verifications?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Array.isArray(res.json().detail), query).toBe(true);
      expect(res.json().detail[0]).toMatchObject({ loc: expect.arrayContaining(['query']) });
    }
  });

  it('exports the filtered list as CSV, account-scoped, with no personal data', async () => {
    const res = await driver.as(viewer, 'GET', '/v1/console/verifications/export?status=doc_front');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="verifications-live-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,external_ref,mode,status,decision,final_decision,score,decision_reasons,created_at,decided_at,reviewed_at,assigned_member_id',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([...created].reverse());
    expect(res.body).not.toContain(foreignId);

    const all = await driver.as(viewer, 'GET', '/v1/console/verifications/export');
    expect(all.body).toContain(decided.id);
    expect(all.body.toUpperCase()).not.toContain('SAMPLE');
    expect(all.body.toUpperCase()).not.toContain('MICHAEL');

    const theirs = await driver.as(foreign, 'GET', '/v1/console/verifications/export');
    expect(theirs.body.trimEnd().split('\r\n').slice(1)).toHaveLength(1);
    expect(theirs.body).toContain(foreignId);

    const bad = await driver.as(viewer, 'GET', '/v1/console/verifications/export?reason=x');
    expect(bad.statusCode).toBe(422);
  });

  it('names the account and its members for colleagues, without e-mail addresses', async () => {
    const res = await driver.as(viewer, 'GET', '/v1/console/account');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Merchant A' });
    expect(res.json().members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [admin.memberId, 'admin'],
      [reviewer.memberId, 'reviewer'],
      [viewer.memberId, 'viewer'],
    ]);
    // The driver names members by their address; the directory carries no email field of its own.
    for (const m of res.json().members) expect(Object.keys(m).sort()).toEqual(['display_name', 'id', 'role']);
  });

  it('a viewer reads and exports but cannot assign; an assignment shows in the list', async () => {
    const id = created[0]!;
    const viewerAssigns = await driver.as(viewer, 'POST', `/v1/console/verifications/${id}/assign`, {
      member_id: viewer.memberId,
    });
    expect([viewerAssigns.statusCode, viewerAssigns.json()]).toEqual([
      403,
      { detail: 'this needs the reviewer role' },
    ]);
    const assigned = await driver.as(reviewer, 'POST', `/v1/console/verifications/${id}/assign`, {
      member_id: reviewer.memberId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mine = await list(reviewer, 'assigned=me');
    expect(mine.data.map((r) => r.id)).toEqual([id]);
    const foreignAssign = await driver.as(foreign, 'POST', `/v1/console/verifications/${id}/assign`, {
      member_id: foreign.memberId,
    });
    expect(foreignAssign.statusCode).toBe(404);
  });

  it('a name search opens a bounded window and hands back a cursor to go on from', async () => {
    // An older history without names, longer than one window, in 2025 (before everything above).
    await sql`
      INSERT INTO verifications (id, api_key_id, external_ref, status, created_at, expires_at)
      SELECT gen_random_uuid(), ${keyOfA}, 'bulk-' || g, 'canceled',
             timestamptz '2025-01-01 00:00:00+00' + g * interval '1 minute', timestamptz '2100-01-01 00:00:00+00'
      FROM generate_series(1, ${NAME_SEARCH_WINDOW + 20}) AS g
    `.execute(t.platform.database.db);
    const first = await list(viewer, 'name=sample&limit=10');
    expect(first.data.map((r) => r.id)).toEqual([decided.id]);
    // The window was spent before the history ended: more may match further back.
    expect(first.has_more).toBe(true);
    const rest = await list(viewer, `name=sample&limit=10&starting_after=${first.next_cursor}`);
    expect(rest).toEqual({ data: [], has_more: false, next_cursor: null });
    // Other filters narrow the window first.
    const recent = await list(viewer, 'name=sample&created_from=2026-01-01');
    expect([recent.data.map((r) => r.id), recent.has_more]).toEqual([[decided.id], false]);
  });

  it('an export stops at its row cap', async () => {
    await sql`
      INSERT INTO verifications (id, api_key_id, external_ref, status, created_at, expires_at)
      SELECT gen_random_uuid(), ${keyOfA}, 'old-' || g, 'canceled',
             timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute', timestamptz '2100-01-01 00:00:00+00'
      FROM generate_series(1, ${EXPORT_ROW_CAP}) AS g
    `.execute(t.platform.database.db);
    const res = await driver.as(viewer, 'GET', '/v1/console/verifications/export?status=canceled');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(EXPORT_ROW_CAP + 1);
    // Newest first: the 2025 history, then the newest of 2024 until the cap.
    expect(lines[1]).toContain(`bulk-${NAME_SEARCH_WINDOW + 20}`);
    expect(lines.at(-1)).toContain(`old-${NAME_SEARCH_WINDOW + 21}`);
  });
});
