import type { DeliveryPolicy } from '@accounts/domain';
import type { Ports } from '../ports.js';
import { billingCancellationChannel } from './channels/billing-cancellation/billing-cancellation.channel.js';
import { webhookChannel } from './channels/webhook/webhook.channel.js';
import type { OutboxChannel } from './outbox-channel.js';

/**
 * The kinds an OutboxStore claims in any order when its caller names none: those of the built-in
 * channels that are (billing cancellations), as OutboxChannels.inAnyOrder has them.
 */
export const BUILT_IN_IN_ANY_ORDER: readonly string[] = ['billing.cancel'];

/**
 * The channels of one process, by kind: the two built-in ones built from the ports, then the
 * extra ones given, in that order (the order in which an audited change queues their entries).
 */
export class OutboxChannels {
  private readonly byKind = new Map<string, OutboxChannel>();

  constructor(
    deps: Pick<Ports, 'billing' | 'webhooks'>,
    policy: DeliveryPolicy,
    extra: readonly OutboxChannel[] = [],
  ) {
    const channels = [
      billingCancellationChannel(deps),
      webhookChannel(deps, policy.webhookMaxAgeMs),
      ...extra,
    ];
    for (const channel of channels) {
      // Two deliverers of one kind would split its entries between them.
      if (this.byKind.has(channel.kind)) throw new Error(`Two outbox channels of kind ${channel.kind}`);
      this.byKind.set(channel.kind, channel);
    }
  }

  /** Every channel, built-in ones first. */
  get all(): readonly OutboxChannel[] {
    return [...this.byKind.values()];
  }

  /** The channel of `kind`; undefined for a kind no channel of this process delivers. */
  of(kind: string): OutboxChannel | undefined {
    return this.byKind.get(kind);
  }

  /** The longest attempt a channel declares (attemptTimeoutMs); 0 when none does. */
  get longestAttemptMs(): number {
    return Math.max(0, ...this.all.map((channel) => channel.attemptTimeoutMs ?? 0));
  }

  /** The kinds whose entries the worker claims in any order (OutboxStore.claimDue). */
  get inAnyOrder(): string[] {
    return this.all.filter((channel) => !channel.inOrder).map((channel) => channel.kind);
  }
}
