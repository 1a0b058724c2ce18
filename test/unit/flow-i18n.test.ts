import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES, resolveLocale } from '../../flow/src/i18n/index.js';

const english = CATALOGUES.en;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the hosted flow’s catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (locale) => {
    expect(Object.keys(CATALOGUES[locale]).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES)('%s has no empty message', (locale) => {
    const empty = Object.entries(CATALOGUES[locale]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s leaves no message in English', (locale) => {
    const untranslated = Object.entries(CATALOGUES[locale])
      .filter(([key, text]) => text === english[key as keyof typeof english])
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s uses the same placeholders as English', (locale) => {
    const mismatched = Object.entries(CATALOGUES[locale])
      .filter(([key, text]) => {
        const reference = english[key as keyof typeof english];
        return JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(reference));
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

describe('choosing the flow’s language', () => {
  it('takes the first preferred language it has, French always as Canadian French', () => {
    expect(resolveLocale(['fr-FR', 'en-US'])).toBe('fr-CA');
    expect(resolveLocale(['fr'])).toBe('fr-CA');
    expect(resolveLocale(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(resolveLocale([null, 'en-CA', 'fr-CA'])).toBe('en');
  });

  it('puts an explicit locale (the SDK’s) ahead of the browser and falls back to English', () => {
    expect(resolveLocale(['es', 'fr-CA', 'en'])).toBe('es');
    expect(resolveLocale(['de', 'ja'])).toBe('en');
    expect(resolveLocale([])).toBe('en');
  });
});
