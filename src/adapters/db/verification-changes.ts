import type { VerificationChanges } from '../../ports/verification-changes.js';
import type { ChangeFeed } from './read-cache.js';

/**
 * One API key may hold at most this share of an instance's waiting slots (at least one), so a key
 * that opens hundreds of waits cannot leave another merchant none.
 */
const WAITER_SHARE_PER_HOLDER = 0.1;

/**
 * Waiters keyed by verification id, woken by the same notifications that keep the read cache
 * correct (migrations/0005: any change to the row or its audit log, by any instance or writer) and,
 * in this process, by `changed` right after a commit, before the notification round trip. A null
 * notification (the feed reconnected: anything may have changed) wakes everyone to re-read.
 */
export function createVerificationChanges(
  feed: ChangeFeed,
  options: { maxWaiters: number },
): VerificationChanges & { changed(verificationIds: Iterable<string>): void } {
  const waiters = new Map<string, Set<() => void>>();
  const perHolder = new Map<number, number>();
  const maxPerHolder = Math.max(1, Math.floor(options.maxWaiters * WAITER_SHARE_PER_HOLDER));
  let count = 0;

  const wake = (id: string) => {
    const set = waiters.get(id);
    if (!set) return;
    waiters.delete(id);
    for (const resolve of set) resolve();
  };
  const wakeAll = () => {
    for (const id of [...waiters.keys()]) wake(id);
  };
  feed.onChange((payload) => (payload === null ? wakeAll() : wake(payload)));

  return {
    waitForChange(verificationId, holder, timeoutMs, signal) {
      const held = perHolder.get(holder) ?? 0;
      if (count >= options.maxWaiters || held >= maxPerHolder) return Promise.resolve(false);
      count += 1;
      perHolder.set(holder, held + 1);
      return new Promise<boolean>((resolve) => {
        let set = waiters.get(verificationId);
        if (!set) waiters.set(verificationId, (set = new Set()));
        let settled = false;
        const done = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          set!.delete(done);
          if (set!.size === 0 && waiters.get(verificationId) === set) waiters.delete(verificationId);
          count -= 1;
          const left = (perHolder.get(holder) ?? 1) - 1;
          if (left === 0) perHolder.delete(holder);
          else perHolder.set(holder, left);
          resolve(true);
        };
        const timer = setTimeout(done, timeoutMs);
        signal?.addEventListener('abort', done, { once: true });
        set.add(done);
      });
    },
    waiting: () => count,
    changed(verificationIds) {
      for (const id of verificationIds) wake(id);
    },
  };
}
