import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { workerScript } from '../../src/adapters/worker-script.js';

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
});
