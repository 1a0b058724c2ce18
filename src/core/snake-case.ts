type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type IsUpper<Char extends string> = Char extends Lowercase<Char> ? false : true;
type IsLowerOrDigit<Char extends string> = Char extends Digit
  ? true
  : Char extends Uppercase<Char>
    ? false
    : true;

/** One key as snakeCaseKeys() rewrites it: `_` before a capital that follows a small letter or digit, all lower case. */
type SnakeCasedKey<
  Key extends string,
  Previous extends string = '',
> = Key extends `${infer Char}${infer Rest}`
  ? `${IsUpper<Char> extends true ? `${IsLowerOrDigit<Previous> extends true ? '_' : ''}${Lowercase<Char>}` : Char}${SnakeCasedKey<Rest, Char>}`
  : Key;

/** The type snakeCaseKeys() returns for a value of type T: every object key snake-cased, deeply. */
export type SnakeCasedKeys<T> = T extends Date
  ? T
  : T extends readonly (infer Item)[]
    ? SnakeCasedKeys<Item>[]
    : T extends object
      ? { [Key in keyof T as Key extends string ? SnakeCasedKey<Key> : Key]: SnakeCasedKeys<T[Key]> }
      : T;

/** The API speaks snake_case; check details built in camelCase are converted once, at the edge of storage. */
export function snakeCaseKeys<T>(value: T): SnakeCasedKeys<T> {
  return snakeCaseUnknown(value) as SnakeCasedKeys<T>;
}

function snakeCaseUnknown(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseUnknown);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(),
      snakeCaseUnknown(inner),
    ]),
  );
}
