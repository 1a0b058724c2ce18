import type { MessagePort } from 'node:worker_threads';
import { decodePdf417Image } from './decode-pipeline.js';
import { loadPdf417Reader, type Pdf417Read } from './zxing.js';

/**
 * piscina worker: one decode per task. zxing-wasm is loaded on the first task and kept; a load
 * failure is reported as `unavailable` rather than thrown, so the caller can tell "decoder down"
 * from "no barcode in the picture".
 */

export type DecodeTask = {
  image: Uint8Array;
  /** Time this decode may take, counted from when this thread picks the task up, not from when it was queued. */
  budgetMs: number;
  /** Told (one empty message) when this thread picks the task up, so the caller's hard stop starts then too. */
  started?: MessagePort;
  wasmPath?: string;
};

export type DecodeTaskResult =
  | { status: 'ok'; text: string; strategy: string }
  | { status: 'not_found'; attempts: number }
  | { status: 'budget_spent'; attempts: number }
  | { status: 'unavailable'; error: string };

let reader: { wasmPath: string | undefined; read: Promise<Pdf417Read> } | undefined;

function readerFor(wasmPath: string | undefined): Promise<Pdf417Read> {
  if (!reader || reader.wasmPath !== wasmPath) reader = { wasmPath, read: loadPdf417Reader(wasmPath) };
  return reader.read;
}

export default async function decodeTask(task: DecodeTask): Promise<DecodeTaskResult> {
  // Date.now() based: performance.now() has a different origin in each thread.
  const deadlineEpochMs = Date.now() + task.budgetMs;
  task.started?.postMessage(null);
  task.started?.close();
  let read: Pdf417Read;
  try {
    read = await readerFor(task.wasmPath);
  } catch (error) {
    // Forget the failure so the next task tries again: a load can fail for transient reasons too.
    reader = undefined;
    return { status: 'unavailable', error: `zxing-wasm failed to load: ${(error as Error).message}` };
  }
  const image = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
  return decodePdf417Image(image, read, deadlineEpochMs, Date.now);
}
