import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealDocChecks } from '../../src/adapters/db/sealed-columns.js';
import { expireMonitors } from '../../src/use-cases/screening-watch.js';
import { createTestApp, engines, operationsHeaders, type TestContext } from '../helpers/test-app.js';

type MirrorEntry = { uid: number; name: string; type: string; programs: string[]; alternateNames: string[] };
const person = (uid: number, name: string): MirrorEntry => ({
  uid,
  name,
  type: 'individual',
  programs: ['SDGT'],
  alternateNames: [],
});

const FIRST = ['ALICE', 'BRUNO', 'CARMEN', 'DAVID', 'ELENA', 'FELIX', 'GRETA', 'HUGO', 'IRIS', 'JONAS'];
const LAST = [
  'ABERNATHY',
  'BLACKWOOD',
  'CALLOWAY',
  'DELACROIX',
  'ELLSWORTH',
  'FAIRWEATHER',
  'GALLAGHER',
  'HOLLOWAY',
  'IVERSON',
  'JAMESON',
  'KINGSLEY',
  'LOCKHART',
  'MONTGOMERY',
  'NORTHCOTT',
  'OSBORNE',
  'PEMBERTON',
  'QUINCY',
  'RADCLIFFE',
  'SINCLAIR',
  'THORNTON',
  'UPTON',
  'VANDERBILT',
  'WHITMORE',
  'YARDLEY',
  'ZIMMERMAN',
];
const MIDDLE = ['ANN', 'BETH', 'CLAIRE', 'DALE'];
/** 1,000 different holders, none like the designation the test adds. */
const holder = (i: number) => ({
  first_name: FIRST[i % FIRST.length]!,
  middle_name: MIDDLE[Math.floor(i / 250) % MIDDLE.length]!,
  last_name: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
  dob: `19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
});
const DESIGNATED = { first_name: 'DMITRI', middle_name: 'ANATOLYEVICH', last_name: 'KARPOV', dob: null };
const BASE_LIST = [
  person(9001, 'OKONKWO, Chidi'),
  person(9002, 'TANAKA, Haruto'),
  person(9003, 'NOVAK, Petra'),
];
const DESIGNATION = person(9100, 'KARPOV, Dmitri Anatolyevich');

describe.each(engines)('screening that keeps watch on %s', (engine) => {
  let t: TestContext;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-watch-'));
  const listFile = path.join(folder, 'sdn.json');
  let key: string;
  let keyId: number;
  let watchedId: string;
  let monitorId: string;

  const writeList = (entries: MirrorEntry[], published: string) =>
    fs.writeFileSync(listFile, JSON.stringify({ published, entries }));
  const loadList = async (entries: MirrorEntry[], published: string) => {
    writeList(entries, published);
    expect(await t.platform.sanctions.refresh()).toBe('loaded');
    // A version loaded in the same millisecond as the last delta would not count as newer.
    t.clock.advanceSeconds(1);
  };
  const eventsOf = async (type: string) =>
    t.platform.database.db
      .selectFrom('events')
      .select(['id', 'verification_id', 'data', 'api_key_id'])
      .where('type', '=', type)
      .execute();
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

  async function seedVerification(
    identity: Record<string, string | null>,
    extra: Record<string, unknown> = {},
  ) {
    const id = crypto.randomUUID();
    const sealer = await t.platform.verificationKeys.sealerFor(id);
    const now = t.clock.now();
    await t.platform.database.db
      .insertInto('verifications')
      .values({
        id,
        api_key_id: keyId,
        external_ref: `watch-${id}`,
        metadata: '{}',
        status: 'decided',
        decision: 'approve',
        score: 95,
        decision_reasons: '[]',
        checks: '{}',
        doc_checks: sealDocChecks(sealer, { document: { identity } }),
        created_at: now,
        updated_at: now,
        expires_at: now,
        decided_at: now,
        ...extra,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    writeList(BASE_LIST, '2026-12-01');
    t = await createTestApp(engine, { env: { SANCTIONS_LIST: listFile } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'watch', scopes: ['*'] },
    });
    key = created.json().api_key;
    keyId = created.json().id;
    // The service loads the list at start; wait for it (it may be done already).
    expect(await t.platform.sanctions.refresh()).toMatch(/^(loaded|unchanged)$/);
    t.clock.advanceSeconds(1);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('records the first version as a baseline and re-screens nobody against it', async () => {
    expect(await t.modules.screening.keepWatch()).toEqual([]);
    const [delta] = await t.platform.stores.screeningWatch.latestDeltas();
    expect(delta).toMatchObject({ listId: 'ofac', baseline: true, subjectsScreened: 0 });
    // The same version again (a restart, another process) records nothing.
    expect(await t.modules.screening.keepWatch()).toEqual([]);
    expect(await t.platform.stores.screeningWatch.latestDeltas()).toHaveLength(1);
  });

  it('alerts exactly the one verification of 1,000 and the one monitor of 100 that a new designation matches', async () => {
    for (let i = 0; i < 999; i += 1) await seedVerification(holder(i));
    watchedId = await seedVerification(DESIGNATED);
    // The same person, but redacted, or opted out of monitoring: never re-screened.
    await seedVerification(DESIGNATED, { redacted_at: t.clock.now() });
    await seedVerification(DESIGNATED, { monitor: false });
    for (let i = 0; i < 99; i += 1) {
      const h = holder(i * 7 + 3);
      const res = await call('POST', '/v1/screening/monitors', {
        name: `${h.first_name} ${h.last_name}`,
        external_ref: `m-${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const monitor = await call('POST', '/v1/screening/monitors', {
      name: 'Dmitri Anatolyevich Karpov',
      date_of_birth: '1971-04-02',
      country: 'RU',
      external_ref: 'crm-77',
    });
    expect(monitor.statusCode).toBe(201);
    expect(monitor.json()).toMatchObject({ kind: 'name', name: 'Dmitri Anatolyevich Karpov', country: 'RU' });
    monitorId = monitor.json().id;
    const deleted = await call('POST', '/v1/screening/monitors', { name: 'Dmitri Karpov' });
    expect((await call('DELETE', `/v1/screening/monitors/${deleted.json().id}`)).statusCode).toBe(204);

    await loadList([...BASE_LIST, DESIGNATION], '2026-12-02');
    const [outcome] = await t.modules.screening.keepWatch();
    expect(outcome).toMatchObject({ subjectsScreened: 1000 + 100, matchesFound: 2 });
    const matches = await eventsOf('screening.match');
    expect(matches.map((e) => (e.data as { subject: object }).subject).sort()).toEqual(
      [{ verification_id: watchedId }, { monitor_id: monitorId }].sort(),
    );
    for (const event of matches) {
      expect(Number(event.api_key_id)).toBe(keyId);
      expect(event.data).toMatchObject({
        list: 'ofac',
        entry_id: 'uid:9100',
        match: expect.stringMatching(/^(strong|possible)$/),
        score: expect.any(Number),
        list_version: outcome!.delta.toVersion,
      });
    }
    expect(matches.find((e) => e.verification_id === watchedId)).toBeDefined();
    // The merchant reads them in its event log like any other event.
    const listed = (await call('GET', '/v1/events?type=screening.match')).json().data;
    expect(listed).toHaveLength(2);
  });

  it('sends nothing twice when the same delta is re-screened again (a second worker, a restart mid-run)', async () => {
    await t.platform.database.db
      .updateTable('screening_deltas')
      .set({ rescreened_at: null, claimed_until: null })
      .where('baseline', '=', false)
      .execute();
    const [again] = await t.modules.screening.keepWatch();
    expect(again).toMatchObject({ matchesFound: 0 });
    expect(await eventsOf('screening.match')).toHaveLength(2);
  });

  it('sends screening.match_removed when the designation leaves the list, once', async () => {
    await loadList(BASE_LIST, '2026-12-03');
    const [outcome] = await t.modules.screening.keepWatch();
    expect(outcome).toMatchObject({ matchesRemoved: 2, subjectsScreened: 0 });
    const removed = await eventsOf('screening.match_removed');
    expect(removed.map((e) => (e.data as { subject: object }).subject).sort()).toEqual(
      [{ verification_id: watchedId }, { monitor_id: monitorId }].sort(),
    );
    expect(removed[0]!.data).toMatchObject({ list: 'ofac', entry_id: 'uid:9100' });
    expect(await t.modules.screening.keepWatch()).toEqual([]);
    expect(await eventsOf('screening.match_removed')).toHaveLength(2);
  });

  it('keeps monitors per key, pages them, and erases a deleted one', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'other', scopes: ['*'] },
    });
    const otherKey = other.json().api_key;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/screening/monitors/${monitorId}`,
      headers: { 'x-api-key': otherKey },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'monitor not found' });
    expect((await call('GET', '/v1/screening/monitors/not-a-uuid')).statusCode).toBe(404);

    const first = (await call('GET', '/v1/screening/monitors?limit=60')).json();
    expect(first.data).toHaveLength(60);
    expect(first.has_more).toBe(true);
    const rest = (
      await call('GET', `/v1/screening/monitors?limit=60&starting_after=${first.next_cursor}`)
    ).json();
    expect(rest.data).toHaveLength(40);
    expect(new Set([...first.data, ...rest.data].map((m: { id: string }) => m.id)).size).toBe(100);

    const wallet = await call('POST', '/v1/screening/monitors', {
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      chain: 'XBT',
    });
    expect(wallet.statusCode).toBe(201);
    expect(wallet.json()).toMatchObject({ kind: 'wallet', chain: 'XBT' });
    expect((await call('DELETE', `/v1/screening/monitors/${wallet.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/v1/screening/monitors/${wallet.json().id}`)).statusCode).toBe(404);
    const rows = await t.platform.database.db
      .selectFrom('screening_monitors')
      .select('id')
      .where('id', '=', wallet.json().id)
      .execute();
    expect(rows).toEqual([]);
    // Its subject was sealed with a key of its own, destroyed with it.
    expect(await t.platform.verificationKeys.heldBy()).not.toContain(wallet.json().id);

    for (const bad of [
      {},
      { name: 'A' },
      { name: 'Jane Doe', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p' },
      { address: 'short' },
      { name: 'Jane Doe', chain: 'XBT' },
    ]) {
      const res = await call('POST', '/v1/screening/monitors', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    const readOnly = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'reader', scopes: ['screening:read'] },
    });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/v1/screening/monitors',
      headers: { 'x-api-key': readOnly.json().api_key },
      payload: { name: 'Jane Doe' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'missing scope: screening:write' });
  });

  it('shows the latest delta of each list in the readiness details and counts re-screens in the metrics', async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: operationsHeaders })).body;
    expect(metrics).toContain('screening_rescreen_alerts_total{list="ofac",event="screening.match"} 2');
    expect(metrics).toContain(
      'screening_rescreen_alerts_total{list="ofac",event="screening.match_removed"} 2',
    );
    expect(metrics).toContain('screening_delta_entries_total{list="ofac",change="removed"} 1');
    const ready = (
      await t.app.inject({
        method: 'GET',
        url: '/readyz',
        headers: operationsHeaders,
      })
    ).json();
    expect(ready.components.screening_watch_ofac.detail).toMatch(
      /\+0\/~0\/-1 at .*re-screened 0 in \d+ ms, 0 new matches/,
    );
  });
  it('erases monitors, with their keys, once the personal-data retention has passed since their creation', async () => {
    const held = await t.platform.database.db.selectFrom('screening_monitors').select('id').execute();
    expect(held.length).toBeGreaterThan(0);
    t.clock.advanceSeconds(t.config.retention.piiDays * 86_400 - 60);
    expect(await expireMonitors(t.modules.screening.watch)).toBe(0);
    t.clock.advanceSeconds(120);
    expect(await expireMonitors(t.modules.screening.watch)).toBe(held.length);
    expect((await call('GET', '/v1/screening/monitors')).json().data).toEqual([]);
    const keysLeft = new Set(await t.platform.verificationKeys.heldBy());
    expect(held.filter((m) => keysLeft.has(m.id))).toEqual([]);
  });
});
