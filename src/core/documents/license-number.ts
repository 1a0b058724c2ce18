import type { AamvaDocument } from './aamva/types.js';

/**
 * Florida, Illinois and Wisconsin build the driver licence number from the holder's name, date of
 * birth and sex (Soundex-based; community-documented, published tables,
 * which cites De Smet and two independent implementations that agree value for value). A number
 * that does not recompute is a forgery indicator, never proof: the tables were never validated
 * against a real issued number, and the check is skipped where the scheme is known not to apply.
 *
 * Stored forms (no hyphens): FL `SSSS FFF YY DDD N`, IL `SSSS FFF YY DDD`, WI `SSSS FFF YY DDD NN`.
 * The first 12 characters are compared; N/NN are overflow digits that cannot be recomputed.
 */

export type LicenseNumberScheme = 'FL' | 'IL' | 'WI';

export type LicenseNumberPart = 'surname_code' | 'first_middle_code' | 'birth_year' | 'day_code' | 'format';

export type LicenseNumberCheck =
  | { status: 'not_applicable'; reason: string }
  | { status: 'skipped'; scheme: LicenseNumberScheme; reason: string }
  | { status: 'match'; scheme: LicenseNumberScheme; expectedPrefix: string }
  | {
      status: 'mismatch';
      scheme: LicenseNumberScheme;
      expectedPrefix: string;
      actual: string;
      /** Which parts of the number disagree with the recomputation. */
      disagreeing: LicenseNumberPart[];
    };

const soundexCodes: Readonly<Record<string, string>> = {
  B: '1',
  F: '1',
  P: '1',
  V: '1',
  C: '2',
  G: '2',
  J: '2',
  K: '2',
  Q: '2',
  S: '2',
  X: '2',
  Z: '2',
  D: '3',
  T: '3',
  L: '4',
  M: '5',
  N: '5',
  R: '6',
};

/**
 * American Soundex: first letter plus three digits. Equal codes next to each other collapse (the
 * first letter included); H and W do not separate them, vowels and Y do.
 */
export function soundex(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  const first = letters[0];
  if (first === undefined) return '';
  let previous = soundexCodes[first] ?? '';
  let digits = '';
  for (const letter of letters.slice(1)) {
    const code = soundexCodes[letter];
    if (code !== undefined) {
      if (code !== previous) digits += code;
      previous = code;
    } else if (letter !== 'H' && letter !== 'W') {
      previous = '';
    }
    if (digits.length === 3) break;
  }
  return (first + digits + '000').slice(0, 4);
}

/** Whole first names with their own value (DORTHY: the two implementations spell it differently). */
const firstNameValues: Readonly<Record<string, number>> = {
  ALBERT: 20,
  ALICE: 20,
  ANN: 40,
  ANNA: 40,
  ANNE: 40,
  ANNIE: 40,
  ARTHUR: 40,
  BERNARD: 80,
  BETTE: 80,
  BETTIE: 80,
  BETTY: 80,
  CARL: 120,
  CATHERINE: 120,
  CHARLES: 140,
  CLARA: 140,
  DONALD: 180,
  DOROTHY: 180,
  DORTHY: 180,
  EDWARD: 220,
  ELIZABETH: 220,
  FLORENCE: 260,
  FRANK: 260,
  GEORGE: 300,
  GRACE: 300,
  HAROLD: 340,
  HARRIET: 340,
  HARRY: 360,
  HAZEL: 360,
  HELEN: 380,
  HENRY: 380,
  JAMES: 440,
  JANE: 440,
  JAYNE: 440,
  JEAN: 460,
  JOHN: 460,
  JOAN: 480,
  JOSEPH: 480,
  MARGARET: 560,
  MARTIN: 560,
  MARVIN: 580,
  MARY: 580,
  MELVIN: 600,
  MILDRED: 600,
  PATRICIA: 680,
  PAUL: 680,
  RICHARD: 740,
  RUBY: 740,
  ROBERT: 760,
  RUTH: 760,
  THELMA: 820,
  THOMAS: 820,
  WALTER: 900,
  WANDA: 900,
  WILLIAM: 920,
  WILMA: 920,
};

const firstInitialValues: Readonly<Record<string, number>> = {
  A: 0,
  B: 60,
  C: 100,
  D: 160,
  E: 200,
  F: 240,
  G: 280,
  H: 320,
  I: 400,
  J: 420,
  K: 500,
  L: 520,
  M: 540,
  N: 620,
  O: 640,
  P: 660,
  Q: 700,
  R: 720,
  S: 780,
  T: 800,
  U: 840,
  V: 860,
  W: 880,
  X: 940,
  Y: 960,
  Z: 980,
};

const middleInitialValues: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  I: 9,
  J: 10,
  K: 11,
  L: 12,
  M: 13,
  N: 14,
  O: 14,
  P: 15,
  Q: 15,
  R: 16,
  S: 17,
  T: 18,
  U: 18,
  V: 18,
  W: 19,
  X: 19,
  Y: 19,
  Z: 19,
};

function lettersOf(name: string | null): string {
  return (name ?? '').toUpperCase().replace(/[^A-Z]/g, '');
}

/** FFF: the first name's value (whole-name table, else its initial) plus the middle initial's. */
export function firstMiddleCode(firstName: string, middleName: string | null): number {
  const first = lettersOf(firstName);
  const firstValue = firstNameValues[first] ?? firstInitialValues[first[0] ?? ''] ?? 0;
  const middleValue = middleInitialValues[lettersOf(middleName)[0] ?? ''] ?? 0;
  return firstValue + middleValue;
}

/** DDD: FL and WI (month − 1) × 40 + day, +500 if female; IL (month − 1) × 31 + day, +600 if female. */
export function dayCode(scheme: LicenseNumberScheme, month: number, day: number, sex: 'M' | 'F'): number {
  return scheme === 'IL'
    ? (month - 1) * 31 + day + (sex === 'F' ? 600 : 0)
    : (month - 1) * 40 + day + (sex === 'F' ? 500 : 0);
}

export type LicenseNumberInput = {
  lastName: string;
  firstName: string;
  middleName: string | null;
  /** ISO date. */
  dob: string;
  sex: 'M' | 'F';
};

/** The 12 characters every scheme shares: SSSS FFF YY DDD. */
export function expectedLicenseNumberPrefix(scheme: LicenseNumberScheme, input: LicenseNumberInput): string {
  const [year, month, day] = input.dob.split('-');
  const pad3 = (n: number): string => String(n).padStart(3, '0');
  return (
    soundex(input.lastName) +
    pad3(firstMiddleCode(input.firstName, input.middleName)) +
    (year ?? '').slice(2, 4) +
    pad3(dayCode(scheme, Number(month), Number(day), input.sex))
  );
}

const overflowDigits: Record<LicenseNumberScheme, number> = { FL: 1, IL: 0, WI: 2 };

const parts: { part: Exclude<LicenseNumberPart, 'format'>; from: number; to: number }[] = [
  { part: 'surname_code', from: 0, to: 4 },
  { part: 'first_middle_code', from: 4, to: 7 },
  { part: 'birth_year', from: 7, to: 9 },
  { part: 'day_code', from: 9, to: 12 },
];

/** Florida issues randomised numbers on cards issued from this date (F.S. 322.14(1)(a)). */
const floridaRandomisedFrom = '2024-07-31';

export function checkLicenseNumber(document: AamvaDocument): LicenseNumberCheck {
  const scheme = document.jurisdiction;
  if (scheme !== 'FL' && scheme !== 'IL' && scheme !== 'WI') {
    return {
      status: 'not_applicable',
      reason: 'the issuer does not derive its numbers from name and date of birth',
    };
  }
  const skip = (reason: string): LicenseNumberCheck => ({ status: 'skipped', scheme, reason });
  if (document.documentType === 'ID') return skip('identification cards use other numbering schemes');
  const { licenseNumber, lastName, firstName, middleName, dob, sex } = document;
  if (!licenseNumber || !lastName || !firstName || !dob || !sex) {
    return skip('the number, last name, first name, date of birth or sex is missing');
  }
  if (sex === 'X') return skip('sex is not specified, so the day code cannot be computed');
  if (lettersOf(lastName) === '' || lettersOf(firstName) === '')
    return skip('the name has no letters to encode');
  if (document.aamvaVersion >= 4 && !Object.hasOwn(document.elements, 'DAD')) {
    return skip('the middle-name element (DAD) is missing, so the middle initial is unknown');
  }
  if (scheme === 'FL') {
    if (!document.issueDate)
      return skip('the issue date is missing; Florida numbers issued from 2024-07-31 are random');
    if (document.issueDate >= floridaRandomisedFrom) {
      return skip('issued on or after 2024-07-31, when Florida switched to randomised numbers');
    }
  }
  const expectedPrefix = expectedLicenseNumberPrefix(scheme, { lastName, firstName, middleName, dob, sex });
  const actual = licenseNumber.toUpperCase().replace(/[\s-]/g, '');
  const disagreeing: LicenseNumberPart[] = parts
    .filter(({ from, to }) => actual.slice(from, to) !== expectedPrefix.slice(from, to))
    .map(({ part }) => part);
  const overflow = actual.slice(12);
  if (actual.length !== 12 + overflowDigits[scheme] || !/^\d*$/.test(overflow)) disagreeing.push('format');
  if (disagreeing.length === 0) return { status: 'match', scheme, expectedPrefix };
  return { status: 'mismatch', scheme, expectedPrefix, actual, disagreeing };
}
