import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../helpers/test-app.js';
import { firstStartRootKey, runCli, startService, type ServiceProcess } from '../helpers/service-process.js';

const running: ServiceProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const service of running) await service.stop('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function keyWorks(url: string, apiKey: string): Promise<number> {
  return (await fetch(`${url}/v1/keys`, { headers: { 'x-api-key': apiKey } })).status;
}

function createdKey(stdout: string): string {
  return (JSON.parse(stdout) as { api_key: string }).api_key;
}

describe('the CLI next to a running service on PGlite', () => {
  // Seven processes one after another (service, three CLI runs, a refused service, a CLI run, the
  // service again), each loading PGlite: more than the default minute on a busy 2-core machine.
  it('refuses at once, names the holder, and loses nothing; after the service stops it works', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-lock-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const service = await startService({ DATA_DIR: dataDir });
    running.push(service);
    const rootKey = await firstStartRootKey(service);

    for (const args of [
      ['keys', 'create', '--label', 'beside', '--scopes', '*'],
      ['migrate'],
      ['webhooks', 'reseal'],
    ]) {
      const cli = runCli(args, { DATA_DIR: dataDir });
      expect(cli.status, `${args.join(' ')}: ${cli.stdout}`).toBe(1);
      expect(cli.stderr).toContain(`is in use by process ${service.child.pid}`);
      expect(cli.stderr).toContain('POST /v1/keys');
      expect(cli.stdout).toBe('');
    }
    // A second service on the same directory fails at once too.
    await expect(startService({ DATA_DIR: dataDir })).rejects.toThrow(/exited \(1\).*in use by process/s);
    expect(await keyWorks(service.url!, rootKey)).toBe(200);

    expect(await service.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const cli = runCli(['keys', 'create', '--label', 'after', '--scopes', '*'], { DATA_DIR: dataDir });
    expect(cli.status, cli.stderr).toBe(0);
    const again = await startService({ DATA_DIR: dataDir });
    running.push(again);
    expect(await keyWorks(again.url!, createdKey(cli.stdout))).toBe(200);
    expect(await keyWorks(again.url!, rootKey)).toBe(200);
    expect(await again.stop()).toBe(0);
  }, 150_000);

  // Two processes each loading PGlite from scratch: 32 s in one CI run on a busy 2-core machine.
  it('takes over the lock of a process that died without releasing it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-stale-lock-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const service = await startService({ DATA_DIR: dataDir });
    running.push(service);
    await service.stop('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const cli = runCli(['keys', 'create', '--label', 'after-crash', '--scopes', '*'], { DATA_DIR: dataDir });
    expect(cli.status, cli.stderr).toBe(0);
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('the CLI next to a running service on PostgreSQL', () => {
  it('writes through its own transaction; the running service accepts the new key at once', async () => {
    const server = await createServerDatabase();
    cleanups.push(() => server.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-pg-cli-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: server.url,
      DATA_ENCRYPTION_KEY: 'c'.repeat(64),
      WEBHOOK_SECRET_KEY: 'd'.repeat(64),
    };
    const service = await startService(env);
    running.push(service);
    const cli = runCli(['keys', 'create', '--label', 'beside', '--scopes', '*'], env);
    expect(cli.status, cli.stderr).toBe(0);
    expect(await keyWorks(service.url!, createdKey(cli.stdout))).toBe(200);
    expect(runCli(['migrate'], env).stdout).toContain('database is up to date');
    expect(await service.stop()).toBe(0);
  });
});
