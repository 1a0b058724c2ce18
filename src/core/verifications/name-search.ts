/**
 * Search by the name read from a licence. Names are sealed per verification, so no index can hold
 * them; the console opens a bounded window of verifications and matches here. Each word of the query
 * must begin a word of the name (first, middle or last, in any order), ignoring case and accents:
 * "sam mich" finds MICHAEL JOHN SAMPLE.
 */

/** The most verifications one name search opens before it answers with a cursor to go on from. */
export const NAME_SEARCH_WINDOW = 500;

const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export type HolderName = {
  first_name?: unknown;
  middle_name?: unknown;
  last_name?: unknown;
};

/** Whether every word of `query` begins some word of the holder's name; false for an empty query or no name. */
export function nameMatches(query: string, holder: HolderName | undefined): boolean {
  const wanted = words(query);
  if (wanted.length === 0 || !holder) return false;
  const parts = [holder.first_name, holder.middle_name, holder.last_name].filter(
    (p): p is string => typeof p === 'string',
  );
  const have = words(parts.join(' '));
  return wanted.every((w) => have.some((h) => h.startsWith(w)));
}
