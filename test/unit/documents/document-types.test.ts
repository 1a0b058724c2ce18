import { describe, expect, it } from 'vitest';
import { checkMrzDocumentImages, type MrzRead } from '../../../src/checks/document-mrz.js';
import { remainingSteps, statusReachedBy } from '../../../src/core/documents/document-types.js';
import type { MrzResult } from '../../../src/core/documents/mrz/types.js';
import type { MrzReader } from '../../../src/ports/check-engines.js';

const today = new Date('2026-11-01T12:00:00Z');
const front = Buffer.from('front');
const back = Buffer.from('back');
const reader: MrzReader = { readMrz: async () => ({ status: 'not_found', durationMs: 1 }) };

const zone: MrzResult = {
  format: 'TD1',
  documentCode: 'ID',
  issuingState: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'D23145890',
  nationality: 'UTO',
  birthDate: '1974-08-12',
  sex: 'F',
  expiryDate: '2032-04-15',
  optionalData: null,
  checkDigits: {
    documentNumber: true,
    birthDate: true,
    expiryDate: true,
    optionalData: null,
    composite: true,
  },
  valid: true,
  confidence: 0.95,
};

const notCompared = { read: null, mrz: null, agrees: null, confidence: null };
const noVisualZone = {
  surname: notCompared,
  givenNames: notCompared,
  birthDate: notCompared,
  documentNumber: notCompared,
  expiryDate: notCompared,
};

const readOk: MrzRead = {
  reasons: [],
  detail: {
    status: 'read',
    models: [],
    durationMs: 5,
    ...zone,
    namesTruncated: false,
    corrections: 0,
    visualZone: { fields: noVisualZone, mismatched: [], minConfidence: 0.9 },
    expired: false,
  },
  identity: {
    lastName: 'ERIKSSON',
    firstName: 'ANNA',
    middleName: 'MARIA',
    nameSuffix: null,
    dob: '1974-08-12',
    sex: 'F',
  },
};
const unreadable: MrzRead = {
  reasons: ['mrz_unreadable'],
  detail: { status: 'unreadable', reason: 'no_zone_found' },
  identity: null,
};

/** A read that answers per image and records which it was asked for. */
function reads(answers: Map<Buffer | null, MrzRead>) {
  const asked: (string | null)[] = [];
  const read = async (_: MrzReader | null, image: Buffer | null): Promise<MrzRead> => {
    asked.push(image?.toString() ?? null);
    return (
      answers.get(image) ?? {
        reasons: [],
        detail: { status: 'not_compared', reason: 'no_document_image' },
        identity: null,
      }
    );
  };
  return { read, asked };
}

describe('document types', () => {
  it('a passport skips the back; a licence and an ID card have one', () => {
    expect(statusReachedBy('passport', 'front')).toBe('selfie');
    expect(statusReachedBy('id_card', 'front')).toBe('doc_back');
    expect(statusReachedBy('drivers_license', 'back')).toBe('selfie');
    expect(remainingSteps('passport', { front: false, back: false, selfie: false })).toEqual([
      'doc_front',
      'selfie',
    ]);
    expect(remainingSteps(null, { front: true, back: false, selfie: false })).toEqual(['doc_back', 'selfie']);
    expect(remainingSteps('id_card', { front: true, back: true, selfie: true })).toEqual([]);
  });
});

describe('reading an MRZ document', () => {
  const base = { front, back, today, mrzReview: false };

  it("reads an ID card's back first and stops there when its zone is found", async () => {
    const { read, asked } = reads(new Map([[back, readOk]]));
    const run = await checkMrzDocumentImages(reader, { ...base, type: 'id_card' }, read);
    expect(asked).toEqual(['back']);
    expect(run.result).toMatchObject({
      documentType: 'id_card',
      reasons: [],
      detail: { mrzSide: 'back', expired: false },
    });
    expect(run.identity).toEqual({
      firstName: 'ANNA',
      middleName: 'MARIA',
      lastName: 'ERIKSSON',
      dob: '1974-08-12',
    });
    expect(run.origin).toEqual({ nationality: 'UTO', issuingState: 'UTO' });
  });

  it('falls back to the front when the back has no zone, and says unreadable when neither has', async () => {
    const found = reads(
      new Map([
        [back, unreadable],
        [front, readOk],
      ]),
    );
    const onFront = await checkMrzDocumentImages(reader, { ...base, type: 'id_card' }, found.read);
    expect(found.asked).toEqual(['back', 'front']);
    expect(onFront.result.detail).toMatchObject({ mrzSide: 'front' });

    const none = reads(
      new Map([
        [back, unreadable],
        [front, unreadable],
      ]),
    );
    const neither = await checkMrzDocumentImages(reader, { ...base, type: 'id_card' }, none.read);
    expect(neither.result.reasons).toEqual(['mrz_unreadable']);
    expect(neither.result.detail).toMatchObject({ mrzSide: null, mrz: { status: 'unreadable' } });
    expect(neither.origin).toBeNull();
  });

  it('reads a passport on its data page alone', async () => {
    const { read, asked } = reads(new Map([[front, readOk]]));
    await checkMrzDocumentImages(reader, { ...base, type: 'passport' }, read);
    expect(asked).toEqual(['front']);
  });

  it('a reader that cannot run, or no image, is mrz_unavailable: never a pass', async () => {
    const down: MrzRead = {
      reasons: [],
      detail: { status: 'unavailable', error: 'crashed' },
      identity: null,
    };
    const failing = reads(new Map([[front, down]]));
    const run = await checkMrzDocumentImages(reader, { ...base, type: 'passport' }, failing.read);
    expect(run.result.reasons).toEqual(['mrz_unavailable']);

    const nothing = reads(new Map());
    const noImage = await checkMrzDocumentImages(
      reader,
      { ...base, front: null, type: 'passport' },
      nothing.read,
    );
    expect(nothing.asked).toEqual([null]);
    expect(noImage.result.reasons).toEqual(['mrz_unavailable']);
  });

  it('mrz_review adds document_chip_not_read to a clean read', async () => {
    const { read } = reads(new Map([[front, readOk]]));
    const run = await checkMrzDocumentImages(reader, { ...base, mrzReview: true, type: 'passport' }, read);
    expect(run.result.reasons).toEqual(['document_chip_not_read']);
  });
});
