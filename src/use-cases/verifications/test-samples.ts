import { ApiError } from '../../core/errors.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { TestSampleKind, TestSamples } from '../../ports/test-samples.js';

/** A sample image for the hosted flow's "use a sample image"; a live verification has none (404). */
export async function testSample(
  samples: TestSamples,
  verification: Verification,
  kind: TestSampleKind,
): Promise<{ contentType: string; bytes: Buffer }> {
  if (verification.mode !== 'test') throw new ApiError('test_sample_not_found');
  return samples.load(kind);
}
