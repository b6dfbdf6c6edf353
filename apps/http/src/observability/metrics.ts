import type { AuthCheckObserver } from '@accounts/application';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { registerEventLoopDelay } from './event-loop-delay.js';
import { RequestMetrics } from './request-metrics.js';

/** How many outbox entries have one kind and status. */
type OutboxCount = { kind: string; status: string; count: number };

/** Reads the outbox's counts at scrape time (the composition root passes a database query). */
export type OutboxCountSource = () => Promise<readonly OutboxCount[]>;

/** The route label of a request that matched no route: one label, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The service's Prometheus series, in a registry of its own (tests start several services in one
 * process): requests and their latency, failed checks and locks, the outbox, and prom-client's
 * process metrics, and the event-loop delay as the service measures it (event-loop-delay.ts).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private outboxSource: OutboxCountSource | null = null;

  private readonly requests = new RequestMetrics(this.registry, LATENCY_BUCKETS_SECONDS);
  private readonly failedChecks = new Counter({
    name: 'accounts_auth_failed_checks_total',
    help: 'Wrong passwords and codes that count towards the failure limit, by kind of refusal',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly locks = new Counter({
    name: 'accounts_auth_locks_total',
    help: 'Locks placed by the failure limit (an account for one client, or a whole account)',
    registers: [this.registry],
  });
  private readonly lockedRefusals = new Counter({
    name: 'accounts_auth_locked_refusals_total',
    help: 'Requests refused without a check because the account (or it for this client) was locked',
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'accounts_outbox_deliveries_total',
    help: "Outbox delivery attempts, by kind and outcome (the entry's status after the attempt)",
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(options: { onCollectError?: (error: unknown) => void } = {}) {
    const source = () => this.outboxSource;
    new Gauge({
      name: 'accounts_outbox_entries',
      help: 'Outbox entries, by kind and status',
      labelNames: ['kind', 'status'] as const,
      registers: [this.registry],
      async collect() {
        const read = source();
        if (!read) return;
        this.reset();
        try {
          for (const { kind, status, count } of await read()) this.set({ kind, status }, count);
        } catch (error) {
          // A scrape still answers; the series is missing until the database answers again.
          options.onCollectError?.(error);
        }
      },
    });
    collectDefaultMetrics({ register: this.registry });
    registerEventLoopDelay(this.registry);
  }

  recordRequest(request: { route: string | undefined; method: string; statusCode: number; seconds: number }) {
    this.requests.record(
      request.route ?? UNMATCHED_ROUTE,
      request.method,
      request.statusCode,
      request.seconds,
    );
  }

  /** For createUseCases({ authChecks }): the failure limit's outcomes as counters. */
  readonly authChecks: AuthCheckObserver = {
    failedCheck: (reason) => this.failedChecks.inc({ reason }),
    locked: () => this.locks.inc(),
    refusedWhileLocked: () => this.lockedRefusals.inc(),
  };

  /** One delivery attempt of the outbox worker: `outcome` is the entry's status after it. */
  readonly recordDelivery = (kind: string, outcome: string): void => {
    this.deliveries.inc({ kind, outcome });
  };

  /** Where `accounts_outbox_entries` reads its counts from at each scrape. */
  observeOutbox(source: OutboxCountSource): void {
    this.outboxSource = source;
  }

  /** The Prometheus text format of every series. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
