import type { VerificationChanges, WaitHolder } from '../../ports/verification-changes.js';
import type { ChangeFeed } from './read-cache.js';

/**
 * One API key may hold at most this share of an instance's waiting slots (at least one), so a key
 * that opens hundreds of waits cannot leave another merchant none.
 */
const WAITER_SHARE_PER_KEY = 0.1;
/**
 * One account may hold at most this share (at least one), whatever number of keys it waits through: a
 * key mints child keys without limit, so the per-key share alone let one merchant take every place.
 */
const WAITER_SHARE_PER_ACCOUNT = 0.25;

/** How many places each holder (a key, or an account) has taken. */
function createTally(max: number) {
  const taken = new Map<number, number>();
  return {
    full: (holder: number) => (taken.get(holder) ?? 0) >= max,
    take: (holder: number) => taken.set(holder, (taken.get(holder) ?? 0) + 1),
    give: (holder: number) => {
      const left = (taken.get(holder) ?? 1) - 1;
      if (left === 0) taken.delete(holder);
      else taken.set(holder, left);
    },
  };
}

const shareOf = (places: number, share: number) => Math.max(1, Math.floor(places * share));

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
  const perKey = createTally(shareOf(options.maxWaiters, WAITER_SHARE_PER_KEY));
  const perAccount = createTally(shareOf(options.maxWaiters, WAITER_SHARE_PER_ACCOUNT));
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
    waitForChange(verificationId, holder: WaitHolder, timeoutMs, signal) {
      if (count >= options.maxWaiters || perKey.full(holder.apiKeyId) || perAccount.full(holder.accountId))
        return Promise.resolve(false);
      count += 1;
      perKey.take(holder.apiKeyId);
      perAccount.take(holder.accountId);
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
          perKey.give(holder.apiKeyId);
          perAccount.give(holder.accountId);
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
