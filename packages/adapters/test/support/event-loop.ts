export type LoopObservation<T> = {
  results: T[];
  /** Timer ticks in all, and before the first piece of work finished. */
  ticks: number;
  ticksBeforeFirstResult: number;
  /** The longest time between two ticks, and the whole run, in ms. */
  longestGap: number;
  elapsed: number;
};

/**
 * Runs the work in parallel while a 5 ms timer ticks. Work done on the event loop would hold the
 * timer back: few ticks before the first result, and one gap as long as the whole run.
 */
export async function observeEventLoop<T>(work: (() => Promise<T>)[]): Promise<LoopObservation<T>> {
  let ticks = 0;
  let ticksBeforeFirstResult: number | undefined;
  let longestGap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks++;
  }, 5);
  const started = performance.now();
  try {
    const results = await Promise.all(
      work.map(async (piece) => {
        const result = await piece();
        ticksBeforeFirstResult ??= ticks;
        return result;
      }),
    );
    return {
      results,
      ticks,
      ticksBeforeFirstResult: ticksBeforeFirstResult ?? 0,
      longestGap,
      elapsed: performance.now() - started,
    };
  } finally {
    clearInterval(timer);
  }
}
