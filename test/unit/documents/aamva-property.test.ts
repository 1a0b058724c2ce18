import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAamva } from '../../../src/core/documents/aamva/parse.js';
import { IIN_TABLE } from '../../../src/core/documents/aamva/iin-table.js';
import type { ToleratedDeviation } from '../../../src/core/documents/aamva/types.js';
import {
  cardArbitrary,
  countryOf,
  encodeCard,
  normaliseCard,
  variants,
  type Card,
} from './aamva-arbitraries.js';

function expectTotal(input: unknown): void {
  const result = parseAamva(input);
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) expect(result.error).not.toBe('internal_error');
}

/** Strings that look enough like AAMVA to reach the deeper code paths. */
const aamvaLike = fc
  .tuple(
    fc.constantFrom('', ' ', '\ufeff', 'x@'),
    fc.constantFrom('@\n\u001e\r', '@\n\r', '@\r\n\u001e\r\n', '@|\u001e|', '@', '@\n\u001e\n'),
    fc.constantFrom('ANSI ', 'AAMVA', 'ANSI'),
    fc.stringMatching(/^[0-9A-Z]{0,14}/),
    fc.array(fc.tuple(fc.constantFrom('DL', 'ID', 'ZV', 'QQ'), fc.stringMatching(/^[0-9a-z]{0,8}$/)), {
      maxLength: 3,
    }),
    fc.array(
      fc.tuple(
        fc.stringMatching(/^[A-Z]{0,4}$/),
        fc.string({ maxLength: 12 }),
        fc.constantFrom('\n', '\r', '\r\n', '|', ''),
      ),
      {
        maxLength: 12,
      },
    ),
  )
  .map(
    ([junk, preamble, fileType, header, designators, elements]) =>
      junk +
      preamble +
      fileType +
      header +
      designators.map(([t, d]) => t + d).join('') +
      elements.map(([id, v, s]) => id + v + s).join(''),
  );

// Run counts keep the file near 4 s of the unit project (9,000 runs took 14.5 s under load 7); each
// run draws a fresh seed, so CI keeps exploring new inputs over time.
describe('parseAamva is total', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), expectTotal), { numRuns: 300 });
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), expectTotal), { numRuns: 500 });
  });

  it('never throws on AAMVA-like strings', () => {
    fc.assert(fc.property(aamvaLike, expectTotal), { numRuns: 800 });
  });

  it('never throws on valid payloads cut at any point or with any byte changed', () => {
    fc.assert(
      fc.property(
        cardArbitrary,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        (card, cut, at, byte) => {
          const payload = encodeCard(normaliseCard(card));
          expectTotal(payload.slice(0, cut % (payload.length + 1)));
          const i = at % payload.length;
          expectTotal(payload.slice(0, i) + String.fromCharCode(byte) + payload.slice(i + 1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects non-text input with a typed failure', () => {
    for (const input of [undefined, null, 42, {}, [], Symbol('x')]) {
      expect(parseAamva(input)).toMatchObject({ ok: false, error: 'not_text' });
    }
  });
});

function expectedOf(card: Card): Record<string, unknown> {
  return {
    iin: card.iin,
    jurisdiction: IIN_TABLE[card.iin]!.code,
    country: countryOf(card),
    aamvaVersion: card.aamvaVersion,
    jurisdictionVersion: card.aamvaVersion >= 2 ? card.jurisdictionVersion : null,
    documentType: card.documentType,
    lastName: card.lastName,
    firstName: card.firstName,
    middleName: card.middleName,
    dob: card.dob,
    expiry: card.expiry,
    issueDate: card.issueDate,
    sex: card.sex,
    licenseNumber: card.licenseNumber,
    address: {
      street1: card.street,
      street2: null,
      city: card.city,
      jurisdictionCode: IIN_TABLE[card.iin]!.code ?? 'XX',
      postalCode: card.postalCode,
    },
    missingMandatory: [],
  };
}

describe('parse(generate(card)) = card', () => {
  it('round-trips standard payloads of every version, country and subfile type', () => {
    fc.assert(
      fc.property(cardArbitrary.map(normaliseCard), (card) => {
        const result = parseAamva(encodeCard(card));
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.document).toMatchObject(expectedOf(card));
          expect(result.document.tolerated).toEqual([]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('round-trips the same payloads as raw Latin-1 bytes', () => {
    fc.assert(
      fc.property(cardArbitrary.map(normaliseCard), (card) => {
        const result = parseAamva(Buffer.from(encodeCard(card), 'latin1'));
        expect(result.ok && result.document).toMatchObject(expectedOf(card));
      }),
      { numRuns: 150 },
    );
  });

  /** The deviation each variant is reported as; bytes after the last subfile are simply not read. */
  const reported: Record<string, ToleratedDeviation | null> = {
    cr_as_lf: 'nonstandard_separators',
    crlf_everywhere: 'crlf_line_endings',
    missing_record_separator: 'missing_record_separator',
    leading_whitespace_or_bom: 'leading_bytes',
    leading_junk_before_compliance_indicator: 'leading_bytes',
    trailing_bytes: null,
    c1_control_noise: 'c1_control_characters',
    offset_off_by_one: 'offset_mismatch',
    offset_zero: 'offset_mismatch',
    offset_non_numeric: 'offset_mismatch',
    offset_beyond_end: 'offset_mismatch',
    length_wrong: 'length_mismatch',
    subfile_type_marker_omitted: 'subfile_type_marker_omitted',
  };
  for (const [name, transform] of Object.entries(variants)) {
    it(`round-trips through the tolerated variant ${name}`, () => {
      fc.assert(
        fc.property(cardArbitrary.map(normaliseCard), (card) => {
          const standard = encodeCard(card);
          const varied = transform(standard);
          expect(varied).not.toBe(standard);
          const result = parseAamva(varied);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.document).toMatchObject(expectedOf(card));
          const deviation = reported[name];
          if (deviation) expect(result.document.tolerated).toContain(deviation);
        }),
        { numRuns: 150 },
      );
    });
  }
});
