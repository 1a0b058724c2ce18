import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { workerScript } from '../worker-script.js';
import type { DecodeTask, DecodeTaskResult } from './decode-worker.js';

/**
 * Server-side PDF417 reading in a worker-thread pool, so a decode (tens of ms, up to the time
 * budget on a photo without a barcode) never blocks the event loop.
 */

export type BarcodeDecodeResult =
  | { status: 'ok'; text: string; durationMs: number; strategy: string }
  | { status: 'not_found'; durationMs: number }
  | { status: 'unavailable'; error: string };

export type BarcodeReader = {
  decode(image: Buffer): Promise<BarcodeDecodeResult>;
  /**
   * Loads zxing-wasm in the pool's threads. Optional; without it the first decode of each thread
   * also pays thread start-up and the wasm compile (1.2 s measured under load), which can exceed a
   * tight time budget. Resolves to the load error, if any, so start-up can log it.
   */
  warmUp(): Promise<{ status: 'ok' } | { status: 'unavailable'; error: string }>;
  close(): Promise<void>;
};

export type BarcodeReaderOptions = {
  threads: number;
  /**
   * Time budget per decode once a thread runs it; past it the result is `unavailable`. Waiting for a
   * thread does not count: a burst of uploads is busy, not broken (the image work queue bounds that wait).
   */
  timeoutMs: number;
  /** Where zxing_reader.wasm is read from; defaults to the copy inside the zxing-wasm package. */
  wasmPath?: string;
};

/**
 * One zxing attempt can overrun the worker's own deadline (about 100 ms on a large crop under
 * load), so the hard stop, which terminates the thread, waits this much longer.
 */
const hardStopGraceMs = 500;

export function createBarcodeReader(options: BarcodeReaderOptions): BarcodeReader {
  const { filename, execArgv } = workerScript(import.meta.url, 'decode-worker');
  const pool = new Piscina<DecodeTask, DecodeTaskResult>({
    filename,
    execArgv,
    minThreads: options.threads,
    maxThreads: options.threads,
  });
  let closed = false;

  return {
    async decode(image) {
      if (closed) return { status: 'unavailable', error: 'barcode reader is closed' };
      const started = performance.now();
      const controller = new AbortController();
      const pickedUp = new MessageChannel();
      let timer: NodeJS.Timeout | undefined;
      pickedUp.port1.once('message', () => {
        timer = setTimeout(() => controller.abort(), options.timeoutMs + hardStopGraceMs);
      });
      try {
        const task: DecodeTask = {
          image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength),
          budgetMs: options.timeoutMs,
          started: pickedUp.port2,
          ...(options.wasmPath ? { wasmPath: options.wasmPath } : {}),
        };
        const result = await pool.run(task, { signal: controller.signal, transferList: [pickedUp.port2] });
        const durationMs = Math.round((performance.now() - started) * 10) / 10;
        switch (result.status) {
          case 'ok':
            return { status: 'ok', text: result.text, durationMs, strategy: result.strategy };
          case 'not_found':
            return { status: 'not_found', durationMs };
          case 'budget_spent':
            return {
              status: 'unavailable',
              error: `time budget of ${options.timeoutMs} ms spent after ${result.attempts} attempts`,
            };
          case 'unavailable':
            return result;
        }
      } catch (error) {
        if (controller.signal.aborted)
          return { status: 'unavailable', error: `decode timed out after ${options.timeoutMs} ms` };
        return { status: 'unavailable', error: `barcode worker failed: ${(error as Error).message}` };
      } finally {
        clearTimeout(timer);
        pickedUp.port1.close();
      }
    },
    async warmUp() {
      const results = await Promise.all(
        Array.from({ length: options.threads }, () =>
          pool
            .run({
              image: new Uint8Array(0),
              budgetMs: 60_000,
              ...(options.wasmPath ? { wasmPath: options.wasmPath } : {}),
            })
            .catch((error: Error): DecodeTaskResult => ({ status: 'unavailable', error: error.message })),
        ),
      );
      const failed = results.find((r) => r.status === 'unavailable');
      return failed ?? { status: 'ok' };
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
