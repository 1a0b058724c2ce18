/**
 * Asks a model engine's `ready()` until it answers ok, for tests that give the engine a deadline
 * shorter than loading its models takes: a status answer, once they are loaded, fits within it.
 */
export async function untilReady<Status extends { ok: boolean }>(
  ready: () => Promise<Status>,
): Promise<Status> {
  let status = await ready();
  for (let attempt = 0; !status.ok && attempt < 400; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await ready();
  }
  return status;
}
