/**
 * What the recognizer saw on a line, beyond its greedy reading: per step, the probability of the CTC
 * blank and of each symbol a date or a licence number is printed with. Greedy decoding keeps one
 * class per step, so a blurred date reads garbled past parsing (`T8-25-19559`, `02/129/2000`); the
 * lattice still holds how likely every date of the printed shape is, and how likely the barcode's
 * own date is among them.
 */

/**
 * The symbols a lattice keeps, after the blank; a recognizer class that folds to one of them
 * (accents dropped, upper case, full-width forms as ASCII) counts as it. `<` is a machine-readable
 * zone's filler.
 */
export const LATTICE_SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ/-.<';

export type CtcLattice = {
  steps: number;
  /** Row-major, `steps × (1 + LATTICE_SYMBOLS.length)`: the blank, then each symbol. */
  probs: Float32Array;
};

const WIDTH = 1 + LATTICE_SYMBOLS.length;
const DIGIT_COLUMNS = [...'0123456789'].map((ch) => 1 + LATTICE_SYMBOLS.indexOf(ch));

/** Per step, the chance it emits anything but a digit: the weight of a step outside a reading. */
function freeWeights(lattice: CtcLattice): Float64Array {
  const weights = new Float64Array(lattice.steps);
  for (let t = 0; t < lattice.steps; t++) {
    let digits = 0;
    for (const column of DIGIT_COLUMNS) digits += lattice.probs[t * WIDTH + column]!;
    weights[t] = Math.max(0, 1 - digits);
  }
  return weights;
}

const symbolIndex = new Map([...LATTICE_SYMBOLS].map((ch, i) => [ch, 1 + i]));

/**
 * A printed shape as a sequence of slots, each the symbols it may be read as (`0123456789` for any
 * digit, `/-.` for a separator, `7` for one digit).
 */
export type Slots = readonly string[];

/**
 * The CTC states of a slot sequence: one per allowed symbol of each slot, laid out slot after slot
 * (the blank after each slot is kept apart), with each state's lattice column and the state of the
 * previous slot holding the same symbol (which needs a blank between).
 */
type Compiled = { column: Int32Array; slotStart: Int32Array; sameBefore: Int32Array };

function compile(slots: Slots): Compiled {
  const slotStart = new Int32Array(slots.length + 1);
  const columns: number[] = [];
  const sameBefore: number[] = [];
  slots.forEach((slot, i) => {
    slotStart[i] = columns.length;
    for (const ch of slot) {
      const column = symbolIndex.get(ch);
      if (column === undefined) throw new Error(`not a lattice symbol: ${ch}`);
      const previous = i === 0 ? -1 : slots[i - 1]!.indexOf(ch);
      sameBefore.push(previous < 0 ? -1 : slotStart[i - 1]! + previous);
      columns.push(column);
    }
  });
  slotStart[slots.length] = columns.length;
  return { column: Int32Array.from(columns), slotStart, sameBefore: Int32Array.from(sameBefore) };
}

/**
 * The CTC forward sum of every reading of `slots` on the line after a label: the steps before and
 * after it weigh their chance of emitting no digit (so a reading cannot drop a digit at either end
 * for free: `19628` is not `1962`), within it the usual CTC rules hold (a symbol held over steps is
 * one symbol; the same symbol twice in a row needs a blank between). Not a probability on its own;
 * the ratio of two such sums is.
 */
export function slotsWeight(lattice: CtcLattice, slots: Slots): number {
  const n = slots.length;
  if (n === 0) return 0;
  const { column, slotStart, sameBefore } = compile(slots);
  const states = column.length;
  let current = new Float64Array(states);
  let next = new Float64Array(states);
  let blank = new Float64Array(n);
  let nextBlank = new Float64Array(n);
  const slotTotal = new Float64Array(n);
  const { probs, steps } = lattice;
  const free = freeWeights(lattice);
  // Everything before step t read as free text, and the reading's end followed by free text.
  let prefix = 1;
  let suffix = 0;
  for (let t = 0; t < steps; t++) {
    const row = t * WIDTH;
    for (let i = 0; i < n; i++) {
      let total = 0;
      for (let state = slotStart[i]!; state < slotStart[i + 1]!; state++) total += current[state]!;
      slotTotal[i] = total;
    }
    for (let i = 0; i < n; i++) {
      const entering = i === 0 ? prefix : blank[i - 1]! + slotTotal[i - 1]!;
      for (let state = slotStart[i]!; state < slotStart[i + 1]!; state++) {
        const same = sameBefore[state]! < 0 ? 0 : current[sameBefore[state]!]!;
        next[state] = (current[state]! + entering - same) * probs[row + column[state]!]!;
      }
      nextBlank[i] = (blank[i]! + slotTotal[i]!) * probs[row]!;
    }
    suffix = (suffix + slotTotal[n - 1]!) * free[t]!;
    prefix *= free[t]!;
    [current, next] = [next, current];
    [blank, nextBlank] = [nextBlank, blank];
  }
  let last = 0;
  for (let state = slotStart[n - 1]!; state < slotStart[n]!; state++) last += current[state]!;
  return last + suffix;
}

/**
 * The most likely reading of `slots` on the line (max-product over the same paths as `slotsWeight`),
 * one symbol per slot, with its path's weight and the step where each slot's symbol begins; null when
 * no path fits the line's steps.
 */
export function bestReading(
  lattice: CtcLattice,
  slots: Slots,
): { text: string; weight: number; at: number[] } | null {
  const n = slots.length;
  if (n === 0) return null;
  const { column, slotStart, sameBefore } = compile(slots);
  const symbols = column.length;
  // State numbers: symbol states first, then the blank after each slot; PREFIX before them all.
  const states = symbols + n;
  const PREFIX = -1;
  const { probs, steps } = lattice;
  const free = freeWeights(lattice);
  const score = new Float64Array((steps + 1) * states);
  const from = new Int32Array(steps * states);
  let prefix = 1;
  for (let t = 0; t < steps; t++) {
    const row = t * WIDTH;
    const before = t * states;
    const now = (t + 1) * states;
    for (let i = 0; i < n; i++) {
      for (let state = slotStart[i]!; state < slotStart[i + 1]!; state++) {
        let best = score[before + state]!;
        let origin = state;
        const consider = (candidate: number, source: number) => {
          if (candidate > best) {
            best = candidate;
            origin = source;
          }
        };
        if (i === 0) consider(prefix, PREFIX);
        else {
          consider(score[before + symbols + i - 1]!, symbols + i - 1);
          for (let previous = slotStart[i - 1]!; previous < slotStart[i]!; previous++)
            if (previous !== sameBefore[state]) consider(score[before + previous]!, previous);
        }
        score[now + state] = best * probs[row + column[state]!]!;
        from[t * states + state] = origin;
      }
      let best = score[before + symbols + i]!;
      let origin = symbols + i;
      for (let state = slotStart[i]!; state < slotStart[i + 1]!; state++)
        if (score[before + state]! > best) {
          best = score[before + state]!;
          origin = state;
        }
      score[now + symbols + i] = best * probs[row]!;
      from[t * states + symbols + i] = origin;
    }
    prefix *= free[t]!;
  }
  // The reading ends on the last slot's symbol at some step; the steps after it weigh as free.
  let end: { t: number; state: number; weight: number } | null = null;
  let suffix = 1;
  for (let t = steps - 1; t >= 0; t--) {
    for (let state = slotStart[n - 1]!; state < slotStart[n]!; state++) {
      const weight = score[(t + 1) * states + state]! * suffix;
      if (weight > 0 && (!end || weight > end.weight)) end = { t, state, weight };
    }
    suffix *= free[t]!;
  }
  if (!end) return null;
  const read: string[] = [];
  const at: number[] = [];
  let state = end.state;
  for (let t = end.t; t >= 0 && state !== PREFIX; t--) {
    const origin = from[t * states + state]!;
    if (state < symbols && origin !== state) {
      const slot = slotStart.findLastIndex((start) => start <= state);
      read.unshift(slots[slot]![state - slotStart[slot]!]!);
      at.unshift(t);
    }
    state = origin;
  }
  return read.length === n ? { text: read.join(''), weight: end.weight, at } : null;
}
