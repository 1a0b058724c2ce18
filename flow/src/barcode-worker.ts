/**
 * Dedicated worker that reads PDF417 with zxing-wasm, so decoding a camera frame (tens of ms at
 * 1280 px) never stalls the page. The wasm is served by the service next to this file: the library's
 * default locateFile points at a CDN, which the page's CSP (and the no-third-party rule) forbids.
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

declare const __IDV_ZXING_WASM__: string;

export interface DecodeRequest {
  id: number;
  image: ImageData | Blob;
}

export interface DecodeResponse {
  id: number;
  text: string | null;
  error?: string;
}

const wasmUrl = new URL(__IDV_ZXING_WASM__, self.location.href).href;

// Instantiated at worker start, so the wasm downloads while the user is still on earlier steps. A failed
// load only means no live detection: the photo can still be taken and the server reads the barcode.
prepareZXingModule({
  overrides: {
    locateFile: (file: string) => (file.endsWith('.wasm') ? wasmUrl : new URL(file, self.location.href).href),
  },
  fireImmediately: true,
}).catch(() => undefined);

self.addEventListener('message', (event: MessageEvent<DecodeRequest>) => {
  const { id, image } = event.data;
  readBarcodes(image, {
    formats: ['PDF417'],
    // Plain keeps the AAMVA control characters (LF, RS, CR) exactly; the default HRI mode rewrites them.
    textMode: 'Plain',
    tryHarder: true,
    maxNumberOfSymbols: 1,
  })
    .then((results) => {
      const hit = results.find((r) => r.isValid && r.text.length > 0);
      self.postMessage({ id, text: hit ? hit.text : null } satisfies DecodeResponse);
    })
    .catch((error: unknown) => {
      self.postMessage({ id, text: null, error: String(error) } satisfies DecodeResponse);
    });
});
