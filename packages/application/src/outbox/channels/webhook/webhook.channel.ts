import {
  customDomainOf,
  DROP_SERVICE,
  needsCurrentDomain,
  webhookBody,
  webhookEventOf,
  webhookShares,
} from '@accounts/domain';
import type { OutboxMessageOf, Ports } from '../../../ports.js';
import type { OutboxChannel } from '../../outbox-channel.js';

/**
 * Account-event webhooks (`webhook`): every audited change queues its event when WEBHOOK_URL is
 * set; the worker sends them, a user's in the order of the changes, and a transient failure is
 * retried for WEBHOOK_MAX_AGE_MS after the change (docs/decisions.md, "Durable side effects").
 */
export function webhookChannel(deps: Pick<Ports, 'webhooks'>, maxAgeMs: number): OutboxChannel<'webhook'> {
  return {
    kind: 'webhook',
    firstTry: 'worker',
    inOrder: true,
    maxAgeMs,
    async queueFor(record, { tx, at }) {
      if (!deps.webhooks.isConfigured) return [];
      const currentDomain = needsCurrentDomain(record)
        ? customDomainOf(await tx.entitlements.findByService(record.userId, DROP_SERVICE))
        : null;
      // A revocation of more than 100 sessions with a sid is told in shares of 100 (Bounded lists).
      return webhookShares(record).flatMap((share): OutboxMessageOf<'webhook'>[] => {
        const event = webhookEventOf(share, { at, currentDomain });
        return event ? [{ kind: 'webhook', userId: record.userId, payload: event }] : [];
      });
    },
    async attempt(entry) {
      // Read at each attempt: entries queued before the URL was removed wait until their age runs out.
      if (!deps.webhooks.isConfigured)
        return { outcome: 'transient', problem: 'webhooks are not configured' };
      return deps.webhooks.send({ id: entry.id, body: webhookBody(entry.payload) });
    },
    logLine: (entry) => ({
      what: 'Webhook delivery',
      delivered: 'Webhook delivered',
      details: { type: entry.payload.type },
    }),
    exported: (message) => ({ type: message.payload.type, data: message.payload.data }),
  };
}
