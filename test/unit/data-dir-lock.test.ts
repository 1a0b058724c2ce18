import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from '../../src/adapters/db/data-dir-lock.js';

const CHILD = path.resolve(import.meta.dirname, '../helpers/lock-holder-child.ts');

/** The state letter of a process from /proc/<pid>/stat, or null once it is gone. */
function stateOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return null;
  }
}

/** Blocks this thread (so the event loop cannot reap a child) until `done` or `ms` pass. */
function spinUntil(done: () => boolean, ms: number): void {
  const until = Date.now() + ms;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!done() && Date.now() < until) Atomics.wait(pause, 0, 0, 5);
}

describe('data-directory lock', () => {
  const folders: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-lock-unit-'));
    folders.push(dir);
    return path.join(dir, 'pglite');
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses while its holder runs, and takes over once it was killed but not yet reaped (a zombie)', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.on('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
    });
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);

    // From the kill to the lock nothing yields to the event loop, so Node cannot reap the child.
    child.kill('SIGKILL');
    spinUntil(() => stateOf(child.pid!) === 'Z', 10_000);
    expect(stateOf(child.pid!)).toBe('Z');
    const release = lockDataDirectory(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
  }, 60_000);

  it('takes over a lock whose pid now belongs to another process (started at another time)', () => {
    const dir = newDir();
    const other = process.ppid;
    expect(stateOf(other)).not.toBeNull();
    const holder = {
      pid: other,
      host: os.hostname(),
      since: new Date(0).toISOString(),
      command: 'old',
      started: 1,
    };
    fs.writeFileSync(`${dir}.lock`, `${JSON.stringify(holder)}\n`);
    const release = lockDataDirectory(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      started: expect.any(Number),
    });
    release();
  });
});
