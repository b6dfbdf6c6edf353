import type { CancellationMode, Ports, TransactionalPorts } from '../../../ports.js';

/**
 * Queues one cancellation per subscription of the user, in the change's transaction: the unit of
 * work delivers them right after the commit, the worker retries what the provider did not
 * confirm. With billing not configured nothing is queued (logged once).
 */
export async function queueCancellations(
  tx: Pick<TransactionalPorts, 'entitlements' | 'outbox'>,
  deps: Pick<Ports, 'billing' | 'logger'>,
  userId: string,
  mode: CancellationMode,
): Promise<void> {
  const subscribed = await tx.entitlements.findSubscribed(userId);
  const subscriptionIds = subscribed.flatMap((e) =>
    e.billingSubscriptionId ? [e.billingSubscriptionId] : [],
  );
  if (subscriptionIds.length === 0) return;
  if (!deps.billing.isConfigured) {
    deps.logger.warn(
      { userId, subscriptions: subscriptionIds.length },
      'Billing is not configured; cancellation skipped',
    );
    return;
  }
  for (const subscriptionId of subscriptionIds) {
    await tx.outbox.enqueue({ kind: 'billing.cancel', userId, payload: { subscriptionId, mode } });
  }
}
