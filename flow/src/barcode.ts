/** Main-thread side of the PDF417 worker: one decode in flight at a time, started on first use. */
import type { DecodeRequest, DecodeResponse } from './barcode-worker.js';

declare const __IDV_BARCODE_WORKER__: string;

export interface BarcodeReader {
  /** Resolves with the PDF417 text, or null when none was read. */
  decode(image: ImageData | Blob): Promise<string | null>;
  readonly busy: boolean;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (text: string | null) => void>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL(__IDV_BARCODE_WORKER__, import.meta.url));
    worker.addEventListener('message', (event: MessageEvent<DecodeResponse>) => {
      const resolve = pending.get(event.data.id);
      pending.delete(event.data.id);
      resolve?.(event.data.text);
    });
    worker.addEventListener('error', () => {
      for (const resolve of pending.values()) resolve(null);
      pending.clear();
      worker = undefined;
    });
  }
  return worker;
}

/** Starts the worker (and with it the wasm download) ahead of the document-back step. */
export function warmUpBarcodeReader(): void {
  getWorker();
}

export const barcodeReader: BarcodeReader = {
  decode(image) {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      const request: DecodeRequest = { id, image };
      getWorker().postMessage(request, image instanceof ImageData ? [image.data.buffer] : []);
    });
  },
  get busy() {
    return pending.size > 0;
  },
};
