import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_FACE_MAX_DISTANCE,
  DUPLICATE_FACE_SIMILARITY,
  decideFaceDedupe,
  sameIdentity,
  type FaceIdentity,
} from '../../../src/core/faces/face-dedupe.js';
import { FACE_MATCH_THRESHOLD, similarityFromDistance } from '../../../src/core/faces/face-similarity.js';

const jane: FaceIdentity = { name: 'Jane Q Doe', dob: '1990-04-12' };
const above = DUPLICATE_FACE_SIMILARITY + 0.05;
const below = DUPLICATE_FACE_SIMILARITY - 0.05;

function reasonOf(input: Parameters<typeof decideFaceDedupe>[0]): string {
  return decideFaceDedupe(input).reason;
}

describe('duplicate-face threshold', () => {
  it('is stricter than face match, and its L2 distance maps back to it', () => {
    expect(DUPLICATE_FACE_SIMILARITY).toBeGreaterThan(FACE_MATCH_THRESHOLD);
    expect(DUPLICATE_FACE_MAX_DISTANCE).toBeCloseTo(0.9075, 4);
    expect(similarityFromDistance(DUPLICATE_FACE_MAX_DISTANCE)).toBeCloseTo(DUPLICATE_FACE_SIMILARITY, 10);
  });
});

describe('decideFaceDedupe (docs/faces.md, duplicate faces)', () => {
  it('no earlier face and no list hit gives no_matches', () => {
    expect(reasonOf({ nearest: null, listed: null, current: jane })).toBe('no_matches');
  });

  it('a nearest face under the threshold gives below_threshold, whatever its identity', () => {
    const other = { name: 'John Roe', dob: '1970-01-01' };
    expect(
      reasonOf({
        nearest: { verificationId: 'v1', similarity: below, identity: other },
        listed: null,
        current: jane,
      }),
    ).toBe('below_threshold');
  });

  it('a face at exactly the threshold counts as a duplicate', () => {
    const nearest = { verificationId: 'v1', similarity: DUPLICATE_FACE_SIMILARITY, identity: jane };
    expect(reasonOf({ nearest, listed: null, current: jane })).toBe('returning_customer');
  });

  it('same identity gives returning_customer', () => {
    const nearest = {
      verificationId: 'v1',
      similarity: above,
      identity: { name: 'DOE, JANE Q', dob: '1990-04-12' },
    };
    expect(reasonOf({ nearest, listed: null, current: jane })).toBe('returning_customer');
  });

  it('a different name or date of birth gives face_duplicate_different_identity', () => {
    const otherName = {
      verificationId: 'v1',
      similarity: above,
      identity: { name: 'Joan Smith', dob: '1990-04-12' },
    };
    const otherDob = {
      verificationId: 'v2',
      similarity: above,
      identity: { name: 'Jane Q Doe', dob: '1991-04-12' },
    };
    expect(reasonOf({ nearest: otherName, listed: null, current: jane })).toBe(
      'face_duplicate_different_identity',
    );
    expect(reasonOf({ nearest: otherDob, listed: null, current: jane })).toBe(
      'face_duplicate_different_identity',
    );
  });

  it('an unknown identity on either side gives face_seen_before', () => {
    expect(
      reasonOf({
        nearest: { verificationId: 'v1', similarity: above, identity: null },
        listed: null,
        current: jane,
      }),
    ).toBe('face_seen_before');
    expect(
      reasonOf({
        nearest: { verificationId: 'v1', similarity: above, identity: jane },
        listed: null,
        current: null,
      }),
    ).toBe('face_seen_before');
  });

  it('a listed face at or above the threshold gives face_seen_before, even for a returning customer', () => {
    expect(reasonOf({ nearest: null, listed: { entryId: 'b1', similarity: above }, current: jane })).toBe(
      'face_seen_before',
    );
    const nearest = { verificationId: 'v1', similarity: above, identity: jane };
    expect(reasonOf({ nearest, listed: { entryId: 'b1', similarity: above }, current: jane })).toBe(
      'face_seen_before',
    );
  });

  it('a listed face never softens a different-identity decline', () => {
    const nearest = {
      verificationId: 'v1',
      similarity: above,
      identity: { name: 'Joan Smith', dob: '1990-04-12' },
    };
    expect(reasonOf({ nearest, listed: { entryId: 'b1', similarity: above }, current: jane })).toBe(
      'face_duplicate_different_identity',
    );
  });

  it('a listed face under the threshold is below_threshold', () => {
    expect(reasonOf({ nearest: null, listed: { entryId: 'b1', similarity: below }, current: jane })).toBe(
      'below_threshold',
    );
  });

  it('puts the threshold and the nearest hit in the detail', () => {
    const result = decideFaceDedupe({
      nearest: { verificationId: 'v9', similarity: 0.81234567, identity: null },
      listed: null,
      current: jane,
    });
    expect(result).toEqual({
      status: 'ok',
      reason: 'face_seen_before',
      detail: {
        threshold: DUPLICATE_FACE_SIMILARITY,
        nearest: { verificationId: 'v9', similarity: 0.8123, identityKnown: false },
        currentIdentityKnown: true,
      },
    });
  });
});

describe('sameIdentity', () => {
  it('ignores case, accents, punctuation and token order', () => {
    expect(
      sameIdentity(
        { name: 'José  Álvarez-Núñez', dob: '1980-01-02' },
        { name: 'ALVAREZ NUNEZ, JOSE', dob: '1980-01-02' },
      ),
    ).toBe(true);
  });

  it('accepts a middle name present on one side only', () => {
    expect(sameIdentity({ name: 'Jane Doe', dob: '1990-04-12' }, jane)).toBe(true);
  });

  it('rejects a single shared token, a different surname and a different birth date', () => {
    expect(sameIdentity({ name: 'Jane', dob: '1990-04-12' }, jane)).toBe(false);
    expect(sameIdentity({ name: 'Jane Roe', dob: '1990-04-12' }, jane)).toBe(false);
    expect(sameIdentity({ name: 'Jane Q Doe', dob: '1990-04-13' }, jane)).toBe(false);
    expect(sameIdentity({ name: '', dob: '1990-04-12' }, { name: '', dob: '1990-04-12' })).toBe(false);
  });
});
