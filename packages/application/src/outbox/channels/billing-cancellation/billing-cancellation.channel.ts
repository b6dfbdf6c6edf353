import { isPlainBillingIdentifier } from '@accounts/domain';
import type { Ports } from '../../../ports.js';
import type { OutboxChannel } from '../../outbox-channel.js';

/**
 * Subscription cancellations at the billing provider (`billing.cancel`). Queued by the account
 * changes themselves (queueCancellations), not per audit record; the committing request sends
 * them before it answers, and a transient failure is retried without end (docs/decisions.md,
 * "Durable side effects").
 */
export function billingCancellationChannel(deps: Pick<Ports, 'billing'>): OutboxChannel<'billing.cancel'> {
  return {
    kind: 'billing.cancel',
    firstTry: 'request',
    inOrder: false,
    maxAgeMs: null,
    queueFor: () => Promise.resolve([]),
    async attempt(entry) {
      const { subscriptionId, mode } = entry.payload;
      if (!isPlainBillingIdentifier(subscriptionId)) {
        return { outcome: 'permanent', problem: 'the subscription id is not a plain identifier' };
      }
      // Read at each attempt: entries queued before the token was removed wait for it to return.
      if (!deps.billing.isConfigured) return { outcome: 'transient', problem: 'billing is not configured' };
      return deps.billing.cancelSubscription(subscriptionId, mode);
    },
    logLine: (entry) => ({
      what: 'Subscription cancellation',
      delivered: 'Subscription cancelled',
      details: { subscriptionId: entry.payload.subscriptionId, mode: entry.payload.mode },
    }),
    exported: (message) => ({ subscriptionId: message.payload.subscriptionId }),
  };
}
