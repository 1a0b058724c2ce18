import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The settings every service child gets unless a test overrides them: no models, no list download. */
export const CHILD_DEFAULTS: Record<string, string> = {
  ML_DISABLED: '1',
  LOG_LEVEL: 'info',
  PORT: '0',
  SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-test',
};

export type ServiceProcess = {
  child: ChildProcess;
  /** http://127.0.0.1:port once listening (null for ROLE=worker). */
  url: string | null;
  /** Every stdout line so far (JSON log lines and the banner). */
  lines: string[];
  /** Resolves with the first line matching, from the lines so far or to come. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * The real service as its own process, from the build on plain Node as `npm start` runs it (the
 * test projects' global setup rebuilds dist/ when a source is newer; a start through tsx cost twice
 * the CPU): resolves once it listens (or, for ROLE=worker, once its worker started). `entry` and
 * `startedLine` run another script of the repository (a test's child process, through tsx when it is
 * TypeScript); `nodeFlags` go on Node's command line before it (the container's own).
 */
export async function startService(
  env: Record<string, string>,
  entry = 'dist/src/main.js',
  startedLine = /"msg":"(listening|worker started)"/,
  nodeFlags: readonly string[] = [],
): Promise<ServiceProcess> {
  // A .js entry (scripts/start.js, the built service) runs on plain Node, as in production.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, path.resolve(repoRoot, entry)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...CHILD_DEFAULTS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let stderr = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
    listeners.forEach((listener) => listener());
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLine = (pattern: RegExp, timeoutMs = 90_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = lines.find((line) => pattern.test(line));
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no line matching ${pattern} in ${timeoutMs} ms; stderr: ${stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      void exited.then((code) => {
        if (!listeners.has(check)) return;
        cleanup();
        reject(new Error(`service exited (${code}) before ${pattern}; stderr: ${stderr}`));
      });
      listeners.add(check);
      check();
    });
  const started = await waitForLine(startedLine);
  const address = started.startsWith('{') ? (JSON.parse(started) as { address?: string }).address : undefined;
  return {
    child,
    url: address ? address.replace('[::1]', '127.0.0.1') : null,
    lines,
    waitForLine,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Runs the built CLI to completion with `env`: what `bin/idv.js` runs in a production tree (in a
 * checkout it would start a second process through tsx).
 */
export function runCli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(repoRoot, 'dist/src/cli/index.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...CHILD_DEFAULTS, LOG_LEVEL: 'warn', ...env },
  });
}

/**
 * The root key a first start created: the banner names its file (`cat DATA_DIR/root-key`), which only
 * the service's user may read; the key itself is on no stdout line.
 */
export async function firstStartRootKey(service: ServiceProcess): Promise<string> {
  const file = (await service.waitForLine(/^\s+cat \S+root-key$/)).trim().slice('cat '.length);
  if ((fs.statSync(file).mode & 0o077) !== 0) throw new Error(`${file} is readable by others`);
  const rootKey = fs.readFileSync(file, 'utf8').trim();
  if (service.lines.some((line) => line.includes(rootKey))) throw new Error('the root key is on stdout');
  return rootKey;
}
