/**
 * Reads a resource while `running()` says so, from `readers` clients that each send one every
 * `intervalMs`, timed from when the request was due, not from when the event loop got to it: a read
 * that arrives while the work under test holds the process counts the wait, as a client on a socket
 * would see it. Returns the latencies in ms, sorted ascending.
 */
export async function timedReadsWhile(
  read: () => Promise<void>,
  running: () => boolean,
  options: { readers: number; intervalMs: number },
): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: options.readers }, async () => {
      while (running()) {
        const due = performance.now() + options.intervalMs;
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
        await read();
        latencies.push(performance.now() - due);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}
