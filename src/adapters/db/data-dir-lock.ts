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

/**
 * `started`: the holder's start time in clock ticks since boot (/proc/<pid>/stat), so that another
 * process given the same pid later is not taken for the holder; absent in files of older versions.
 */
type Holder = { pid: number; host: string; since: string; command: string; started?: number };

type ProcessStatus = { state: string; started: number };

/**
 * A process's state letter and start time from /proc/<pid>/stat; null when there is no such process,
 * undefined where /proc cannot tell (another system). The command name (field 2) may hold spaces and
 * parentheses, so fields are counted from its last `)`: state is field 3, the start time field 22.
 */
function processStatus(pid: number | 'self'): ProcessStatus | null | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    return fs.existsSync('/proc/self/stat') ? null : undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, started: Number(fields[19]) };
}

/** Lock files this process holds: its own pid in a file it does not hold is a previous incarnation's. */
const held = new Set<string>();

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

/**
 * Whether the holder still runs. A killed process answers signal 0 until its parent reaps it (a zombie,
 * `Z`, for up to a second after kill -9 under a supervisor), and its pid may since belong to another
 * process: on Linux the state and start time decide, elsewhere signal 0.
 */
function running(holder: Holder): boolean {
  const status = processStatus(holder.pid);
  if (status === null) return false;
  if (status !== undefined) {
    if (status.state === 'Z' || status.state === 'X') return false;
    return holder.started === undefined || holder.started === status.started;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder that is gone: on this host, and either not running or this very process's pid (reused). */
function stale(file: string, holder: Holder | null): boolean {
  if (!holder) return true;
  if (holder.host !== os.hostname()) return false;
  return holder.pid === process.pid ? !held.has(file) : !running(holder);
}

/** Takes the lock on `dir` (its file is `<dir>.lock`) or throws DataDirectoryInUseError; returns its release. */
export function lockDataDirectory(dir: string): () => void {
  const file = `${dir}.lock`;
  const own = processStatus('self');
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
    ...(own ? { started: own.started } : {}),
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
