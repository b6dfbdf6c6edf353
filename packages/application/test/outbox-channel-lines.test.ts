import { describe, expect, it } from 'vitest';
import type { DeliveryOutcome } from '@accounts/domain';
import { OutboxDelivery, OutboxWorker } from '@accounts/application';
import { setUp } from './support.js';

const POLICY = { retryBaseMs: 1_000, retryMaxMs: 60_000, webhookMaxAgeMs: 3_600_000 };

/** The webhook receiver never answers until `answer()`: an attempt that hangs for as long as the test wants. */
function hangingWebhooks(t: ReturnType<typeof setUp>) {
  let answer: () => void = () => undefined;
  t.ports.webhooks.send = (message) => {
    t.ports.webhooks.sent.push(message);
    return new Promise<DeliveryOutcome>((resolve) => {
      answer = () => resolve({ outcome: 'done', note: 'HTTP 204' });
    });
  };
  return { answer: () => answer() };
}

describe("a user's line in the outbox is per user and channel", () => {
  it('delivers a billing cancellation while a webhook of the same user, earlier in the batch, hangs', async () => {
    const t = setUp();
    const user = t.addUser();
    const receiver = hangingWebhooks(t);
    // Both due for the worker, the webhook first: one batch, one user, two channels.
    const webhook = await t.ports.outbox.enqueue({
      kind: 'webhook',
      userId: user.id,
      payload: {
        type: 'user.disabled',
        timestamp: t.ports.clock.now().toISOString(),
        data: { userId: user.id },
      },
    });
    const cancellation = await t.ports.outbox.enqueue({
      kind: 'billing.cancel',
      userId: user.id,
      payload: { subscriptionId: 'sub_a', mode: 'at-period-end' },
    });
    const worker = new OutboxWorker(t.ports, new OutboxDelivery(t.ports, POLICY), {
      pollMs: 60_000,
      leaseMs: 10_000,
    });

    const round = worker.runOnce();
    await expect
      .poll(() => t.ports.outbox.entries({ kind: 'billing.cancel' }).map((e) => [e.id, e.status]), {
        timeout: 10_000,
      })
      .toEqual([[cancellation.id, 'done']]);
    expect(t.ports.billing.cancellations).toEqual([{ subscriptionId: 'sub_a', mode: 'at-period-end' }]);
    // The webhook is still out with its receiver: sent, not recorded.
    expect(t.ports.webhooks.sent.map((m) => m.id)).toEqual([webhook.id]);
    expect(t.ports.outbox.entries({ kind: 'webhook' })).toMatchObject([{ status: 'pending', attempts: 0 }]);

    receiver.answer();
    expect(await round).toBe(2);
    expect(t.ports.outbox.entries({ kind: 'webhook' })).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it("leases each entry by its place in its own channel's line, not in the user's whole batch", async () => {
    const t = setUp();
    const user = t.addUser();
    const event = (type: 'user.disabled' | 'user.enabled') => ({
      kind: 'webhook' as const,
      userId: user.id,
      payload: { type, timestamp: t.ports.clock.now().toISOString(), data: { userId: user.id } },
    });
    await t.ports.outbox.enqueue(event('user.disabled'));
    await t.ports.outbox.enqueue({
      kind: 'billing.cancel',
      userId: user.id,
      payload: { subscriptionId: 'sub_a', mode: 'immediately' },
    });
    await t.ports.outbox.enqueue(event('user.enabled'));

    const claimed = await t.ports.outboxStore.claimDue({ limit: 10, leaseMs: 1_000 });
    const now = t.ports.clock.now().getTime();
    expect(claimed.map((e) => [e.kind, e.nextAttemptAt.getTime() - now])).toEqual([
      ['webhook', 1_000],
      ['billing.cancel', 1_000],
      ['webhook', 2_000],
    ]);
  });
});
