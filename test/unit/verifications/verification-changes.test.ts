import { describe, expect, it } from 'vitest';
import { createVerificationChanges } from '../../../src/adapters/db/verification-changes.js';

function feed() {
  const handlers: Array<(payload: string | null) => void> = [];
  return {
    connected: () => true,
    onChange: (handler: (payload: string | null) => void) => void handlers.push(handler),
    emit: (payload: string | null) => handlers.forEach((handler) => handler(payload)),
  };
}

describe('waiting for a verification to change', () => {
  it('gives one key at most a tenth of the slots, so another key still gets one', async () => {
    const changes = createVerificationChanges(feed(), { maxWaiters: 100 });
    const abort = new AbortController();
    const flooding = Array.from({ length: 10 }, (_, i) =>
      changes.waitForChange(`v-${i}`, 1, 60_000, abort.signal),
    );
    expect(await changes.waitForChange('v-extra', 1, 60_000, abort.signal)).toBe(false);
    expect(changes.waiting()).toBe(10);
    const other = changes.waitForChange('v-other', 2, 60_000, abort.signal);
    expect(changes.waiting()).toBe(11);
    abort.abort();
    expect(await Promise.all([...flooding, other])).toEqual(Array(11).fill(true));
    expect(changes.waiting()).toBe(0);
    // Slots come back when the waits end.
    expect(await changes.waitForChange('v-0', 1, 1)).toBe(true);
  });

  it('still holds the instance-wide bound, and wakes the waiter of the verification that changed', async () => {
    const source = feed();
    const changes = createVerificationChanges(source, { maxWaiters: 3 });
    const first = changes.waitForChange('a', 1, 60_000);
    expect(await changes.waitForChange('b', 1, 60_000)).toBe(false);
    const second = changes.waitForChange('b', 2, 60_000);
    const third = changes.waitForChange('c', 3, 60_000);
    expect(await changes.waitForChange('d', 4, 60_000)).toBe(false);
    source.emit('a');
    source.emit('b');
    source.emit(null);
    expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
    expect(changes.waiting()).toBe(0);
  });
});
