import { describe, expect, it } from 'vitest';
import { nameMatches } from '../../../src/core/verifications/name-search.js';

describe('search by the name on a licence', () => {
  const holder = { first_name: 'MICHAEL', middle_name: 'JOHN', last_name: 'SAMPLE' };

  it('matches when every word begins a word of the name, in any order, ignoring case', () => {
    expect(nameMatches('sample', holder)).toBe(true);
    expect(nameMatches('sam mich', holder)).toBe(true);
    expect(nameMatches('John  Sample', holder)).toBe(true);
    expect(nameMatches('ample', holder)).toBe(false);
    expect(nameMatches('sample jane', holder)).toBe(false);
  });

  it('ignores accents and punctuation on either side', () => {
    const accented = { first_name: 'José', middle_name: null, last_name: "O'Brien-Núñez" };
    expect(nameMatches('jose nunez', accented)).toBe(true);
    expect(nameMatches('JOSÉ o', accented)).toBe(true);
  });

  it('finds nothing without a name or without words to look for', () => {
    expect(nameMatches('sample', undefined)).toBe(false);
    expect(nameMatches('sample', {})).toBe(false);
    expect(nameMatches(' - ', holder)).toBe(false);
  });
});
