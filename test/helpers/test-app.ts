import crypto from 'node:crypto';
import fs from 'node:fs';
import { inject, vi } from 'vitest';
import pg from 'pg';
import type { Logger } from 'pino';
import { STARTING_UP_DETAILS, lendCheckEngines } from './lent-check-engines.js';
import { copyTemplate, lendPglite, lendServerDatabase, urlOf } from './lent-databases.js';
import { sharedDataPath } from './shared-data.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createModules, type Modules } from '../../src/modules/index.js';
import { createPlatform, type Platform } from '../../src/platform.js';
import { createApp } from '../../src/http/app.js';
import type { App } from '../../src/http/route-context.js';
import { createLogger } from '../../src/adapters/logger.js';
import { ensureBootstrapKeys } from '../../src/bootstrap.js';
import type { Clock } from '../../src/core/time.js';
import type { ComponentPaths } from '../../src/adapters/check-engines.js';

export type Engine = 'pglite' | 'postgres';

/** The METRICS_TOKEN of every test app: it unlocks /metrics and /readyz's component details. */
export const OPERATIONS_TOKEN = 'test-operations-token-0123456789abcdef';
export const operationsHeaders = { authorization: `Bearer ${OPERATIONS_TOKEN}` };

/** The DATA_ENCRYPTION_KEY of every test app, for tests that read its tables through stores of their own. */
export const TEST_DATA_KEY = 'c'.repeat(64);

export const OFAC_SNAPSHOT = sharedDataPath('sanctions', 'ofac-csv-2023-12-28');
/** A list source that does not exist: the honest "no list loaded" state, with no network attempt. */
const NO_SANCTIONS_LIST = '/nonexistent/no-sanctions-list-in-this-test';

/** PGlite always; the PostgreSQL server too when DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestClock = Clock & { set(date: Date): void; advanceSeconds(seconds: number): void };

export function createTestClock(start = new Date('2026-11-01T12:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => void (current = date.getTime()),
    advanceSeconds: (seconds) => void (current += seconds * 1000),
  };
}

/**
 * The migrated PGlite data directory of this run (test/helpers/migrated-databases.ts), or undefined
 * where no global setup made one: the database is then migrated from scratch.
 */
export function migratedSnapshot(): Blob | undefined {
  const snapshotPath = inject('pgliteSnapshotPath');
  return snapshotPath ? new Blob([fs.readFileSync(snapshotPath)]) : undefined;
}

/**
 * A database on the server for one test file, dropped again by cleanup: empty, or with `migrated` a
 * copy of this run's migrated template, lent again by cleanup (an empty one where the run made none).
 */
export async function createServerDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL!;
  const template = options.migrated ? inject('postgresTemplate') : null;
  if (template) return lendServerDatabase(baseUrl, template);
  const name = `idv_test_${crypto.randomBytes(6).toString('hex')}`;
  await copyTemplate(baseUrl, name, 'template1');
  return {
    url: urlOf(baseUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type TestContext = {
  app: App;
  /** The infrastructure: database, stores, ports; tests read and seed through it. */
  platform: Platform;
  /** The capabilities running on it: their use-case dependencies, workers and sweeps. */
  modules: Modules;
  config: Config;
  clock: TestClock;
  rootKey: string;
  engine: Engine;
  close(): Promise<void>;
};

export async function createTestApp(
  engine: Engine,
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    componentPaths?: ComponentPaths;
    /** Load the face models (slow, ~400 MB); without it ML_DISABLED=1 and face checks answer unavailable. */
    ml?: boolean;
    /** Load the OFAC snapshot of the test data and wait for it; otherwise no list is loaded (screening unavailable). */
    sanctions?: boolean;
    /** The service's logger; silent unless given. */
    logger?: Logger;
  } = {},
): Promise<TestContext> {
  const server = engine === 'postgres' ? await createServerDatabase({ migrated: true }) : null;
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_API_KEY: rootKey,
    PUBLIC_BASE_URL: 'http://127.0.0.1:8080',
    METRICS_TOKEN: OPERATIONS_TOKEN,
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    SANCTIONS_LIST: options.sanctions ? OFAC_SNAPSHOT : NO_SANCTIONS_LIST,
    ...(options.ml ? {} : { ML_DISABLED: '1' }),
    ...(server ? { DATABASE_URL: server.url } : {}),
    ...options.env,
  });
  const clock = options.clock ?? createTestClock();
  const platform = await createPlatform(config, {
    clock,
    logger: options.logger ?? createLogger('silent'),
    // The snapshot is loaded once, below, so the list's first refresh is the one tests see.
    skipSanctions: Boolean(options.sanctions),
    ...(engine === 'pglite' && !options.env?.DATA_DIR
      ? { database: await lendPglite(migratedSnapshot) }
      : {}),
    ...(options.componentPaths ? { componentPaths: options.componentPaths } : {}),
    // Lent engines log to no one: a test that reads the service's log gets engines of its own.
    ...(options.componentPaths || options.logger ? {} : { checkEngines: lendCheckEngines(config) }),
  });
  const modules = await createModules(platform);
  await ensureBootstrapKeys(platform);
  if (options.sanctions && (await platform.sanctions.refresh()) === 'failed')
    throw new Error('OFAC snapshot did not load');
  const app = await createApp(modules.http);
  await app.ready();
  return {
    app,
    platform,
    modules,
    config,
    clock,
    rootKey,
    engine,
    async close() {
      await app.close();
      await modules.close();
      await platform.close();
      await server?.drop();
    },
  };
}

/**
 * A component's readiness once its background start-up has finished. A check can give up on a slow
 * component before the component itself has finished failing, so tests wait for the final state.
 */
export async function settledComponent(
  t: TestContext,
  component: string,
): Promise<{ status: string; detail?: string }> {
  return vi.waitFor(
    async () => {
      const ready = (
        await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })
      ).json();
      const state = ready.components[component] as { status: string; detail?: string };
      if (state.detail && STARTING_UP_DETAILS.has(state.detail))
        throw new Error(`${component} still starting`);
      return state;
    },
    { timeout: 60_000, interval: 100 },
  );
}
