import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker thread's script is, beside the module that starts it, and the flags it needs. From
 * the build (dist/, plain JavaScript) the worker is the `.js` beside it and runs on plain Node; from
 * the sources (tsx in development, vitest in tests) it is the `.ts` and needs tsx's loader, which a
 * worker thread does not get from a vitest fork. tsx is a dev dependency, so it is resolved only then.
 */
export function workerScript(moduleUrl: string, name: string): { filename: string; execArgv: string[] } {
  const execArgv = process.execArgv.filter((argument) => !PROCESS_WIDE_HEAP_FLAG.test(argument));
  if (!moduleUrl.endsWith('.ts')) return { filename: new URL(`./${name}.js`, moduleUrl).href, execArgv };
  const hasTsx = execArgv.some((argument) => argument.includes('tsx'));
  const tsxLoader = () => pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return {
    filename: new URL(`./${name}.ts`, moduleUrl).href,
    execArgv: hasTsx ? execArgv : [...execArgv, '--import', tsxLoader()],
  };
}

/**
 * V8 heap limits a worker thread refuses in its execArgv (`npm start` passes `--max-old-space-size`);
 * given on the process's command line, they already apply to its worker threads' heaps.
 */
const PROCESS_WIDE_HEAP_FLAG = /^--max-(old|semi)-space-size(=|$)/;

/**
 * How much lower than the process's main thread a model or decoding worker thread runs (a nice
 * value). The main thread answers HTTP requests and drives the queue; a worker thread's image is
 * never waited on by a client the way a status read is, so when the cores are saturated the kernel
 * serves the main thread first and the workers take what is left.
 */
const WORKER_THREAD_NICE = 10;

/**
 * Lowers the calling worker thread's scheduling priority. Linux gives each thread its own nice value
 * and names the calling thread's id in /proc/thread-self; elsewhere (or where the kernel refuses)
 * the thread keeps the process's priority.
 */
export function runBelowMainThread(): void {
  try {
    const threadId = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    os.setPriority(threadId, Math.min(19, os.getPriority(process.pid) + WORKER_THREAD_NICE));
  } catch {
    // Not Linux, or not permitted: the thread runs at the process's priority, as it did before.
  }
}
