import { describe, expect, it } from 'vitest';
import { ctcDecode } from '../../../src/adapters/ml/ocr-text.js';

/** One step per row: the probabilities of blank, A, B, É (two UTF-16 units once decomposed), space. */
const ALPHABET = ['', 'A', 'B', 'E\u0301', ' '];

function steps(rows: number[][]): Float32Array {
  return Float32Array.from(rows.flat());
}

describe('ctcDecode', () => {
  it('collapses repeats, drops blanks, and keeps each character at its peak over its steps', () => {
    const probs = steps([
      [0.9, 0.05, 0.05, 0, 0],
      [0.3, 0.6, 0.1, 0, 0], // A starts doubtful...
      [0.0, 0.99, 0.01, 0, 0], // ...and peaks a step later
      [0.9, 0.05, 0.05, 0, 0],
      [0.2, 0.0, 0.7, 0.1, 0], // B, never surer
      [0.6, 0.2, 0.2, 0, 0],
      [0.1, 0.0, 0.1, 0.8, 0], // É, two units
      [0.0, 0.0, 0.0, 0.9, 0.1],
    ]);
    const decoded = ctcDecode(probs, 8, ALPHABET.length, ALPHABET);
    expect(decoded.text).toBe('ABE\u0301');
    expect(decoded.characterConfidences.map((p) => Number(p.toFixed(2)))).toEqual([0.99, 0.7, 0.9, 0.9]);
    expect(decoded.confidence).toBeCloseTo(0.7);
  });

  it('reads a character twice when a blank separates its runs, and nothing as confidence 0', () => {
    const twice = ctcDecode(
      steps([
        [0.1, 0.9, 0, 0, 0],
        [0.8, 0.2, 0, 0, 0],
        [0.2, 0.8, 0, 0, 0],
      ]),
      3,
      ALPHABET.length,
      ALPHABET,
    );
    expect(twice.text).toBe('AA');
    expect(twice.characterConfidences.map((p) => Number(p.toFixed(2)))).toEqual([0.9, 0.8]);
    const blank = ctcDecode(steps([[1, 0, 0, 0, 0]]), 1, ALPHABET.length, ALPHABET);
    expect(blank).toEqual({ text: '', characterConfidences: [], confidence: 0 });
  });
});
