/**
 * AAMVA dates: CCYYMMDD in v01; MMDDCCYY in v02; from v03 MMDDCCYY for the USA and CCYYMMDD for
 * Canada. Some issuers ignore the rule (a WY v04 card writes CCYYMMDD), so the other order is tried
 * when the preferred one is not a real date. For years 1900-2099 no 8 digits are a valid date in
 * both orders (that would need CCYY = MMDD with MM 19 or 20), so the fallback cannot misread one.
 */

export type DateOrder = 'MDY' | 'YMD';

export function preferredDateOrder(aamvaVersion: number, country: string | null): DateOrder {
  if (aamvaVersion <= 1) return 'YMD';
  if (aamvaVersion === 2) return 'MDY';
  return country === 'CAN' ? 'YMD' : 'MDY';
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function build(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function read(digits: string, order: DateOrder): string | null {
  const n = (from: number, to: number): number => Number(digits.slice(from, to));
  return order === 'YMD' ? build(n(0, 4), n(4, 6), n(6, 8)) : build(n(4, 8), n(0, 2), n(2, 4));
}

/**
 * The ISO date of an element value, or null. Only the first 8 characters count: a New Hampshire
 * sample carries extra characters after the date.
 */
export function parseAamvaDate(value: string, order: DateOrder): { iso: string; fallback: boolean } | null {
  const digits = value.trim().slice(0, 8);
  if (!/^\d{8}$/.test(digits)) return null;
  const preferred = read(digits, order);
  if (preferred) return { iso: preferred, fallback: false };
  const other = read(digits, order === 'YMD' ? 'MDY' : 'YMD');
  return other ? { iso: other, fallback: true } : null;
}
