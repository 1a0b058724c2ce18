import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../helpers/test-app.js';
import { firstStartRootKey, startService, type ServiceProcess } from '../helpers/service-process.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The command every container runs: the Dockerfile's CMD, as JSON. */
function containerCommand(): string[] {
  const line = fs
    .readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('CMD '))!;
  return JSON.parse(line.slice(4)) as string[];
}

/** compose.yaml's services by their ROLE. */
function composeRoles(): string[] {
  return [...fs.readFileSync(path.join(repoRoot, 'compose.yaml'), 'utf8').matchAll(/^\s+ROLE: (\w+)$/gm)].map(
    (m) => m[1]!,
  );
}

/**
 * compose.yaml's layout without Docker (no base image can be pulled here): the container's command
 * as processes on this machine, one ROLE=api and two ROLE=worker on a scratch PostgreSQL database and
 * Redis, with the compose file's settings (NODE_ENV=production, every key from the environment).
 */
describe.runIf(process.env.DATABASE_URL)(
  'the compose layout as processes: api + 2 workers + PostgreSQL + Redis',
  () => {
    const processes: ServiceProcess[] = [];
    let dropDatabase: () => Promise<void> = async () => {};
    let env: Record<string, string>;

    beforeAll(async () => {
      expect(containerCommand()).toEqual(['node', '--max-old-space-size=512', 'scripts/start.js']);
      // The container starts the service as `npm start` does.
      const npmStart = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts.start;
      expect(npmStart).toContain(containerCommand().join(' '));
      expect(composeRoles()).toEqual(['api', 'worker']);
      // The processes start together: build dist/ once first if it is missing or stale.
      const build = spawnSync(process.execPath, ['scripts/start.js', '--build-only'], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 300_000,
      });
      expect(build.status, build.stderr).toBe(0);
      const server = await createServerDatabase();
      dropDatabase = server.drop;
      env = {
        NODE_ENV: 'production',
        DATABASE_URL: server.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `idv:layout:${path.basename(server.url)}:`,
        DATA_ENCRYPTION_KEY: 'a'.repeat(64),
        WEBHOOK_SECRET_KEY: 'b'.repeat(64),
        MEDIA_SIGNING_KEY: 'c'.repeat(64),
        // On disk, as in the container: a first start leaves the root key there (DATA_DIR/root-key).
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'idv-layout-')),
        // The smoke test's receiver listens on 127.0.0.1, which the SSRF guard refuses otherwise.
        WEBHOOK_ALLOW_INSECURE: '1',
      };
    }, 400_000);

    afterAll(async () => {
      for (const service of processes) await service.stop();
      await dropDatabase();
      if (env?.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    });

    it('create, submit in test mode, decided by a worker, webhook delivered; SIGTERM stops every process cleanly', async () => {
      const [command, ...args] = containerCommand();
      expect(command).toBe('node');
      const entry = args.at(-1)!;
      const start = (role: string) =>
        startService({ ...env, ROLE: role }, entry, undefined, args.slice(0, -1));
      const api = await start('api');
      processes.push(api);
      const rootKey = await firstStartRootKey(api);
      const workers = await Promise.all([1, 2].map(() => start('worker')));
      processes.push(...workers);
      for (const worker of workers)
        expect(worker.lines.some((l) => /svc_[A-Za-z0-9_-]{43}/.test(l))).toBe(false);

      const smoke = spawnSync(process.execPath, ['scripts/smoke.js'], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 120_000,
        env: { PATH: process.env.PATH, BASE_URL: api.url!, API_KEY: rootKey },
      });
      expect(smoke.status, `${smoke.stdout}\n${smoke.stderr}`).toBe(0);
      const outcome = JSON.parse(smoke.stdout) as { verification_id: string; decision: string };
      expect(outcome.decision).toBe('approve');

      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query<{ worker_id: string; status: string }>(
        'SELECT worker_id, status FROM check_jobs WHERE verification_id = $1',
        [outcome.verification_id],
      );
      await client.end();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('done');
      // The api process runs no checks: one of the two workers (host:pid:random) decided it.
      const workerPids = workers.map((w) => String(w.child.pid));
      expect(workerPids).toContain(rows[0]!.worker_id.split(':')[1]);

      for (const service of processes) expect(await service.stop()).toBe(0);
    });
  },
);
