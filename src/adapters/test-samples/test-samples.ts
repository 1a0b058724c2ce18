import fs from 'node:fs/promises';
import type { TestSampleKind, TestSamples } from '../../ports/test-samples.js';

/**
 * Drawn by test/helpers/make-test-samples.ts; the back's PDF417 is a made-up Virginia licence, the
 * passport data page and ID card carry made-up MRZs. A kind without its file fails its load (and
 * test/unit/test-samples.test.ts), never silently.
 */
const FILES: Record<TestSampleKind, { file: string; contentType: string }> = {
  document_front: { file: 'document-front.jpg', contentType: 'image/jpeg' },
  document_back: { file: 'document-back.png', contentType: 'image/png' },
  selfie: { file: 'selfie.jpg', contentType: 'image/jpeg' },
  passport_data_page: { file: 'passport-data-page.jpg', contentType: 'image/jpeg' },
  id_card_front: { file: 'id-card-front.jpg', contentType: 'image/jpeg' },
  id_card_back: { file: 'id-card-back.jpg', contentType: 'image/jpeg' },
};

/** Read once on first use and kept: six small files. */
export function createTestSamples(): TestSamples {
  const loaded = new Map<TestSampleKind, Promise<Buffer>>();
  return {
    async load(kind) {
      const { file, contentType } = FILES[kind];
      let bytes = loaded.get(kind);
      if (!bytes) {
        bytes = fs.readFile(new URL(file, import.meta.url));
        loaded.set(kind, bytes);
      }
      return { contentType, bytes: await bytes };
    },
  };
}
