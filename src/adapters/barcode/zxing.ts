/// <reference types="emscripten" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  binarizers,
  characterSets,
  eanAddOnSymbols,
  encodeFormats,
  prepareZXingModule,
  textModes,
  type ZXingReaderModule,
} from 'zxing-wasm/reader';
import type { GreyImage } from './grey-image.js';

/**
 * zxing-wasm, loaded offline from the package's own .wasm (its default locateFile fetches from a
 * CDN, which fails without network), and called on 8-bit grey pixels directly: readBarcodes() on an
 * ImageData-like input wants RGBA and converts it back to grey in JavaScript, two passes that cost
 * about 5 ms per attempt on a 0.6 MP crop here.
 */

type ReaderOptions = Parameters<ZXingReaderModule['readBarcodesFromPixmap']>[3];

export type Pdf417Read = (image: GreyImage) => string | null;

export function defaultWasmPath(): string {
  return createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
}

function index(list: readonly string[], value: string): number {
  const i = list.indexOf(value);
  if (i < 0) throw new Error(`zxing-wasm does not know ${value}`);
  return i;
}

export async function loadPdf417Reader(wasmPath: string = defaultWasmPath()): Promise<Pdf417Read> {
  const wasmBinary = fs.readFileSync(wasmPath);
  const module = await prepareZXingModule({
    overrides: {
      wasmBinary: wasmBinary.buffer.slice(
        wasmBinary.byteOffset,
        wasmBinary.byteOffset + wasmBinary.byteLength,
      ),
    },
    fireImmediately: true,
  });
  const options: ReaderOptions = {
    formats: encodeFormats(['PDF417']),
    tryHarder: true,
    tryRotate: true,
    // Licence barcodes are dark on light; skipping the inverted pass saves about a fifth of a failed attempt.
    tryInvert: false,
    tryDownscale: true,
    tryDenoise: false,
    binarizer: index(binarizers, 'LocalAverage'),
    isPure: false,
    downscaleThreshold: 500,
    downscaleFactor: 3,
    minLineCount: 2,
    maxNumberOfSymbols: 1,
    validateOptionalChecksum: false,
    returnErrors: false,
    eanAddOnSymbol: index(eanAddOnSymbols, 'Ignore'),
    textMode: index(textModes, 'Plain'),
    characterSet: index(characterSets, 'ISO8859_1'),
    tryCode39ExtendedMode: false,
  };
  return (image) => {
    const pointer = module._malloc(image.data.length);
    if (!pointer) throw new Error(`zxing-wasm could not allocate ${image.data.length} bytes`);
    try {
      module.HEAPU8.set(image.data, pointer);
      const results = module.readBarcodesFromPixmap(pointer, image.width, image.height, options);
      const first = results.size() > 0 ? results.get(0) : undefined;
      if (!first || !first.isValid) return null;
      // Latin-1 maps each byte to the code point of the same value, so the AAMVA text is exact.
      return Buffer.from(first.bytes).toString('latin1');
    } finally {
      module._free(pointer);
    }
  };
}
