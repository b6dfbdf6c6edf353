import type { CancellationMode, Ports } from './ports.js';

/**
 * Best effort: every subscription of the user is cancelled in parallel; a failure is logged and
 * never fails the operation. The gateway bounds each call by its timeout.
 */
export async function cancelSubscriptions(
  deps: Pick<Ports, 'entitlements' | 'billing' | 'logger'>,
  userId: string,
  mode: CancellationMode,
): Promise<void> {
  const subscribed = await deps.entitlements.findSubscribed(userId);
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
  const outcomes = await Promise.allSettled(
    subscriptionIds.map((id) => deps.billing.cancelSubscription(id, mode)),
  );
  outcomes.forEach((outcome, i) => {
    const subscriptionId = subscriptionIds[i];
    if (outcome.status === 'fulfilled') {
      deps.logger.info({ userId, subscriptionId, outcome: outcome.value, mode }, 'Subscription cancelled');
    } else {
      const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      deps.logger.error({ userId, subscriptionId, mode, reason }, 'Subscription cancellation failed');
    }
  });
}
