import {
  DEFAULT_DELIVERY_POLICY,
  isPlainBillingIdentifier,
  stateAfterAttempt,
  webhookBody,
  type DeliveryOutcome,
  type DeliveryPolicy,
  type NextState,
  type OutboxKind,
} from '@accounts/domain';
import type { OutboxEntry, Ports } from '../ports.js';

/** Told of every recorded attempt: for counters such as /metrics. */
export type DeliveryObserver = (kind: OutboxKind, status: NextState['status']) => void;

type Attempt = DeliveryOutcome & { unexpected?: true };

/**
 * One attempt at an outbox entry, and its result recorded in one statement afterwards. A failure
 * of the receiver is never thrown: it is recorded (retry or failed) and logged.
 */
export class OutboxDelivery {
  constructor(
    private readonly deps: Pick<
      Ports,
      'outboxStore' | 'billing' | 'webhooks' | 'clock' | 'random' | 'logger'
    >,
    private readonly policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
    private readonly observer?: DeliveryObserver,
  ) {}

  async deliver(entry: OutboxEntry): Promise<void> {
    const attempt = await this.attempt(entry);
    const state = stateAfterAttempt({ ...entry, attempts: entry.attempts + 1 }, attempt, {
      now: this.deps.clock.now(),
      policy: this.policy,
      jitter: (this.deps.random.integers(1, 1_000_000)[0] ?? 0) / 1_000_000,
    });
    try {
      await this.deps.outboxStore.record(entry.id, state);
    } catch (error) {
      // The lease runs out and the entry is tried again: delivery is at least once.
      this.deps.logger.error(
        { outboxId: entry.id, kind: entry.kind, reason: reasonOf(error) },
        'Outbox outcome could not be recorded; the entry will be tried again',
      );
      return;
    }
    this.observer?.(entry.kind, state.status);
    this.log(entry, attempt, state);
  }

  /**
   * Delivers a batch: one user's entries one after another in the batch's order (so a user's
   * events are first tried in order), users in parallel. `keepGoing` is asked before each entry;
   * the entries not started are returned.
   */
  async deliverAll(entries: readonly OutboxEntry[], keepGoing: () => boolean): Promise<OutboxEntry[]> {
    const lines = new Map<string, OutboxEntry[]>();
    for (const entry of entries) lines.set(entry.userId, [...(lines.get(entry.userId) ?? []), entry]);
    const notStarted: OutboxEntry[] = [];
    await Promise.all(
      [...lines.values()].map(async (line) => {
        for (const [index, entry] of line.entries()) {
          if (!keepGoing()) {
            notStarted.push(...line.slice(index));
            return;
          }
          await this.deliver(entry);
        }
      }),
    );
    return notStarted;
  }

  private async attempt(entry: OutboxEntry): Promise<Attempt> {
    try {
      switch (entry.kind) {
        case 'billing.cancel': {
          const { subscriptionId, mode } = entry.payload;
          if (!isPlainBillingIdentifier(subscriptionId)) {
            return { outcome: 'permanent', problem: 'the subscription id is not a plain identifier' };
          }
          if (!this.deps.billing.isConfigured) {
            return { outcome: 'transient', problem: 'billing is not configured' };
          }
          return await this.deps.billing.cancelSubscription(subscriptionId, mode);
        }
        case 'webhook':
          if (!this.deps.webhooks.isConfigured) {
            return { outcome: 'transient', problem: 'webhooks are not configured' };
          }
          return await this.deps.webhooks.send({ id: entry.id, body: webhookBody(entry.payload) });
      }
    } catch (error) {
      return { outcome: 'transient', problem: reasonOf(error), unexpected: true };
    }
  }

  private log(entry: OutboxEntry, attempt: Attempt, state: NextState): void {
    const details = {
      outboxId: entry.id,
      userId: entry.userId,
      attempts: entry.attempts + 1,
      ...(entry.kind === 'billing.cancel'
        ? { subscriptionId: entry.payload.subscriptionId, mode: entry.payload.mode }
        : { type: entry.payload.type }),
    };
    const what = entry.kind === 'billing.cancel' ? 'Subscription cancellation' : 'Webhook delivery';
    switch (state.status) {
      case 'done':
        this.deps.logger.info(
          { ...details, outcome: attempt.outcome === 'done' ? attempt.note : 'done' },
          entry.kind === 'billing.cancel' ? 'Subscription cancelled' : 'Webhook delivered',
        );
        return;
      case 'failed':
        this.deps.logger.error(
          { ...details, reason: state.error, status: 'failed' },
          `${what} failed; given up`,
        );
        return;
      case 'pending': {
        const retry = { ...details, reason: state.error, retryInMs: state.retryInMs };
        // Expected trouble (the receiver is down) is a warning; a thrown error is not expected.
        if (attempt.unexpected) this.deps.logger.error(retry, `${what} failed; will retry`);
        else this.deps.logger.warn(retry, `${what} failed; will retry`);
        return;
      }
    }
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
