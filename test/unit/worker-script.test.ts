import { once } from 'node:events';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { afterEach, describe, expect, it } from 'vitest';
import { workerScript } from '../../src/adapters/worker-script.js';

const niceOfThisThread = () =>
  Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

describe('worker threads started from the process flags', () => {
  const saved = [...process.execArgv];
  afterEach(() => void process.execArgv.splice(0, process.execArgv.length, ...saved));

  it('leave out the heap ceiling `npm start` gives the process, which a worker refuses and gets anyway', async () => {
    process.execArgv.push('--max-old-space-size=512');
    const { execArgv } = workerScript('file:///service/dist/src/adapters/ml/face-engine.js', 'face-worker');
    expect(execArgv).not.toContain('--max-old-space-size=512');
    expect(execArgv).toEqual(saved);
    const worker = new Worker("require('node:worker_threads').parentPort.postMessage('started')", {
      eval: true,
      execArgv,
    });
    expect(await once(worker, 'message')).toEqual(['started']);
    await worker.terminate();
    // The same flags unfiltered: the worker does not start.
    expect(
      () => new Worker('0', { eval: true, execArgv: [...execArgv, '--max-old-space-size=512'] }),
    ).toThrow(/invalid execArgv/);
  });

  it('run model work below the main thread, which keeps its own priority', async () => {
    const mainBefore = niceOfThisThread();
    const { filename, execArgv } = workerScript(import.meta.url, 'worker-threads/nice-worker');
    const pool = new Piscina<void, { before: number; after: number }>({ filename, execArgv, maxThreads: 1 });
    const reported = await pool.run();
    await pool.destroy();
    expect(reported.before).toBe(mainBefore);
    expect(reported.after).toBe(Math.min(19, mainBefore + 10));
    expect(niceOfThisThread()).toBe(mainBefore);
  });
});
