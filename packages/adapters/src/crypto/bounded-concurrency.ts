/**
 * At most `maxRunning` tasks at once, at most `maxWaiting` more waiting in line (first come, first
 * served); past that, `run` refuses at once with `busy()`'s error instead of queueing without end.
 */
export class BoundedConcurrency {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
    private readonly busy: () => Error,
  ) {
    if (!(maxRunning >= 1) || !(maxWaiting >= 0)) {
      throw new Error(`BoundedConcurrency needs maxRunning >= 1 and maxWaiting >= 0`);
    }
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) throw this.busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
