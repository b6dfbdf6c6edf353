export type LoopObservation<T> = {
  results: T[];
  /** Timer ticks in all, and before the first piece of work finished. */
  ticks: number;
  ticksBeforeFirstResult: number;
};

/**
 * Runs the work in parallel while a 5 ms timer ticks. Work done on the event loop would hold the
 * timer back: no tick before the first result. Counted, not timed: the spacing of the ticks is
 * the machine's (a loaded one stretches it), their order is the code's.
 */
export async function observeEventLoop<T>(work: (() => Promise<T>)[]): Promise<LoopObservation<T>> {
  let ticks = 0;
  let ticksBeforeFirstResult: number | undefined;
  const timer = setInterval(() => ticks++, 5);
  try {
    const results = await Promise.all(
      work.map(async (piece) => {
        const result = await piece();
        ticksBeforeFirstResult ??= ticks;
        return result;
      }),
    );
    return { results, ticks, ticksBeforeFirstResult: ticksBeforeFirstResult ?? 0 };
  } finally {
    clearInterval(timer);
  }
}
