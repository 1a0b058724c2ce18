import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-modes-'));

function runCli(args: string[], dataDir: string) {
  // The shell's usual umask (022) would leave files 644: the service must not depend on it. The built
  // CLI, as a production tree runs it (service-process.ts).
  const result = spawnSync(
    'sh',
    [
      '-c',
      `umask 022 && exec "$0" "$@"`,
      process.execPath,
      path.join(repoRoot, 'dist/src/cli/index.js'),
      ...args,
    ],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        ML_DISABLED: '1',
        LOG_LEVEL: 'warn',
        SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-test',
      },
    },
  );
  expect(result.status, result.stderr).toBe(0);
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

describe('a fresh DATA_DIR', () => {
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('is created 0700 with every file 0600 (database, generated keys), whatever the umask', () => {
    const dataDir = path.join(parent, 'fresh');
    runCli(['migrate'], dataDir);
    runCli(['keys', 'create', '--label', 'modes', '--scopes', 'keys:read'], dataDir);

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = walk(dataDir);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries).toEqual(
      expect.arrayContaining([
        path.join(dataDir, 'webhook-secret.key'),
        path.join(dataDir, 'media-signing.key'),
      ]),
    );
    const readableByOthers = entries.filter((file) => (fs.statSync(file).mode & 0o077) !== 0);
    expect(readableByOthers).toEqual([]);
  });

  it('tightens an existing DATA_DIR made with wider modes by an earlier version', () => {
    const dataDir = path.join(parent, 'upgraded');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    runCli(['migrate'], dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
