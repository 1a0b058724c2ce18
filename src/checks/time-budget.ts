/**
 * Races a check against its time budget. A check that overruns, or rejects, becomes the caller's
 * "unavailable" value: the decision then says so instead of waiting or guessing.
 */
export async function withTimeBudget<T>(
  work: Promise<T>,
  budgetMs: number,
  unavailable: (error: string) => T,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(unavailable(`time budget of ${budgetMs} ms spent`)), budgetMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.catch((error: unknown) => unavailable(error instanceof Error ? error.message : String(error))),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
