import { describe, expect, it } from 'vitest';
import { createTestSamples } from '../../src/adapters/test-samples/test-samples.js';
import { sniffImage } from '../../src/core/verifications/uploads.js';
import { TEST_SAMPLE_KINDS } from '../../src/ports/test-samples.js';

describe('test-mode sample images', () => {
  // A kind offered without its file would fail in a merchant's sandbox: it fails here first.
  it.each(TEST_SAMPLE_KINDS)('%s is shipped, and is the image type it is served as', async (kind) => {
    const sample = await createTestSamples().load(kind);
    expect(sample.bytes.length).toBeGreaterThan(1000);
    expect(sniffImage(sample.bytes)).toBe(sample.contentType);
  });
});
