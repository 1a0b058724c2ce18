import { describe, expect, it } from 'vitest';
import { subscribesTo, subscriptionProblems } from '../../../src/core/webhooks/event-catalogue.js';

describe('webhook event subscriptions', () => {
  it('matches an exact name, and "*" matches every current and future event', () => {
    expect(subscribesTo(['verification.decided'], 'verification.decided')).toBe(true);
    expect(subscribesTo(['verification.decided'], 'verification.expired')).toBe(false);
    expect(subscribesTo(['*'], 'verification.decided')).toBe(true);
    expect(subscribesTo(['*'], 'anything.later')).toBe(true);
  });

  it('accepts known names or "*" alone, and says what is wrong otherwise', () => {
    expect(subscriptionProblems(['verification.decided'])).toEqual([]);
    expect(subscriptionProblems(['*'])).toEqual([]);
    expect(subscriptionProblems([])).toEqual([
      { index: null, message: expect.stringContaining('at least one') },
    ]);
    expect(subscriptionProblems(['verification.decided', 'nope'])).toEqual([
      { index: 1, message: expect.stringContaining('unknown event "nope"') },
    ]);
    expect(subscriptionProblems(['*', 'verification.decided'])).toEqual([
      { index: 1, message: expect.stringContaining('alone') },
    ]);
  });
});
