import { checkDigit } from '../../src/core/documents/mrz/layout.js';

/**
 * Machine-readable zones built from a holder's data with every check digit computed (Doc 9303 parts
 * 4 and 5): what the evaluation set prints and what the unit tests read back.
 */
export type MrzHolder = {
  documentCode: string;
  issuingState: string;
  /** Already transliterated to A–Z, spaces between words. */
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  /** YYMMDD */
  birthDate: string;
  sex: 'M' | 'F' | 'X';
  /** YYMMDD */
  expiryDate: string;
  optionalData?: string;
};

const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);
const field = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
const digit = (text: string) => String(checkDigit(text));
const sexOf = (sex: MrzHolder['sex']) => (sex === 'X' ? '<' : sex);

/** The name field: surname `<<` given names, spaces and hyphens as `<`, cut to `length`. */
export const nameField = (h: MrzHolder, length: number) =>
  pad(`${field(h.surname)}<<${field(h.givenNames)}`, length);

export function td3Lines(h: MrzHolder): string[] {
  const number = pad(field(h.documentNumber), 9);
  const optional = pad(field(h.optionalData ?? ''), 14);
  const optionalDigit = /^<+$/.test(optional) ? '<' : digit(optional);
  const numberPart = `${number}${digit(number)}`;
  const birth = `${h.birthDate}${digit(h.birthDate)}`;
  const expiry = `${h.expiryDate}${digit(h.expiryDate)}`;
  const composite = digit(`${numberPart}${birth}${expiry}${optional}${optionalDigit}`);
  return [
    pad(`${pad(h.documentCode, 2)}${pad(h.issuingState, 3)}${nameField(h, 39)}`, 44),
    `${numberPart}${pad(h.nationality, 3)}${birth}${sexOf(h.sex)}${expiry}${optional}${optionalDigit}${composite}`,
  ];
}

export function td1Lines(h: MrzHolder): string[] {
  const number = pad(field(h.documentNumber), 9);
  const optional1 = pad(field(h.optionalData ?? ''), 15);
  const line1 = `${pad(h.documentCode, 2)}${pad(h.issuingState, 3)}${number}${digit(number)}${optional1}`;
  const birth = `${h.birthDate}${digit(h.birthDate)}`;
  const expiry = `${h.expiryDate}${digit(h.expiryDate)}`;
  const optional2 = pad('', 11);
  const composite = digit(`${line1.slice(5, 30)}${birth}${expiry}${optional2}`);
  return [
    line1,
    `${birth}${sexOf(h.sex)}${expiry}${pad(h.nationality, 3)}${optional2}${composite}`,
    pad(nameField(h, 30), 30),
  ];
}

export function td2Lines(h: MrzHolder): string[] {
  const number = pad(field(h.documentNumber), 9);
  const optional = pad(field(h.optionalData ?? ''), 7);
  const numberPart = `${number}${digit(number)}`;
  const birth = `${h.birthDate}${digit(h.birthDate)}`;
  const expiry = `${h.expiryDate}${digit(h.expiryDate)}`;
  const composite = digit(`${numberPart}${birth}${expiry}${optional}`);
  return [
    pad(`${pad(h.documentCode, 2)}${pad(h.issuingState, 3)}${nameField(h, 31)}`, 36),
    `${numberPart}${pad(h.nationality, 3)}${birth}${sexOf(h.sex)}${expiry}${optional}${composite}`,
  ];
}
