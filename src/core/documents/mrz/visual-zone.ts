import { foldText } from '../../screening/normalize-name.js';
import { type FrontField, type OcrLine, editDistance, readFrontFields } from '../front-fields.js';
import type { VisualZoneField, VisualZoneFields } from './types.js';

/** The page's long labels, which a blurred read misspells past the label parser's one edit. */
const LONG_LABELS = [
  'NATIONALITY',
  'NATIONALITE',
  'GIVEN NAMES',
  'SURNAME',
  'PRENOMS',
  'DATE OF BIRTH',
  'DATE OF EXPIRY',
  'DATE OF ISSUE',
  'PLACE OF BIRTH',
  'AUTHORITY',
  'PASSPORT',
  'DOCUMENT NO',
];

/**
 * A name value that is a label misread by two characters (`NATONALTY` taken for the given names
 * where their own line was lost): no name.
 */
const misreadLabel = (value: string) => {
  const form = foldText(value)
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();
  return LONG_LABELS.some((label) => editDistance(form, label) <= 2);
};

/**
 * A passport data page's or identity card's printed fields, read as a licence front's are: by their
 * labels (`Surname / Nom`, `Given names / Prénoms`, `Date of birth / Date de naissance`,
 * `Passport No. / No du passeport`, `Date of expiry`…), by position where a label was lost, dates as
 * printed (`12 JAN 1985`, `12.01.1985`, both orders kept where the print does not settle it). No
 * country orders the dates: the page's issuer is what the zone says, and its print is compared in
 * either order.
 */
export function readVisualZone(lines: readonly OcrLine[]): VisualZoneFields {
  const fields = readFrontFields(lines, null);
  const field = (read: FrontField | null): VisualZoneField =>
    read
      ? {
          value: read.value,
          confidence: read.confidence,
          ...(read.readings ? { readings: read.readings } : {}),
        }
      : { value: null, confidence: 0 };
  const name = (read: FrontField | null) => field(read && !misreadLabel(read.value) ? read : null);
  return {
    surname: name(fields.lastName),
    givenNames: name(fields.givenNames),
    birthDate: field(fields.dob),
    documentNumber: field(fields.licenseNumber),
    expiryDate: field(fields.expiry),
  };
}
