import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker thread's script is, beside the module that starts it, and the flags it needs. From
 * the build (dist/, plain JavaScript) the worker is the `.js` beside it and runs on plain Node; from
 * the sources (tsx in development, vitest in tests) it is the `.ts` and needs tsx's loader, which a
 * worker thread does not get from a vitest fork. tsx is a dev dependency, so it is resolved only then.
 */
export function workerScript(moduleUrl: string, name: string): { filename: string; execArgv: string[] } {
  if (!moduleUrl.endsWith('.ts'))
    return { filename: new URL(`./${name}.js`, moduleUrl).href, execArgv: process.execArgv };
  const hasTsx = process.execArgv.some((argument) => argument.includes('tsx'));
  const tsxLoader = () => pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
  return {
    filename: new URL(`./${name}.ts`, moduleUrl).href,
    execArgv: hasTsx ? process.execArgv : [...process.execArgv, '--import', tsxLoader()],
  };
}
