import fs from 'node:fs';
import os from 'node:os';

/**
 * PGlite has no lock of its own: a second process opening the same directory (the CLI beside the
 * running service) runs a second PostgreSQL on the same files, and what it writes is lost or corrupts
 * them. This lock file, created exclusively beside the directory, names its holder; a holder that no
 * longer runs on this host (crash, SIGKILL, a container restarted as the same pid) leaves a stale file
 * that the next opener replaces.
 */
export class DataDirectoryInUseError extends Error {}

type Holder = { pid: number; host: string; since: string; command: string };

/** Lock files this process holds: its own pid in a file it does not hold is a previous incarnation's. */
const held = new Set<string>();

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder that is gone: on this host, and either not running or this very process's pid (reused). */
function stale(file: string, holder: Holder | null): boolean {
  if (!holder) return true;
  if (holder.host !== os.hostname()) return false;
  return holder.pid === process.pid ? !held.has(file) : !running(holder.pid);
}

/** Takes the lock on `dir` (its file is `<dir>.lock`) or throws DataDirectoryInUseError; returns its release. */
export function lockDataDirectory(dir: string): () => void {
  const file = `${dir}.lock`;
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o600 });
      held.add(file);
      return () => {
        held.delete(file);
        if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (!stale(file, holder)) {
      throw new DataDirectoryInUseError(
        `the embedded database in ${dir} is in use by process ${holder!.pid} on ${holder!.host} (since ${holder!.since}: ${holder!.command}). ` +
          'Two processes on one PGlite directory lose data: stop that process first, or use its HTTP API ' +
          '(POST /v1/keys creates keys) instead of a second process. If it is not running, delete ' +
          `${file} and try again.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirectoryInUseError(`could not take the lock ${file}: another process took it first`);
}
