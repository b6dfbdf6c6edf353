import type { OutboxDepth, Ports } from '../ports.js';
import type { OutboxDelivery } from './outbox-delivery.js';

export type OutboxWorkerOptions = {
  /** DELIVERY_POLL_MS: how often it looks for due entries when nothing wakes it. */
  pollMs: number;
  /**
   * The longest one attempt can take, plus a margin: see OutboxStore.claimDue. A channel that
   * declares a longer attempt (attemptTimeoutMs) gets twice that, plus LEASE_MARGIN_MS.
   */
  leaseMs: number;
  /** Entries claimed per round. */
  batchSize?: number;
  /** How often the outbox depth is logged (when it changed). */
  depthLogMs?: number;
};

const DEFAULT_BATCH_SIZE = 20;
/** Added to twice a channel's longest attempt: its claims' lease. */
const LEASE_MARGIN_MS = 1_000;
const DEFAULT_DEPTH_LOG_MS = 60_000;

/**
 * Delivers due outbox entries in rounds: claim a batch, deliver it, and again at once when the
 * batch was full, else after `pollMs` or when woken. One runs in every server process; claims
 * skip what another holds, so instances never send one entry at the same time. `stop()` lets the
 * attempts under way finish and be recorded, and hands back the claimed entries not started.
 */
export class OutboxWorker {
  private running: Promise<void> | null = null;
  private stopping = false;
  private wakeRequested = false;
  private wakeSleeper: (() => void) | null = null;
  private lastDepthLog = 0;
  private lastDepth = '';

  constructor(
    private readonly deps: Pick<Ports, 'outboxStore' | 'logger'>,
    private readonly delivery: OutboxDelivery,
    private readonly options: OutboxWorkerOptions,
  ) {}

  start(): void {
    if (this.running || this.stopping) return;
    this.running = this.loop();
  }

  /** Looks for due entries now (after a commit that queued some). */
  wake(): void {
    this.wakeRequested = true;
    this.wakeSleeper?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    await this.running;
  }

  /** One round: claims due entries and delivers them. Returns how many it claimed. */
  async runOnce(): Promise<number> {
    const limit = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    const longest = this.delivery.channels.longestAttemptMs;
    const claimed = await this.deps.outboxStore.claimDue({
      limit,
      leaseMs: Math.max(this.options.leaseMs, longest > 0 ? 2 * longest + LEASE_MARGIN_MS : 0),
      inAnyOrder: this.delivery.channels.inAnyOrder,
    });
    if (claimed.length > 0) {
      const notStarted = await this.delivery.deliverAll(claimed, () => !this.stopping);
      if (notStarted.length > 0) await this.deps.outboxStore.release(notStarted.map((entry) => entry.id));
    }
    await this.logDepth();
    return claimed.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.wakeRequested = false;
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (error) {
        this.deps.logger.error(
          { reason: error instanceof Error ? error.message : String(error) },
          'Outbox worker round failed; trying again',
        );
      }
      // A full batch may have left more due: go again at once.
      if (claimed < (this.options.batchSize ?? DEFAULT_BATCH_SIZE)) await this.sleep(this.options.pollMs);
    }
  }

  /** Waits `ms`, less when stop() or wake() comes, not at all when one came during the round. */
  private sleep(ms: number): Promise<void> {
    if (this.stopping || this.wakeRequested) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      // Unreferenced: a sleeping worker never keeps the process alive.
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakeSleeper = done;
    });
  }

  /** The depth by kind and status, logged when it changed, at most every `depthLogMs`. */
  private async logDepth(): Promise<void> {
    const now = Date.now();
    if (now - this.lastDepthLog < (this.options.depthLogMs ?? DEFAULT_DEPTH_LOG_MS)) return;
    this.lastDepthLog = now;
    const depth = await this.deps.outboxStore.depth();
    const summary = JSON.stringify(depth);
    if (summary === this.lastDepth) return;
    this.lastDepth = summary;
    this.deps.logger.info({ outbox: depthRecord(depth) }, 'Outbox depth');
  }
}

/** `{ "billing.cancel": { pending: 2, done: 5 }, webhook: { ... } }`, by kind as stored. */
function depthRecord(depth: readonly OutboxDepth[]): Record<string, Record<string, number>> {
  const record: Record<string, Record<string, number>> = {};
  for (const { kind, status, count } of depth) record[kind] = { ...record[kind], [status]: count };
  return record;
}
