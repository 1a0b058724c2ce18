/**
 * Name fields across AAMVA versions: v01 packs the whole name into DAA, v02/v03 split family name
 * (DCS) from given names (DCT), v04+ has DCS, DAC and DAD. Real cards disagree on separators, so
 * the rules below are the ones the README of the test data documents, checked against its fixtures.
 */

export type ParsedName = {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  suffix: string | null;
};

/**
 * Generational suffixes as written on cards (DCU values, the tail of a v01 DAA). The one-letter
 * numerals I, V and X also read as middle initials, so they only count in DAA's fourth field.
 */
const suffixPattern = /^(JR|SR|II|III|IV|VI{1,3}|IX|[1-9](ST|ND|RD|TH))\.?$/i;
const numeralInitialPattern = /^[IVX]$/i;

/** "No value" spellings (NONE, and IdParser's unavl / unavail). */
const noValuePattern = /^(NONE|UNAVL|UNAVAIL)$/i;

/** Collapses runs of whitespace and drops stray commas at either end (Ontario writes `ABBOTT,`). */
export function cleanNamePart(value: string | undefined): string | null {
  if (value === undefined) return null;
  const cleaned = value
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .trim();
  return cleaned === '' || noValuePattern.test(cleaned) ? null : cleaned;
}

function splitGiven(given: string | null): { first: string | null; middle: string | null } {
  if (given === null) return { first: null, middle: null };
  const tokens = given.split(/[\s,]+/).filter((t) => t !== '');
  const first = cleanNamePart(tokens[0]);
  const middle = cleanNamePart(tokens.slice(1).join(' '));
  return { first, middle };
}

/**
 * v01 DAA: `LAST,FIRST[,MIDDLE][,SUFFIX]`, with `$` or `@` as alternative separators (magnetic
 * stripe habit) and a possible space after a comma; without any separator it is
 * `FIRST MIDDLE… LAST` (Pennsylvania).
 */
export function splitFullName(daa: string): ParsedName {
  const text = daa.replace(/\s+/g, ' ').trim();
  if (/[,$@]/.test(text)) {
    const parts = text.split(/[,$@]/).map((p) => p.trim());
    while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    let suffix: string | null = null;
    const tail = parts[parts.length - 1]!;
    if (
      (parts.length > 2 && suffixPattern.test(tail)) ||
      (parts.length > 3 && numeralInitialPattern.test(tail))
    ) {
      suffix = parts.pop()!;
    }
    while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    const lastName = cleanNamePart(parts[0]);
    if (parts.length === 2) {
      const { first, middle } = splitGiven(cleanNamePart(parts[1]));
      return { lastName, firstName: first, middleName: middle, suffix };
    }
    return {
      lastName,
      firstName: cleanNamePart(parts[1]),
      middleName: cleanNamePart(
        parts
          .slice(2)
          .filter((p) => p !== '')
          .join(' '),
      ),
      suffix,
    };
  }
  const tokens = text.split(' ').filter((t) => t !== '');
  let suffix: string | null = null;
  if (tokens.length > 2 && suffixPattern.test(tokens[tokens.length - 1]!)) suffix = tokens.pop()!;
  if (tokens.length < 2)
    return { lastName: cleanNamePart(tokens[0]), firstName: null, middleName: null, suffix };
  return {
    lastName: cleanNamePart(tokens[tokens.length - 1]),
    firstName: cleanNamePart(tokens[0]),
    middleName: cleanNamePart(tokens.slice(1, -1).join(' ')),
    suffix,
  };
}

/** Picks the name elements the version defines, falling back to the other versions' elements. */
export function extractName(aamvaVersion: number, elements: Record<string, string>): ParsedName {
  const suffix = cleanNamePart(elements.DCU ?? elements.DAE);
  if (aamvaVersion <= 1 && elements.DAA !== undefined) {
    const parsed = splitFullName(elements.DAA);
    return { ...parsed, suffix: parsed.suffix ?? suffix };
  }
  const lastName = cleanNamePart(elements.DCS ?? elements.DAB);
  const useGivenNames = aamvaVersion <= 3 ? elements.DCT !== undefined : elements.DAC === undefined;
  if (useGivenNames && elements.DCT !== undefined) {
    const { first, middle } = splitGiven(cleanNamePart(elements.DCT));
    return { lastName, firstName: first, middleName: middle, suffix };
  }
  if (elements.DAC === undefined && elements.DAA !== undefined) {
    const parsed = splitFullName(elements.DAA);
    return { ...parsed, lastName: lastName ?? parsed.lastName, suffix: parsed.suffix ?? suffix };
  }
  return {
    lastName,
    firstName: cleanNamePart(elements.DAC),
    middleName: cleanNamePart(elements.DAD),
    suffix,
  };
}
