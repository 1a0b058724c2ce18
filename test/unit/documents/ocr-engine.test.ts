import { describe, expect, it } from 'vitest';
import { createOcrEngine } from '../../../src/adapters/ml/ocr-engine.js';
import { faceImage } from '../faces/face-fixtures.js';
import { untilReady } from '../../helpers/engine-ready.js';

/**
 * The front reader's pool (src/adapters/ml/inference-pool.ts): a deadline that passes while the
 * recognizer runs is answered at once, and the thread is left to finish rather than terminated,
 * which aborts the whole process under onnxruntime-node.
 */
describe('OCR engine on its worker thread', () => {
  it('a deadline passing mid-read answers unavailable at once; close waits for the read and the process carries on', async () => {
    const engine = createOcrEngine({ timeoutMs: 20 });
    try {
      expect((await untilReady(() => engine.ready())).ok).toBe(true);
      const startedAt = performance.now();
      const outcome = await engine.readFrontText(faceImage('london/london_025_neutral.jpg'), 'US');
      expect(performance.now() - startedAt).toBeLessThan(1_000);
      expect(outcome).toEqual({ status: 'unavailable', error: 'front reading timed out after 20 ms' });
    } finally {
      await engine.close();
    }
    expect(await engine.ready()).toEqual({ ok: false, error: 'OCR engine is closed' });
  });
});
