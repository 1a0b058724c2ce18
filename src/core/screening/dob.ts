import type { SdnDateOfBirth } from './sdn-model.js';

export type IsoDate = { year: number; month: number; day: number };

/**
 * `exact`: equal to a listed full date (or to a listed month and year; a day/month swap counts, a
 * common data-entry slip). `compatible`: within the tolerance of a listed date, range or circa year.
 * `conflict`: far from every listed date. `unknown`: nothing listed.
 */
export type DobAgreement = 'exact' | 'compatible' | 'conflict' | 'unknown';

/** A listed year this far from the query's still only counts as compatible, not as a contradiction. */
const YEAR_TOLERANCE = 2;
const CIRCA_TOLERANCE = 5;

export function parseIsoDate(value: string): IsoDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

function agreementWith(query: IsoDate, listed: SdnDateOfBirth): DobAgreement {
  if (listed.yearTo !== null) {
    return query.year >= listed.year - 1 && query.year <= listed.yearTo + 1 ? 'compatible' : 'conflict';
  }
  const distance = Math.abs(query.year - listed.year);
  if (listed.circa) return distance <= CIRCA_TOLERANCE ? 'compatible' : 'conflict';
  if (distance > YEAR_TOLERANCE) return 'conflict';
  if (distance === 0 && listed.month !== null) {
    if (listed.day === null) return listed.month === query.month ? 'exact' : 'compatible';
    const same = listed.month === query.month && listed.day === query.day;
    const swapped = listed.month === query.day && listed.day === query.month;
    if (same || swapped) return 'exact';
  }
  return 'compatible';
}

export function compareDateOfBirth(query: IsoDate, listed: readonly SdnDateOfBirth[]): DobAgreement {
  if (listed.length === 0) return 'unknown';
  let result: DobAgreement = 'conflict';
  for (const dob of listed) {
    const agreement = agreementWith(query, dob);
    if (agreement === 'exact') return 'exact';
    if (agreement === 'compatible') result = 'compatible';
  }
  return result;
}
