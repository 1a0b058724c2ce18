/** The sample images test mode offers instead of the camera (docs/testing.md). */
export const TEST_SAMPLE_KINDS = [
  'document_front',
  'document_back',
  'selfie',
  'passport_data_page',
  'id_card_front',
  'id_card_back',
] as const;

export type TestSampleKind = (typeof TEST_SAMPLE_KINDS)[number];

export type TestSamples = {
  load(kind: TestSampleKind): Promise<{ contentType: string; bytes: Buffer }>;
};
