import { analyzeName } from '../screening/normalize-name.js';
import {
  MISMATCH_MIN_CONFIDENCE,
  editDistance,
  type BarcodeFields,
  type FieldComparison,
  type FieldName,
  type FrontComparison,
  type FrontField,
  type FrontFields,
} from './front-fields.js';
import { AS_DIGIT, latticeDate, latticeDateProbability, latticePartDisagreement } from './printed-dates.js';

/**
 * The printed fields a front reader found, against the data they should print (a licence's barcode, a
 * passport's or identity card's zone): which agree, how surely those that do not disagree, and which
 * disagreements decide. Reading the fields is front-fields.ts; this file only compares them.
 */

/**
 * Whether the licence number read on the front agrees with the barcode's, separators and case
 * aside. Position by position the characters must be the same, or look-alikes OCR confuses (`O Q D`
 * and `0`, `I L J` and `1`, `Z` and `2`, `S` and `5`, `G` and `6`, `B` and `8`, `W` and `M`), or a letter on one
 * side where the other has a digit: the recognizer reads a printed `Z` as `7` and a `J` as `1` at
 * 0.95 and more on genuine cards, while a forger changes digits, and a digit changed into another
 * digit still differs, as does a number of another length.
 */
export function licenseNumbersAgree(read: string, barcode: string): boolean {
  const [a, b] = [numberCharacters(read), numberCharacters(barcode)];
  return a.length === b.length && !numberPairs(a, b).some((pair) => pair.differs);
}

const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/**
 * Letters the recognizer takes for one another on a blurred photo: a printed `M` read `W` at 0.96 and
 * 0.98 on two blurred genuine fronts (of 660 over eleven draws), where nothing else disagreed.
 */
const AS_LETTER: Record<string, string> = { W: 'M' };

/** A licence-number character as its comparison sees it: a look-alike as the digit or letter it passes for. */
const comparable = (ch: string) => AS_DIGIT[ch] ?? AS_LETTER[ch] ?? ch;

/** The letters and digits of a licence number, upper case: what its comparison looks at. */
const numberCharacters = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether two licence-number characters differ under `licenseNumbersAgree`'s rules. */
const charactersDiffer = (a: string, b: string) =>
  comparable(a) !== comparable(b) && isDigit(a) === isDigit(b);

/**
 * A read number of another length than the barcode's, aligned with it at the fewest changes (a
 * character read twice or split in two is one insertion, a changed character one substitution): the
 * read's characters that stand for a barcode character, with whether they differ.
 */
function alignedNumbers(
  read: string,
  barcode: string,
): { read: number; barcode: number; differs: boolean }[] {
  const cost: number[][] = Array.from({ length: read.length + 1 }, (_, i) =>
    Array.from({ length: barcode.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= read.length; i++)
    for (let j = 1; j <= barcode.length; j++)
      cost[i]![j] = Math.min(
        cost[i - 1]![j - 1]! + (charactersDiffer(read[i - 1]!, barcode[j - 1]!) ? 1 : 0),
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
      );
  const pairs: { read: number; barcode: number; differs: boolean }[] = [];
  for (let i = read.length, j = barcode.length; i > 0 && j > 0;) {
    const differs = charactersDiffer(read[i - 1]!, barcode[j - 1]!);
    if (cost[i]![j] === cost[i - 1]![j - 1]! + (differs ? 1 : 0)) {
      pairs.unshift({ read: i - 1, barcode: j - 1, differs });
      i--;
      j--;
    } else if (cost[i]![j] === cost[i - 1]![j]! + 1) i--;
    else j--;
  }
  return pairs;
}

/**
 * The read number's characters paired with the barcode's: position by position at the same length,
 * aligned at the fewest changes otherwise.
 */
function numberPairs(read: string, barcode: string): { read: number; barcode: number; differs: boolean }[] {
  return read.length === barcode.length
    ? read.split('').map((ch, i) => ({ read: i, barcode: i, differs: charactersDiffer(ch, barcode[i]!) }))
    : alignedNumbers(read, barcode);
}

/**
 * How sure a licence number read in disagreement with the barcode is to disagree: the least sure of
 * the characters that differ and of the digits read where the barcode has a digit. A doubt where a
 * letter is involved is mostly between the letter and its look-alike digit, which the comparison
 * forgives either way (a leading `Z` at 0.62 beside a changed digit read at 1.00); a doubtful digit
 * beside a sure different one says the print there was blurred, where sure misreads happen (`4` read
 * `5` at 0.95 beside a `0` at 0.54 on a genuine front). Of another length, the same over the read
 * aligned with the barcode when a digit in it differs (`WA424160564410` against `M424160560010`:
 * the `A` an extra character, the two `4` read at 0.95 where the barcode has `0`); when only
 * characters are missing or extra, the whole value's least sure character.
 */
function numberDisagreementConfidence(field: FrontField, barcode: string): number {
  const characters = field.characters;
  const read = numberCharacters(field.value);
  const printed = numberCharacters(barcode);
  if (!characters || characters.map((c) => c.character).join('') !== read) return field.confidence;
  const pairs = numberPairs(read, printed);
  if (!pairs.some((pair) => pair.differs)) return field.confidence;
  return Math.min(
    ...pairs
      .filter((pair) => pair.differs || (isDigit(read[pair.read]!) && isDigit(printed[pair.barcode]!)))
      .map((pair) => characters[pair.read]!.confidence),
  );
}

/**
 * A part of a date (its year, month or day) read otherwise than every printing of the barcode's date
 * decides alone from this probability. A forger moves the year or changes the day, and the doubt of
 * the line's other parts says nothing of that part; but one part is also where the recognizer's sure
 * misreads of blurred print land: on 1,200 blurred genuine fronts (four draws) parts were read
 * otherwise at up to 0.885 (a `9` read `5` at 0.91), on the 240 forged ones mostly above 0.95.
 */
const DATE_PART_MIN_CONFIDENCE = 0.9;

/**
 * How sure a date read in disagreement with the barcode is to disagree, when the reader gave the
 * line's lattice: a part of the likeliest reading read otherwise at DATE_PART_MIN_CONFIDENCE or more
 * (its probability, every other part free); else the chance that the line prints some other date
 * than the barcode's, but no surer than the line's own likeliest reading. A date printed otherwise
 * and read clearly is sure on both counts; on a blurred line the recognizer spreads its belief over
 * many dates (its likeliest at 0.07 to 0.25 on five genuine fronts whose barcode date it gave under
 * 0.1), which says the print is unreadable, not that it differs. Without a lattice, the read value's
 * least sure character.
 */
function dateDisagreementConfidence(field: FrontField, barcodeDate: string): number {
  if (!field.printedDate) return field.confidence;
  const { lattice, country } = field.printedDate;
  const part = latticePartDisagreement(lattice, barcodeDate, country);
  if (part !== null && part >= DATE_PART_MIN_CONFIDENCE) return part;
  const likeliest = latticeDate(lattice, country) ?? field.value;
  return Math.min(
    1 - latticeDateProbability(lattice, barcodeDate, country),
    latticeDateProbability(lattice, likeliest, country),
  );
}

/** A name's letters as the screening normalises them, spaces dropped (the OCR loses and adds spaces). */
const nameKey = (name: string) => analyzeName(name).tokens.join('');

/** Names agree within an edit distance of one per five letters (at least one): OCR noise, not another name. */
function namesAgree(read: string, barcode: string): boolean {
  const a = nameKey(read);
  const b = nameKey(barcode);
  if (a === '' || b === '') return false;
  return editDistance(a, b) <= Math.max(1, Math.floor(b.length / 5));
}

/** A date read agrees in its usual order or, when its text does not print the order, in the other. */
export const datesAgree = (read: string, barcode: string, field?: FrontField): boolean =>
  read === barcode || (field?.readings?.includes(barcode) ?? false);

/**
 * Each field against the barcode: names fuzzily (OCR noise tolerated, after the screening's
 * normalisation), dates and the licence number exactly once separators are normalised. A given-name
 * line agrees with the first name alone or with first and middle names.
 */
export function compareFront(fields: FrontFields, barcode: BarcodeFields): FrontComparison {
  const entry = (
    field: FrontField | null,
    barcodeValue: string | null,
    agree: (read: string, barcode: string, field: FrontField) => boolean,
    disagreementConfidence: (field: FrontField, barcode: string) => number = (f) => f.confidence,
  ): FieldComparison => {
    const agrees = field && barcodeValue ? agree(field.value, barcodeValue, field) : null;
    const confidence =
      agrees === false ? disagreementConfidence(field!, barcodeValue!) : (field?.confidence ?? null);
    return {
      read: field?.value ?? null,
      barcode: barcodeValue,
      agrees,
      confidence: confidence === null ? null : Math.round(confidence * 1000) / 1000,
    };
  };
  const given = [barcode.firstName, barcode.middleName].filter(Boolean).join(' ') || null;
  return {
    lastName: entry(fields.lastName, barcode.lastName, namesAgree),
    givenNames: entry(
      fields.givenNames,
      given,
      (read) =>
        namesAgree(read, given!) ||
        (barcode.firstName !== null &&
          (namesAgree(read, barcode.firstName) || namesAgree(read.split(/\s+/)[0] ?? '', barcode.firstName))),
    ),
    dob: entry(fields.dob, barcode.dob, datesAgree, dateDisagreementConfidence),
    licenseNumber: entry(
      fields.licenseNumber,
      barcode.licenseNumber,
      licenseNumbersAgree,
      numberDisagreementConfidence,
    ),
    expiry: entry(fields.expiry, barcode.expiry, datesAgree, dateDisagreementConfidence),
  };
}

/** The fields whose confident disagreement is `document_front_back_mismatch` (docs/decision-policy.md). */
export const DECISIVE_FIELDS = ['dob', 'licenseNumber'] as const satisfies readonly FieldName[];

/**
 * The decisive fields in confident disagreement (a licence number only where a digit differs); a
 * `minConfidence` other than the shipped one is for the benchmark's threshold sweep, and `fields`
 * other than the licence front's are for a passport's visual zone, which decides on more of them.
 */
export function decisiveMismatches<F extends FieldName = (typeof DECISIVE_FIELDS)[number]>(
  comparison: FrontComparison,
  minConfidence = MISMATCH_MIN_CONFIDENCE,
  fields: readonly F[] = DECISIVE_FIELDS as readonly FieldName[] as readonly F[],
): F[] {
  return fields.filter((f) => {
    const c = comparison[f];
    if (c.agrees !== false || c.confidence === null || c.confidence < minConfidence) return false;
    return f !== 'licenseNumber' || aDigitDiffers(c.read!, c.barcode!);
  });
}

/**
 * Whether a digit of the read number differs from the barcode's digit it stands for. A forger's
 * number, and another person's, differ in digits; a number that differs only by a letter (`UN…` read
 * for `UV…`) or by one character extra or missing (`MIL4128203` for `ML4128203`) is how the
 * recognizer misreads blurred print (three of six false mismatches on 600 genuine blurred fronts of
 * seven draws): shown to the reviewer as a disagreement, never decisive.
 */
function aDigitDiffers(read: string, barcode: string): boolean {
  const [a, b] = [numberCharacters(read), numberCharacters(barcode)];
  return numberPairs(a, b).some(
    (pair) => pair.differs && isDigit(a[pair.read]!) && isDigit(b[pair.barcode]!),
  );
}

/** A front is unreadable when neither decisive field could be read on it. */
export const isUnreadable = (fields: FrontFields): boolean =>
  DECISIVE_FIELDS.every((f) => fields[f] === null);
