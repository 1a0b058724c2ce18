import { parse, states } from 'mrz';
import { type MrzLayout, checkHolds, checksFor, layoutFor } from './layout.js';
import type { MrzCheckDigits, MrzFormat, MrzResult } from './types.js';

/**
 * A machine-readable zone's lines as an MrzResult: the fields as the `mrz` package parses them (its
 * layouts of TD1, TD2 and TD3, a TD1's long document number included), the two-digit years given
 * their century, and every check digit's verdict.
 */

/** How far ahead an expiry date may lie: ten years is the longest validity Doc 9303 documents have, with margin. */
const EXPIRY_WINDOW_YEARS = 30;

/**
 * A `YYMMDD` as an ISO date. A birth date lies in the past (the latest century that keeps it on or
 * before `today`); an expiry date lies at most EXPIRY_WINDOW_YEARS ahead. Null when not a date.
 */
export function mrzDate(text: string, kind: 'birth' | 'expiry', today: string): string | null {
  if (!/^\d{6}$/.test(text)) return null;
  const [yy, mm, dd] = [text.slice(0, 2), text.slice(2, 4), text.slice(4, 6)];
  const currentYear = Number(today.slice(0, 4));
  const century = Math.floor(currentYear / 100) * 100;
  let year = century + Number(yy);
  if (kind === 'birth') {
    if (`${year}-${mm}-${dd}` > today) year -= 100;
  } else if (year > currentYear + EXPIRY_WINDOW_YEARS) year -= 100;
  else if (year < currentYear + EXPIRY_WINDOW_YEARS - 100) year += 100;
  const date = new Date(Date.UTC(year, Number(mm) - 1, Number(dd)));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== Number(mm) - 1 ||
    date.getUTCDate() !== Number(dd)
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a code is one Doc 9303 lists for a state or organisation (the `mrz` package's table; its
 * specimen state `UTO` too): a reader choosing among readings of an unguarded field prefers one.
 */
export const knownStateCode = (code: string): boolean => code === 'UTO' || code in states;

/** A name field's part: `<` is a space, runs of them one space. */
const nameText = (text: string) => text.replace(/<+/g, ' ').trim();

/** The primary and secondary identifiers, split at the first `<<`. */
export function mrzNames(field: string): { surname: string; givenNames: string } {
  const trimmed = field.replace(/<+$/, '');
  const split = trimmed.indexOf('<<');
  return split < 0
    ? { surname: nameText(trimmed), givenNames: '' }
    : { surname: nameText(trimmed.slice(0, split)), givenNames: nameText(trimmed.slice(split + 2)) };
}

const NAME_FIELD: Record<MrzFormat, [line: number, start: number]> = {
  TD1: [2, 0],
  TD2: [0, 5],
  TD3: [0, 5],
};

const SEX: Record<string, MrzResult['sex']> = { M: 'M', F: 'F', X: 'X', '<': 'X' };

/** The zone's fields and verdicts, or null when its lines fit none of the three formats. */
export function parseMrz(lines: readonly string[], today: string, confidence = 1): MrzResult | null {
  const layout: MrzLayout | null = layoutFor(lines.length, lines[0]?.length ?? 0);
  if (!layout || lines.some((line) => line.length !== layout.length)) return null;
  let parsed;
  try {
    parsed = parse([...lines]);
  } catch {
    return null;
  }
  // The package reads a 36-character zone with digits where a TD2's name ends as a French identity
  // card, another layout: not one this reader covers.
  if (parsed.format !== layout.format) return null;
  const raw = (field: string) => {
    const detail = parsed.details.find((d) => d.field === field);
    if (!detail) return null;
    const range = detail.ranges[0]!;
    return lines[range.line]!.slice(range.start, range.end);
  };
  const value = (field: string) => {
    const detail = parsed.details.find((d) => d.field === field);
    if (detail?.value) return detail.value;
    const text = raw(field);
    return text === null ? null : text.replace(/</g, ' ').trim();
  };
  const verdicts = Object.fromEntries(
    checksFor(layout, lines).map((rule) => [rule.name, checkHolds(lines, rule)]),
  ) as Partial<Record<keyof MrzCheckDigits, boolean>>;
  const checkDigits: MrzCheckDigits = {
    documentNumber: verdicts.documentNumber ?? false,
    birthDate: verdicts.birthDate ?? false,
    expiryDate: verdicts.expiryDate ?? false,
    optionalData: verdicts.optionalData ?? null,
    composite: verdicts.composite ?? null,
  };
  const [nameLine, nameStart] = NAME_FIELD[layout.format];
  const optional = [raw('personalNumber'), raw('optional1'), raw('optional2'), raw('optional')]
    .filter((text): text is string => text !== null)
    .map((text) => text.replace(/</g, ' ').trim())
    .filter(Boolean)
    .join(' ');
  const birth = raw('birthDate') ?? '';
  const expiry = raw('expirationDate') ?? '';
  return {
    format: layout.format,
    documentCode: (raw('documentCode') ?? '').replace(/</g, ''),
    issuingState: (raw('issuingState') ?? '').replace(/</g, ''),
    ...mrzNames(lines[nameLine]!.slice(nameStart)),
    documentNumber: (parsed.documentNumber ?? value('documentNumber') ?? '').replace(/</g, ''),
    nationality: (raw('nationality') ?? '').replace(/</g, ''),
    birthDate: mrzDate(birth, 'birth', today),
    sex: SEX[raw('sex') ?? ''] ?? null,
    expiryDate: mrzDate(expiry, 'expiry', today),
    optionalData: optional === '' ? null : optional,
    checkDigits,
    valid: Object.values(checkDigits).every((verdict) => verdict !== false),
    confidence,
    namesTruncated: !lines[nameLine]!.endsWith('<'),
  };
}
