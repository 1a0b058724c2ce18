import crypto from 'node:crypto';

/** At most 50 component keys; each value at most 500 characters. */
export const MAX_COMPONENT_KEYS = 50;
export const MAX_VALUE_CHARS = 500;

/**
 * Components that describe the device and browser rather than the moment: they stay the same across
 * visits from one device, so their hash links verifications made from it. Window size, time-zone
 * offset (DST), colour-scheme preference and the like change by themselves and are left out, as is
 * any key not listed here (a client may send others; they are stored but do not affect the hash).
 */
export const STABLE_COMPONENTS = [
  'user_agent',
  'ua_platform',
  'ua_mobile',
  'ua_brands',
  'languages',
  'timezone',
  'screen',
  'device_pixel_ratio',
  'color_depth',
  'hardware_concurrency',
  'device_memory_gb',
  'max_touch_points',
  'webdriver',
] as const;

export type NormalizedComponents = {
  components: Record<string, string>;
  droppedKeys: number;
  truncatedValues: number;
};

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** Cuts at 500 characters (code points, so a surrogate pair is never split), reporting whether it cut. */
function truncate(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_VALUE_CHARS) return { text, truncated: false };
  const codePoints = Array.from(text);
  if (codePoints.length <= MAX_VALUE_CHARS) return { text, truncated: false };
  return { text: codePoints.slice(0, MAX_VALUE_CHARS).join(''), truncated: true };
}

/**
 * Applies the documented limits: keeps the first 50 keys in the order the parsed body enumerates them
 * (document order, except that integer-like keys come first, as JSON.parse orders them), turns every
 * value into a string (non-strings as JSON) and truncates it at 500 characters.
 */
export function normalizeComponents(raw: Record<string, unknown>): NormalizedComponents {
  const keys = Object.keys(raw);
  // No prototype: a component named like an Object.prototype member is stored as sent.
  const components = Object.create(null) as Record<string, string>;
  let truncatedValues = 0;
  for (const key of keys.slice(0, MAX_COMPONENT_KEYS)) {
    const { text, truncated } = truncate(stringify(raw[key]));
    if (truncated) truncatedValues += 1;
    components[key] = text;
  }
  return {
    components,
    droppedKeys: Math.max(0, keys.length - MAX_COMPONENT_KEYS),
    truncatedValues,
  };
}

/**
 * SHA-256 (hex) of the canonical form of the stable components that are present and non-empty: a
 * JSON array of [key, value] pairs sorted by key, values as stored (stringified, truncated, trimmed).
 * Null when none is present: hashing nothing would make every such client one "device".
 */
export function deviceHash(components: Record<string, string>): string | null {
  const pairs: Array<[string, string]> = [];
  for (const key of STABLE_COMPONENTS) {
    const value = components[key]?.trim();
    if (value) pairs.push([key, value]);
  }
  if (pairs.length === 0) return null;
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return crypto.createHash('sha256').update(JSON.stringify(pairs), 'utf8').digest('hex');
}
