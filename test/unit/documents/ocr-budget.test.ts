import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOcrModels, type OcrModels } from '../../../src/adapters/ml/ocr-models.js';
import {
  MAX_RECOGNIZER_COLUMNS,
  MAX_REGIONS_READ,
  readTextLines,
  type RgbImage,
} from '../../../src/adapters/ml/ocr-text.js';

/**
 * The front reader's budgets: the recognizer runs once per detected line on the OCR pool's one thread,
 * so a crafted front (a dense grid of short words: 146 lines found, about 3 s of recognizer time on a
 * shared 2-core host) must not get a call per line.
 */
describe('licence front reading budget', () => {
  let models: OcrModels;
  let grid: RgbImage;
  beforeAll(async () => {
    models = await loadOcrModels();
    const words: string[] = [];
    for (let row = 0; row < 28; row++)
      for (let column = 0; column < 36; column++)
        words.push(
          `<text x="${Math.round(column * (1280 / 36)) + 4}" y="${Math.round(row * (800 / 28)) + 20}" font-family="sans-serif" font-size="16">K7</text>`,
        );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="white"/>${words.join('')}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg))
      .jpeg()
      .toBuffer()
      .then((jpeg) => sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
    grid = { data, width: info.width, height: info.height };
  }, 120_000);

  /** The models with a recognizer that counts its calls and the columns it was given. */
  function counting() {
    const counts = { calls: 0, columns: 0 };
    const recognizer = models.recognizer;
    const counted: OcrModels = {
      ...models,
      recognizer: {
        inputNames: recognizer.inputNames,
        outputNames: recognizer.outputNames,
        run: (feeds: Parameters<typeof recognizer.run>[0]) => {
          counts.calls += 1;
          counts.columns += feeds[recognizer.inputNames[0]!]!.dims[3]!;
          return recognizer.run(feeds);
        },
      } as OcrModels['recognizer'],
    };
    return { counted, counts };
  }

  it('reads at most 64 lines and 8,192 recognizer columns of a dense grid of words', async () => {
    const { counted, counts } = counting();
    const lines = await readTextLines(counted, grid, { detectorSide: 640 });
    expect(counts.calls).toBeGreaterThan(0);
    expect(counts.calls).toBeLessThanOrEqual(MAX_REGIONS_READ);
    expect(counts.columns).toBeLessThanOrEqual(MAX_RECOGNIZER_COLUMNS);
    expect(lines.length).toBeLessThanOrEqual(counts.calls);
  }, 120_000);

  it('reads no further line once the deadline has passed', async () => {
    const { counted, counts } = counting();
    expect(await readTextLines(counted, grid, { detectorSide: 640, deadline: performance.now() })).toEqual(
      [],
    );
    expect(counts.calls).toBe(0);
  }, 120_000);
});
