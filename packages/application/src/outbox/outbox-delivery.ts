import {
  DEFAULT_DELIVERY_POLICY,
  stateAfterAttempt,
  type DeliveryOutcome,
  type DeliveryPolicy,
  type NextState,
} from '@accounts/domain';
import type { OutboxEntry, Ports } from '../ports.js';
import type { ChannelLogLine, OutboxChannel } from './outbox-channel.js';
import { OutboxChannels } from './outbox-channels.js';

/** Told of every recorded attempt: for counters such as /metrics. */
export type DeliveryObserver = (kind: string, status: NextState['status']) => void;

type Attempt = DeliveryOutcome & { unexpected?: true };

/**
 * One attempt at an outbox entry, by its channel, and its result recorded in one statement
 * afterwards. A failure of the receiver is never thrown: it is recorded (retry or failed) and
 * logged. The built-in channels (billing cancellations, webhooks) are built from the ports;
 * `channels` adds more, each of a kind of its own.
 */
export class OutboxDelivery {
  readonly channels: OutboxChannels;

  constructor(
    private readonly deps: Pick<
      Ports,
      'outboxStore' | 'billing' | 'webhooks' | 'clock' | 'random' | 'logger'
    >,
    private readonly policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
    private readonly observer?: DeliveryObserver,
    channels: readonly OutboxChannel[] = [],
  ) {
    this.channels = new OutboxChannels(deps, policy, channels);
  }

  async deliver(entry: OutboxEntry): Promise<void> {
    const channel = this.channels.of(entry.kind);
    const attempt = await this.attempt(channel, entry);
    const state = stateAfterAttempt({ ...entry, attempts: entry.attempts + 1 }, attempt, {
      now: this.deps.clock.now(),
      policy: this.policy,
      jitter: (this.deps.random.integers(1, 1_000_000)[0] ?? 0) / 1_000_000,
      maxAgeMs: channel?.maxAgeMs ?? null,
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
    this.log(entry, logLineOf(channel, entry), attempt, state);
  }

  /**
   * Delivers a batch: the entries of one line (one user, one channel) one after another in the
   * batch's order (so a user's entries of a channel are first tried in order), lines in parallel,
   * so a receiver that hangs holds back no other channel's entries. `keepGoing` is asked before
   * each entry; the entries not started are returned.
   */
  async deliverAll(entries: readonly OutboxEntry[], keepGoing: () => boolean): Promise<OutboxEntry[]> {
    const lines = new Map<string, OutboxEntry[]>();
    for (const entry of entries) {
      const line = JSON.stringify([entry.userId, entry.kind]);
      lines.set(line, [...(lines.get(line) ?? []), entry]);
    }
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

  private async attempt(channel: OutboxChannel | undefined, entry: OutboxEntry): Promise<Attempt> {
    // Another process (a newer release, a host with a channel of its own) may deliver it.
    if (!channel)
      return { outcome: 'transient', problem: `no channel of this process delivers ${entry.kind}` };
    try {
      return await channel.attempt(entry);
    } catch (error) {
      return { outcome: 'transient', problem: reasonOf(error), unexpected: true };
    }
  }

  private log(entry: OutboxEntry, line: ChannelLogLine, attempt: Attempt, state: NextState): void {
    const details = {
      outboxId: entry.id,
      userId: entry.userId,
      attempts: entry.attempts + 1,
      ...line.details,
    };
    switch (state.status) {
      case 'done':
        this.deps.logger.info(
          { ...details, outcome: attempt.outcome === 'done' ? attempt.note : 'done' },
          line.delivered,
        );
        return;
      case 'failed':
        this.deps.logger.error(
          { ...details, reason: state.error, status: 'failed' },
          `${line.what} failed; given up`,
        );
        return;
      case 'pending': {
        const retry = { ...details, reason: state.error, retryInMs: state.retryInMs };
        // Held (a paused stream, a SET awaiting a poll): nothing failed, nothing to log.
        if (attempt.outcome === 'held') return;
        // Expected trouble (the receiver is down) is a warning; a thrown error is not expected.
        if (attempt.unexpected) this.deps.logger.error(retry, `${line.what} failed; will retry`);
        else this.deps.logger.warn(retry, `${line.what} failed; will retry`);
        return;
      }
    }
  }
}

function logLineOf(channel: OutboxChannel | undefined, entry: OutboxEntry): ChannelLogLine {
  if (channel) return channel.logLine(entry);
  return {
    what: `Delivery of ${entry.kind}`,
    delivered: `Delivered ${entry.kind}`,
    details: { kind: entry.kind },
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
