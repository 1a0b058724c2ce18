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

/** A key of its own account (the key id is the account id), or of the account given. */
const own = (apiKeyId: number, accountId = apiKeyId) => ({ apiKeyId, accountId });

describe('waiting for a verification to change', () => {
  it('gives one key at most a tenth of the slots, so another key still gets one', async () => {
    const changes = createVerificationChanges(feed(), { maxWaiters: 100 });
    const abort = new AbortController();
    const flooding = Array.from({ length: 10 }, (_, i) =>
      changes.waitForChange(`v-${i}`, own(1), 60_000, abort.signal),
    );
    expect(await changes.waitForChange('v-extra', own(1), 60_000, abort.signal)).toBe(false);
    expect(changes.waiting()).toBe(10);
    const other = changes.waitForChange('v-other', own(2), 60_000, abort.signal);
    expect(changes.waiting()).toBe(11);
    abort.abort();
    expect(await Promise.all([...flooding, other])).toEqual(Array(11).fill(true));
    expect(changes.waiting()).toBe(0);
    // Slots come back when the waits end.
    expect(await changes.waitForChange('v-0', own(1), 1)).toBe(true);
  });

  it('gives one account at most a quarter of the slots, however many keys it waits through', async () => {
    const changes = createVerificationChanges(feed(), { maxWaiters: 20 });
    const abort = new AbortController();
    // Ten child keys of account 1, two waits each: each key's share is 2, the account's 5.
    const answers = Array.from({ length: 20 }, (_, i) =>
      changes.waitForChange(`v-${i}`, own(100 + (i % 10), 1), 60_000, abort.signal),
    );
    expect(changes.waiting()).toBe(5);
    const otherAccount = changes.waitForChange('v-other', own(2), 60_000, abort.signal);
    expect(changes.waiting()).toBe(6);
    abort.abort();
    const settled = await Promise.all(answers);
    expect(settled.filter(Boolean)).toHaveLength(5);
    expect(await otherAccount).toBe(true);
  });

  it('still holds the instance-wide bound, and wakes the waiter of the verification that changed', async () => {
    const source = feed();
    const changes = createVerificationChanges(source, { maxWaiters: 3 });
    const first = changes.waitForChange('a', own(1), 60_000);
    expect(await changes.waitForChange('b', own(1), 60_000)).toBe(false);
    const second = changes.waitForChange('b', own(2), 60_000);
    const third = changes.waitForChange('c', own(3), 60_000);
    expect(await changes.waitForChange('d', own(4), 60_000)).toBe(false);
    source.emit('a');
    source.emit('b');
    source.emit(null);
    expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
    expect(changes.waiting()).toBe(0);
  });
});
