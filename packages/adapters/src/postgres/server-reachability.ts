/** What a statement meets while the database server is not answering; the cause is what showed it. */
export class DatabaseUnreachableError extends Error {
  constructor(cause: Error) {
    super('The database server is not answering', { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** Told when an outage starts (with what showed it) and when it ends: each once per outage. */
export type OutageListener = {
  started(cause: Error): void;
  ended(durationMs: number): void;
};

/** How long the probe waits between two tries while the server is silent. */
const PROBE_INTERVAL_MS = 250;

/**
 * Whether the database server answers, as this process last saw it. A query the server never
 * answered, or a connection that could not be made, marks it silent: from then on every statement
 * fails at once, those already waiting included, while `probe` is tried in the background until
 * the server answers it. So a request meets at most one timeout in an outage however many
 * statements it runs, and no request waits on a probe (docs/decisions.md, "Outages and deploys").
 */
export class ServerReachability {
  #outage: DatabaseUnreachableError | undefined;
  #stopped = false;
  readonly #waiting = new Set<(error: Error) => void>();

  #startedAt = 0;

  /** `probe` resolves when the server answered, within a bounded time; it is never run concurrently. */
  constructor(
    private readonly probe: () => Promise<void>,
    private readonly listener?: OutageListener,
  ) {}

  /** The outage under way, if any. */
  get outage(): DatabaseUnreachableError | undefined {
    return this.#outage;
  }

  /** The server did not answer in time, or could not be reached. */
  silent(cause: Error): void {
    if (this.#outage || this.#stopped) return;
    const outage = new DatabaseUnreachableError(cause);
    this.#outage = outage;
    this.#startedAt = Date.now();
    this.listener?.started(cause);
    for (const fail of this.#waiting) fail(outage);
    this.#waiting.clear();
    void this.#probeUntilAnswered();
  }

  /** `work`'s outcome, or the outage's error as soon as the server falls silent before it settles. */
  whileAnswering<T>(work: Promise<T>): Promise<T> {
    if (this.#outage) return Promise.reject(this.#outage);
    const waiting = this.#waiting;
    // Plain handlers rather than `finally`: this wraps every connect and statement, and `finally`
    // costs three more turns of the microtask queue than a handler does.
    return new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      work.then(
        (value) => {
          waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          waiting.delete(reject);
          // Passed on as `work` failed, whatever it failed with.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          reject(error);
        },
      );
    });
  }

  /** No more probes (the pool is ending). */
  stop(): void {
    this.#stopped = true;
  }

  async #probeUntilAnswered(): Promise<void> {
    do {
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS).unref());
      if (this.#stopped) return;
      try {
        await this.probe();
        this.#outage = undefined;
        this.listener?.ended(Date.now() - this.#startedAt);
      } catch {
        // Still silent: the outage was told once as it started; try again.
      }
    } while (this.#outage);
  }
}
