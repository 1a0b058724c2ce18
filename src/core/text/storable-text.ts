/**
 * Text PostgreSQL cannot store: NUL (text and jsonb both refuse `\u0000`) and UTF-16 surrogates
 * without their pair (jsonb refuses them; text would silently turn them into U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** U+2400 SYMBOL FOR NULL: the visible stand-in for NUL, one character for one, so offsets stay put. */
const NUL_SYMBOL = '\u2400';
const REPLACEMENT_CHARACTER = '\uFFFD';

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * For text that must be kept even when it holds such characters (a barcode's payload): NUL becomes
 * U+2400 and an unpaired surrogate U+FFFD, each one character for one, so positions within the text
 * (AAMVA element offsets) are unchanged.
 */
export function escapeUnstorableCharacters(text: string): string {
  if (!hasUnstorableCharacters(text)) return text;
  return text.replace(UNSTORABLE_ALL, (found) => (found === '\u0000' ? NUL_SYMBOL : REPLACEMENT_CHARACTER));
}

export type UnstorablePath = Array<string | number>;

/**
 * Every place in a parsed JSON value where a string or an object key holds unstorable characters.
 * Iterative: the value may be as deep as the JSON depth bound allows.
 */
export function findUnstorableText(root: unknown): UnstorablePath[] {
  const found: UnstorablePath[] = [];
  const pending: Array<{ value: unknown; path: UnstorablePath }> = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (hasUnstorableCharacters(key)) found.push([...path, escapeUnstorableCharacters(key)]);
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return found.reverse();
}
