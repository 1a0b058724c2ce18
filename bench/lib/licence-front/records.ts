import type { SyntheticRecord } from '../../../test/unit/documents/aamva-data.js';
import type { FrontData } from './render.js';

/** A synthetic AAMVA record with everything a front prints and a US or Canadian issuer. */
export type PrintableRecord = SyntheticRecord & {
  expected: SyntheticRecord['expected'] & {
    last_name: string;
    first_name: string;
    dob: string;
    license_number: string;
    country: 'USA' | 'CAN';
  };
};

export const printable = (r: SyntheticRecord): r is PrintableRecord =>
  r.expected.parse_ok &&
  !!r.expected.last_name &&
  !!r.expected.first_name &&
  !!r.expected.dob &&
  !!r.expected.license_number &&
  (r.expected.country === 'USA' || r.expected.country === 'CAN');

/** What the front of a record's card prints. */
export function frontDataOf(r: PrintableRecord): FrontData {
  const e = r.expected;
  return {
    lastName: e.last_name,
    firstName: e.first_name,
    middleName: e.middle_name,
    dob: e.dob,
    expiry: e.expiry,
    issueDate: e.issue_date,
    licenseNumber: e.license_number,
    jurisdiction: e.jurisdiction ?? 'XX',
    country: e.country,
    sex: e.sex,
  };
}
