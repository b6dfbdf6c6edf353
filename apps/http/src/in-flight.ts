type Executable = { execute(input: never): Promise<unknown> };

/**
 * Counts use-case executions under way, so that shutdown closes the database only after the last
 * one has finished, including those of requests whose client has already gone away.
 */
export class InFlight {
  private running = 0;
  private waiters: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Resolves once nothing runs, or after `timeoutMs` at the latest. */
  idle(timeoutMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The same use cases, each execution counted. */
  track<T extends Record<string, Executable>>(useCases: T): T {
    const tracked = Object.fromEntries(
      Object.entries(useCases).map(([name, useCase]) => [
        name,
        { execute: (input: never) => this.run(() => useCase.execute(input)) },
      ]),
    );
    return tracked as T;
  }
}
