import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deviceHash,
  MAX_COMPONENT_KEYS,
  MAX_VALUE_CHARS,
  normalizeComponents,
} from '../../src/core/signals/components.js';

describe('normalizeComponents', () => {
  it('never keeps more than 50 keys or a value over 500 characters, and counts what it cut', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 80 }), (raw) => {
        const result = normalizeComponents(raw);
        const kept = Object.keys(result.components);
        const total = Object.keys(raw).length;
        expect(kept).toEqual(Object.keys(raw).slice(0, MAX_COMPONENT_KEYS));
        expect(result.droppedKeys).toBe(Math.max(0, total - MAX_COMPONENT_KEYS));
        for (const value of Object.values(result.components)) {
          expect(Array.from(value).length).toBeLessThanOrEqual(MAX_VALUE_CHARS);
        }
        const cut = kept.filter((k) => {
          const original = raw[k];
          const text = typeof original === 'string' ? original : JSON.stringify(original);
          return Array.from(text).length > MAX_VALUE_CHARS;
        });
        expect(result.truncatedValues).toBe(cut.length);
      }),
    );
  });

  it('keeps a component named like an Object.prototype member', () => {
    const raw = JSON.parse('{"constructor":"x","toString":"y","hasOwnProperty":"z"}') as Record<
      string,
      unknown
    >;
    expect({ ...normalizeComponents(raw).components }).toEqual({
      constructor: 'x',
      toString: 'y',
      hasOwnProperty: 'z',
    });
  });
});

describe('deviceHash', () => {
  it('is the SHA-256 of the sorted [name, value] pairs of the stable components, as documented', () => {
    const expected = crypto
      .createHash('sha256')
      .update('[["languages","en-US,en"],["screen","412x915"],["timezone","America/Chicago"]]')
      .digest('hex');
    expect(deviceHash({ timezone: 'America/Chicago', screen: '412x915', languages: 'en-US,en' })).toBe(
      expected,
    );
  });

  it('ignores volatile and unknown components, key order and surrounding white space', () => {
    const base = { user_agent: 'UA/1', screen: '412x915' };
    expect(deviceHash({ screen: ' 412x915 ', user_agent: 'UA/1', viewport: '10x10', custom: 'a' })).toBe(
      deviceHash(base),
    );
    expect(deviceHash({ ...base, screen: '390x844' })).not.toBe(deviceHash(base));
  });

  it('is null when no stable component is present', () => {
    expect(deviceHash({ viewport: '1x1', embedded: 'true', user_agent: '  ' })).toBeNull();
  });
});
