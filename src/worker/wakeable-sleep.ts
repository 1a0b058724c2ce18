/**
 * The pause of a worker loop between passes: `sleep` waits up to `ms`, and `wake` ends the current
 * pause at once (new work was announced, or the worker is stopping). A wake with no pause under way is
 * a no-op: the loop's own "wanted" flags carry the request to its next pass.
 */
export function createWakeableSleep(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wake: (() => void) | null = null;
  return {
    sleep: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      }),
    wake: () => wake?.(),
  };
}
