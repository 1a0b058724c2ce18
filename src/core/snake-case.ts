/** The API speaks snake_case; check details built in camelCase are converted once, at the edge of storage. */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(),
      snakeCaseKeys(inner),
    ]),
  );
}
