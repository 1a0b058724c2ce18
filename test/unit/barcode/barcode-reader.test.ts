import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBarcodeReader, type BarcodeReader } from '../../../src/adapters/barcode/barcode-reader.js';
import {
  degradedBarcodeSet,
  degradedSetPayloads,
  type DegradedSample,
} from '../../helpers/barcode-images.js';
import { sharedDataPath } from '../../helpers/shared-data.js';
import { syntheticRecords } from '../documents/aamva-data.js';

const manifest = JSON.parse(
  fs.readFileSync(sharedDataPath('aamva', 'barcodes', 'manifest.json'), 'utf8'),
) as {
  file: string;
  id: string;
}[];
const payloadById = new Map(syntheticRecords().map((r) => [r.id, r.payload]));

describe('server PDF417 reader', () => {
  let reader: BarcodeReader;
  let degraded: DegradedSample[];

  beforeAll(async () => {
    reader = createBarcodeReader({ threads: 2, timeoutMs: 3000 });
    expect(await reader.warmUp()).toEqual({ status: 'ok' });
    degraded = await degradedBarcodeSet(degradedSetPayloads(40));
  });

  afterAll(async () => {
    await reader.close();
  });

  it('decodes the 18 clean renders byte-exact', async () => {
    expect(manifest).toHaveLength(18);
    const results = await Promise.all(
      manifest.map((m) => reader.decode(fs.readFileSync(sharedDataPath('aamva', 'barcodes', m.file)))),
    );
    results.forEach((result, i) => {
      expect(result, manifest[i]!.file).toMatchObject({
        status: 'ok',
        text: payloadById.get(manifest[i]!.id),
      });
    });
  });

  it('reads at least 95% of the degraded photo stand-ins byte-exact (tilt up to 20°, blur, JPEG 40, card, glare)', async () => {
    expect(degraded).toHaveLength(40);
    expect(Math.max(...degraded.map((s) => Math.abs(s.degradation.angleDeg)))).toBeGreaterThan(15);
    let read = 0;
    for (const sample of degraded) {
      const result = await reader.decode(sample.image);
      if (result.status === 'ok' && result.text === sample.payload) read++;
      if (result.status === 'ok') expect(result.text).toBe(sample.payload);
    }
    expect(read / degraded.length).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it('reports not_found for a picture without a barcode and for bytes that are not an image', async () => {
    const card = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d9e2ea' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect x="60" y="60" width="500" height="30" fill="#333"/><circle cx="700" cy="300" r="120" fill="#8a6"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    expect(await reader.decode(card)).toMatchObject({ status: 'not_found' });
    expect(await reader.decode(Buffer.from('definitely not an image'))).toMatchObject({
      status: 'not_found',
    });
  });

  it('reports unavailable when the time budget is spent', async () => {
    const hurried = createBarcodeReader({ threads: 1, timeoutMs: 1 });
    try {
      const result = await hurried.decode(degraded[0]!.image);
      expect(result.status).toBe('unavailable');
    } finally {
      await hurried.close();
    }
  });
});

describe('server PDF417 reader under a burst', () => {
  it('counts only the time a thread spends on a decode, not the wait for the thread', async () => {
    const image = fs.readFileSync(sharedDataPath('aamva', 'barcodes', manifest[0]!.file));
    const probe = createBarcodeReader({ threads: 1, timeoutMs: 10_000 });
    const durations: number[] = [];
    try {
      expect(await probe.warmUp()).toEqual({ status: 'ok' });
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect(await probe.decode(image)).toMatchObject({ status: 'ok' });
        durations.push(performance.now() - started);
      }
    } finally {
      await probe.close();
    }
    // A budget of several decodes, and a burst that queues many budgets' worth on one thread.
    const oneDecodeMs = durations.sort((a, b) => a - b)[1]!;
    const budgetMs = Math.max(200, Math.ceil(6 * oneDecodeMs));
    const burst = Math.ceil((4 * budgetMs) / oneDecodeMs);
    const reader = createBarcodeReader({ threads: 1, timeoutMs: budgetMs });
    try {
      expect(await reader.warmUp()).toEqual({ status: 'ok' });
      const results = await Promise.all(Array.from({ length: burst }, () => reader.decode(image)));
      expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
    } finally {
      await reader.close();
    }
  }, 120_000);
});

describe('server PDF417 reader without its wasm', () => {
  it('reports unavailable, not not_found, when zxing-wasm fails to load', async () => {
    const broken = createBarcodeReader({
      threads: 1,
      timeoutMs: 3000,
      wasmPath: '/nonexistent/zxing_reader.wasm',
    });
    try {
      const image = fs.readFileSync(sharedDataPath('aamva', 'barcodes', manifest[0]!.file));
      const result = await broken.decode(image);
      expect(result.status).toBe('unavailable');
      if (result.status === 'unavailable') expect(result.error).toMatch(/zxing-wasm failed to load/);
    } finally {
      await broken.close();
    }
  });

  it('reports unavailable after close', async () => {
    const closed = createBarcodeReader({ threads: 1, timeoutMs: 3000 });
    await closed.close();
    expect(await closed.decode(Buffer.alloc(10))).toEqual({
      status: 'unavailable',
      error: 'barcode reader is closed',
    });
  });
});
