import { createRequire } from 'node:module';
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
