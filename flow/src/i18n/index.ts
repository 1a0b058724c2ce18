/**
 * The flow's languages: one catalogue per language, chosen from the SDK's `locale` (passed in the URL
 * fragment) or else the browser's preferred languages. Numbers in messages and times are formatted
 * with Intl for the chosen locale.
 */
import { en, type Catalogue, type MessageKey } from './en.js';
import { es } from './es.js';
import { frCA } from './fr-ca.js';

export type { MessageKey } from './en.js';

/** BCP 47 tags of the catalogues; every French browser gets the Canadian French one. */
export const LOCALES = ['en', 'es', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];

export const CATALOGUES: Record<Locale, Catalogue> = { en, es, 'fr-CA': frCA };

/** The first of `preferred` that a catalogue covers, matching on the primary language subtag. */
export function resolveLocale(preferred: readonly (string | null | undefined)[]): Locale {
  for (const tag of preferred) {
    const language = tag?.trim().toLowerCase().split(/[-_]/)[0];
    if (language === 'en') return 'en';
    if (language === 'es') return 'es';
    if (language === 'fr') return 'fr-CA';
  }
  return 'en';
}

let current: Locale = 'en';

export function setLocale(locale: Locale): void {
  current = locale;
  document.documentElement.lang = locale;
}

export function locale(): Locale {
  return current;
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(current).format(value);
}

/** A clock time (the handoff link's expiry), e.g. "2:05 PM", "14 h 05", "14:05". */
export function formatTime(date: Date): string {
  return new Intl.DateTimeFormat(current, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** The message in the current language; `{name}` placeholders are filled, numbers formatted for the locale. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = CATALOGUES[current][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}
