/** An injectable clock: production uses the system time, tests move time forward deliberately. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 timestamps without zone (UTC is implied). */
export function isoWithoutZone(date: Date | null | undefined): string | null {
  return date ? date.toISOString().replace(/Z$/, '') : null;
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
