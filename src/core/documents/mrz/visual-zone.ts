import { type FrontField, type OcrLine, readFrontFields } from '../front-fields.js';
import type { VisualZoneField, VisualZoneFields } from './types.js';

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
  return {
    surname: field(fields.lastName),
    givenNames: field(fields.givenNames),
    birthDate: field(fields.dob),
    documentNumber: field(fields.licenseNumber),
    expiryDate: field(fields.expiry),
  };
}
