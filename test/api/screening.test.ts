import { screenSanctions } from '../../src/checks/sanctions-check.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, operationsHeaders, type TestContext } from '../helpers/test-app.js';
import { sharedDataPath } from '../helpers/shared-data.js';

type EvalRow = {
  kind: 'name' | 'wallet';
  query: { name?: string; dob?: string; address?: string };
  expected: 'match' | 'possible' | 'none';
  must_flag: boolean;
  acceptable_uids: number[];
  id: string;
};

const evalRows: EvalRow[] = fs
  .readFileSync(sharedDataPath('sanctions', 'eval-dev.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as EvalRow);

const FREE_TIER_MESSAGE = 'free tier rate limit exceeded — 30 lookups per hour';

describe.each(engines)('sanctions screening through the HTTP API on %s', (engine) => {
  let t: TestContext;
  let screener: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { sanctions: true });
    screener = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { 'x-api-key': t.rootKey },
        payload: { label: 'screener', scopes: ['screen:ofac'] },
      })
    ).json().api_key;
  });
  afterAll(async () => t.close());

  const screen = (url: string, payload: object, key = screener) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });

  it('meets recall ≥ 0.98 and false positives ≤ 1 % over eval-dev.jsonl through the endpoints', async () => {
    let flagged = 0;
    let mustFlag = 0;
    let falsePositives = 0;
    let clean = 0;
    for (const row of evalRows) {
      const res =
        row.kind === 'name'
          ? await screen('/v1/screen/ofac', {
              name: row.query.name,
              ...(row.query.dob ? { dob: row.query.dob } : {}),
            })
          : await screen('/v1/screen/wallet', { address: row.query.address });
      expect(res.statusCode, row.id).toBe(200);
      const body = res.json();
      expect(body.list_version).toMatch(/^sdn-/);
      const hit =
        body.outcome !== 'no_match' &&
        body.matches.some((m: { uid: number }) => row.acceptable_uids.includes(m.uid));
      if (row.must_flag) {
        mustFlag += 1;
        if (hit) flagged += 1;
      } else {
        clean += 1;
        if (body.outcome !== 'no_match') falsePositives += 1;
      }
    }
    expect(flagged / mustFlag).toBeGreaterThanOrEqual(0.98);
    expect(falsePositives / clean).toBeLessThanOrEqual(0.01);
  });

  it('flags a listed name, an alias, a transliterated variant and a listed wallet; passes ordinary names', async () => {
    const listed = evalRows.find((r) => r.kind === 'name' && r.expected === 'match')!;
    const exact = (await screen('/v1/screen/ofac', { name: listed.query.name! })).json();
    expect(exact.outcome).toBe('match');
    expect(exact.matches[0]).toMatchObject({
      uid: expect.any(Number),
      name: expect.any(String),
      matched_name: expect.any(String),
      programs: expect.any(Array),
    });
    const viaAlias = evalRows.find(
      (r) =>
        r.kind === 'name' &&
        r.must_flag &&
        (r as unknown as { matched_via: string }).matched_via !== 'primary',
    );
    expect((await screen('/v1/screen/ofac', { name: viaAlias!.query.name! })).json().outcome).not.toBe(
      'no_match',
    );
    const transliterated = evalRows.find(
      (r) =>
        r.kind === 'name' && r.must_flag && /translit/.test((r as unknown as { variant: string }).variant),
    );
    if (transliterated)
      expect((await screen('/v1/screen/ofac', { name: transliterated.query.name! })).json().outcome).not.toBe(
        'no_match',
      );
    const wallet = evalRows.find((r) => r.kind === 'wallet' && r.expected === 'match')!;
    const walletAnswer = (await screen('/v1/screen/wallet', { address: wallet.query.address! })).json();
    expect(walletAnswer.outcome).toBe('match');
    expect(walletAnswer.matches[0]).toMatchObject({
      uid: wallet.acceptable_uids[0],
      currency: expect.any(String),
      address: expect.any(String),
    });
    for (const name of ['Jane Smith', 'Acme Trading Company LLC', 'Maria Garcia Lopez']) {
      expect((await screen('/v1/screen/ofac', { name })).json().outcome).toBe('no_match');
    }
  });

  it('validates lengths (name 2..255, address 8..255, dob as a date) and requires screen:ofac', async () => {
    for (const [url, body, field] of [
      ['/v1/screen/ofac', { name: 'A' }, 'name'],
      ['/v1/screen/ofac', { name: 'x'.repeat(256) }, 'name'],
      ['/v1/screen/ofac', { name: 'Jane Smith', dob: '12/01/1970' }, 'dob'],
      ['/v1/screen/wallet', { address: 'abc' }, 'address'],
      ['/v1/screen/wallet', { address: 'x'.repeat(256) }, 'address'],
    ] as const) {
      const res = await screen(url, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', field]);
    }
    expect((await screen('/v1/screen/ofac', { name: 'x'.repeat(255) })).statusCode).toBe(200);
    const reader = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { 'x-api-key': t.rootKey },
        payload: { label: 'r', scopes: ['keys:read'] },
      })
    ).json().api_key;
    const denied = await screen('/v1/screen/ofac', { name: 'Jane Smith' }, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'missing scope: screen:ofac' });
  });

  it('reports which list is loaded, its size and the queries served', async () => {
    const stats = (
      await t.app.inject({ method: 'GET', url: '/v1/screen/ofac/stats', headers: { 'x-api-key': screener } })
    ).json();
    expect(stats).toMatchObject({
      status: 'ready',
      list_version: expect.stringMatching(/^sdn-/),
      format: expect.any(String),
    });
    expect(stats.entries.total).toBeGreaterThan(10_000);
    expect(stats.aliases.strong).toBeGreaterThan(0);
    expect(stats.wallet_addresses).toBeGreaterThan(0);
    expect(stats.loaded_at).toBeTruthy();
    expect(stats.queries_served.name).toBeGreaterThan(0);
    expect(stats.last_refresh.outcome).toBe('loaded');
  });

  it('limits the keyless free tier to 30 per client IP per hour with the exact 429 and headers', async () => {
    const free = (ip: string, name = 'Jane Smith') =>
      t.app.inject({
        method: 'POST',
        url: '/v1/free/ofac',
        headers: { 'x-forwarded-for': ip },
        payload: { name },
      });
    const first = await free('198.51.100.20');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('30');
    expect(first.headers['x-ratelimit-remaining']).toBe('29');
    expect(first.json().outcome).toBe('no_match');
    expect((await free('198.51.100.20', 'x'.repeat(201))).statusCode).toBe(422);
    for (let i = 0; i < 28; i += 1) expect((await free('198.51.100.20')).statusCode).toBe(200);
    const over = await free('198.51.100.20');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ detail: FREE_TIER_MESSAGE });
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await free('198.51.100.21')).statusCode).toBe(200);
    t.clock.advanceSeconds(retryAfter);
    expect((await free('198.51.100.20')).statusCode).toBe(200);
  });

  it('lets exactly 30 of 100 concurrent free requests from one IP through', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/free/ofac',
          headers: { 'x-forwarded-for': '203.0.113.77' },
          payload: { name: 'Jane Smith' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(70);
  });

  it('screens a licence holder (first, middle, last name and DOB) through the submit flow’s sanctions port', async () => {
    const listed = evalRows.find(
      (r) =>
        r.kind === 'name' &&
        r.expected === 'match' &&
        (r as unknown as { entity_type: string }).entity_type === 'individual',
    )!;
    const result = await screenSanctions(t.platform.sanctions, {
      firstName: listed.query.name!.split(' ')[0]!,
      middleName: null,
      lastName: listed.query.name!.split(' ').slice(1).join(' '),
      dob: null,
    });
    expect(result.status).toBe('ok');
    if (result.status === 'ok') expect(result.outcome).not.toBe('no_match');
  });
});

describe('screening with no list loaded', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('answers 503 on the endpoints, unavailable in verifications, and says so in stats and /readyz', async () => {
    const key = { 'x-api-key': t.rootKey };
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screen/ofac',
      headers: key,
      payload: { name: 'Jane Smith' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'sanctions screening is unavailable: no sanctions list is loaded' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/free/ofac', payload: { name: 'Jane Smith' } }))
        .statusCode,
    ).toBe(503);
    const result = await screenSanctions(t.platform.sanctions, {
      firstName: 'JANE',
      middleName: null,
      lastName: 'SMITH',
      dob: null,
    });
    expect(result.status).toBe('unavailable');
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })).json();
    expect(ready.components.sanctions_list.status).toBe('unavailable');
    const stats = (await t.app.inject({ method: 'GET', url: '/v1/screen/ofac/stats', headers: key })).json();
    expect(stats.status).toBe('unavailable');
  });
});

const LIST_FIXTURES = path.resolve('test/fixtures/sanctions');

describe.each(engines)('several sanctions lists through the HTTP API on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      sanctions: true,
      env: {
        SCREENING_LISTS: 'un,eu,uk,opensanctions',
        SANCTIONS_LIST_UN: path.join(LIST_FIXTURES, 'un-consolidated.xml'),
        SANCTIONS_LIST_EU: path.join(LIST_FIXTURES, 'eu-fsf.xml'),
        SANCTIONS_LIST_UK: path.join(LIST_FIXTURES, 'uk-sanctions-list.xml'),
        SANCTIONS_LIST_OPENSANCTIONS: path.join(LIST_FIXTURES, 'opensanctions-targets.simple.csv'),
      },
    });
  });
  afterAll(async () => t.close());

  const key = () => ({ 'x-api-key': t.rootKey });

  it('lists every enabled list with its own version and status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/screen/lists', headers: key() });
    expect(res.statusCode).toBe(200);
    const lists = res.json().lists as Array<{ id: string; status: string; list_version: string }>;
    expect(lists.map((l) => [l.id, l.status])).toEqual([
      ['ofac', 'ready'],
      ['un', 'ready'],
      ['eu', 'ready'],
      ['uk', 'ready'],
      ['opensanctions', 'ready'],
    ]);
    expect(lists[1]!.list_version).toMatch(/^un-2026-08-20-/);
  });

  it('reports each enabled list in /readyz, with its title and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders });
    expect(res.statusCode).toBe(200);
    const { components } = res.json() as { components: Record<string, { status: string; detail: string }> };
    for (const [component, title, version] of [
      ['sanctions_list', 'OFAC Specially Designated Nationals (US)', /: sdn-/],
      ['sanctions_list_un', 'UN Security Council Consolidated List', /: un-2026-08-20-/],
      ['sanctions_list_eu', 'EU Consolidated Financial Sanctions List', /: eu-/],
      ['sanctions_list_uk', 'UK Sanctions List (FCDO)', /: uk-/],
      ['sanctions_list_opensanctions', 'OpenSanctions consolidated sanctions targets', /: opensanctions-/],
    ] as const) {
      expect(components[component], component).toMatchObject({ status: 'ok' });
      expect(components[component]!.detail.startsWith(`${title}: `), component).toBe(true);
      expect(components[component]!.detail).toMatch(version);
    }
  });

  it('screens a name against the lists asked for, each match naming its list, the original name kept', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screen/name',
      headers: key(),
      payload: { name: '권성철', lists: ['un', 'ofac'] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.outcome).not.toBe('no_match');
    expect(body.matches[0]).toMatchObject({ list: 'un', reference: 'KPi.902', uid: 9000002 });
    expect(body.query.name).toBe('권성철');
    expect(body.query.readings[0]).toEqual({ system: 'korean-dprk', text: 'Kwon Song Chol' });
    expect(Object.keys(body.list_versions).sort()).toEqual(['ofac', 'un']);
  });

  it('keeps /v1/screen/ofac to OFAC, with the query and its readings added', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/screen/ofac',
      headers: key(),
      payload: { name: '김정은' },
    });
    const body = res.json();
    expect(body).toMatchObject({ outcome: 'match', list_version: expect.stringMatching(/^sdn-/) });
    expect(body.matches[0]).toMatchObject({
      uid: 20157,
      query_reading: { system: 'korean-dprk', text: 'Kim Jong Un' },
    });
    expect(body.matches[0]).not.toHaveProperty('list');
  });

  it('screens a licence holder against every enabled list', async () => {
    const result = await screenSanctions(t.platform.sanctions, {
      firstName: 'OLEG',
      middleName: 'VIKTOROVICH',
      lastName: 'SAMPLENKO',
      dob: '1971-02-14',
    });
    expect(result).toMatchObject({
      status: 'ok',
      outcome: 'match',
      detail: { matches: [expect.objectContaining({ list: 'uk', reference: 'RUS9901' })] },
    });
  });
});

describe.each(engines)('an enabled list that is not loaded on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      sanctions: true,
      env: {
        SCREENING_LISTS: 'un,eu',
        SANCTIONS_LIST_UN: path.join(LIST_FIXTURES, 'un-consolidated.xml'),
        SANCTIONS_LIST_EU: '/nonexistent/eu-list-missing-in-this-test.xml',
      },
    });
  });
  afterAll(async () => t.close());

  it('makes /readyz degraded and names the list, the others still ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      status: string;
      components: Record<string, { status: string; detail: string }>;
    };
    expect(body.status).toBe('degraded');
    expect(body.components.sanctions_list!.status).toBe('ok');
    expect(body.components.sanctions_list_un!.status).toBe('ok');
    expect(body.components.sanctions_list_eu!.status).toBe('unavailable');
    expect(body.components.sanctions_list_eu!.detail).toMatch(
      /^EU Consolidated Financial Sanctions List: not loaded \(.*eu-list-missing-in-this-test/,
    );
    expect(body.components).not.toHaveProperty('sanctions_list_uk');
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(publicAnswer.json()).toEqual({ status: 'degraded' });
  });
});
