/**
 * Runs `work` every `intervalMs` (the first run one interval after start), one run at a time.
 * Its timer never keeps the process alive; `stop()` cancels the next run and waits for the one
 * under way. A run that throws is reported and the schedule goes on.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.stopped || this.timer) return;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.work()
        .catch(this.onError)
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }
}
