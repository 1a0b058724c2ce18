import { describe, expect, it } from 'vitest';
import { createWorkQueue } from '../../src/adapters/work-queue.js';

describe('bounded work queue', () => {
  it('runs at most `concurrency` at once, lets `maxWaiting` wait, and refuses the rest at once', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 1 }, () => new Error('busy'));
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const job = () =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 'done';
      });
    // All in one tick: the places are taken as calls arrive, not when work starts.
    const outcomes = Array.from({ length: 5 }, () => job().catch((error: Error) => error.message));
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.depth()).toEqual({ active: 2, waiting: 1 });
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(outcomes)).toEqual(['done', 'done', 'done', 'busy', 'busy']);
    expect(peak).toBe(2);
    expect(await queue.run(async () => 'again')).toBe('again');
  });

  it('frees the place of failed work', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 }, () => new Error('busy'));
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
