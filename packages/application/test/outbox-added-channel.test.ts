import { describe, expect, it } from 'vitest';
import { ok, type AuditRecord, type DeliveryOutcome } from '@accounts/domain';
import {
  BUILT_IN_IN_ANY_ORDER,
  OutboxDelivery,
  OutboxingUnitOfWork,
  OutboxWorker,
  type OutboxChannel,
} from '@accounts/application';
import { PASSWORD, setUp } from './support.js';

declare module '@accounts/application' {
  interface OutboxPayloads {
    /** The test's own channel: it tells a receiver the name of every audited change. */
    'test.echo': { event: AuditRecord['event'] };
  }
}

const POLICY = { retryBaseMs: 1_000, retryMaxMs: 60_000, webhookMaxAgeMs: 3_600_000 };
const ECHO_MAX_AGE_MS = 10_000;

/** A third channel, written here alone: its receiver answers with `next`, or never when it is null. */
function echoChannel() {
  const received: string[] = [];
  let next: DeliveryOutcome | null = { outcome: 'done', note: 'echoed' };
  const waiting: (() => void)[] = [];
  const channel: OutboxChannel<'test.echo'> = {
    kind: 'test.echo',
    firstTry: 'worker',
    inOrder: true,
    maxAgeMs: ECHO_MAX_AGE_MS,
    queueFor: (record) =>
      Promise.resolve([{ kind: 'test.echo', userId: record.userId, payload: { event: record.event } }]),
    attempt(entry) {
      received.push(entry.payload.event);
      const answer = next;
      if (answer) return Promise.resolve(answer);
      return new Promise((resolve) => waiting.push(() => resolve({ outcome: 'done', note: 'late' })));
    },
    logLine: (entry) => ({ what: 'Echo', delivered: 'Echoed', details: { event: entry.payload.event } }),
    exported: (message) => ({ event: message.payload.event }),
  };
  return {
    channel,
    received,
    answerWith(outcome: DeliveryOutcome | null) {
      next = outcome;
    },
    /** Answers every attempt left hanging. */
    release() {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

function withEcho() {
  const echo = echoChannel();
  const t = setUp({ outbox: { policy: POLICY, channels: [echo.channel] } });
  const worker = new OutboxWorker(t.ports, new OutboxDelivery(t.ports, POLICY, undefined, [echo.channel]), {
    pollMs: 60_000,
    leaseMs: 10_000,
  });
  return { t, echo, worker };
}

describe('a channel added through the optional argument', () => {
  it("queues its entries for every audited change in the change's transaction; the worker delivers them in order", async () => {
    const { t, echo, worker } = withEcho();
    const user = t.addUser();

    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    expect(t.ports.outbox.entries({ kind: 'test.echo' })).toMatchObject([
      { userId: user.id, status: 'pending', payload: { event: 'USER_DISABLE' } },
      { userId: user.id, status: 'pending', payload: { event: 'USER_UPDATE' } },
    ]);

    expect(await worker.runOnce()).toBe(4); // two webhooks, two echoes
    expect(echo.received).toEqual(['USER_DISABLE', 'USER_UPDATE']);
    expect(t.ports.outbox.entries({ kind: 'test.echo', status: 'done' })).toHaveLength(2);
    expect(t.ports.webhooks.events().map((e) => e.type)).toEqual(['user.disabled', 'user.enabled']);
    expect(t.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'Echoed' }),
    );
  });

  it('queues nothing when the change rolls back', async () => {
    const { t } = withEcho();
    const user = t.addUser();
    t.audit.failing = true;

    await expect(
      t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD }),
    ).rejects.toThrow();
    expect(t.db.outbox).toEqual([]);
  });

  it('retries a transient failure and gives up when the channel says', async () => {
    const { t, echo, worker } = withEcho();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    echo.answerWith({ outcome: 'transient', problem: 'echo is down' });

    await worker.runOnce();
    expect(t.ports.outbox.entries({ kind: 'test.echo' })).toMatchObject([
      { status: 'pending', attempts: 1, lastError: 'echo is down' },
    ]);
    t.ports.clock.advance(ECHO_MAX_AGE_MS);
    await worker.runOnce();
    expect(t.ports.outbox.entries({ kind: 'test.echo' })).toMatchObject([{ status: 'failed', attempts: 2 }]);
    expect(t.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'Echo failed; given up' }),
    );
  });

  it("holds back none of the user's webhooks while its receiver hangs", async () => {
    const { t, echo, worker } = withEcho();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    echo.answerWith(null);

    const round = worker.runOnce();
    await expect
      .poll(() => t.ports.outbox.entries({ kind: 'webhook', status: 'done' }).length, { timeout: 10_000 })
      .toBe(2);
    expect(t.ports.webhooks.events().map((e) => e.type)).toEqual(['user.disabled', 'user.enabled']);
    // Its own line waits: the second echo is not started while the first hangs.
    expect(echo.received).toEqual(['USER_DISABLE']);

    echo.answerWith({ outcome: 'done', note: 'echoed' });
    echo.release();
    expect(await round).toBe(4);
    expect(echo.received).toEqual(['USER_DISABLE', 'USER_UPDATE']);
  });

  it("is in the owner's export as the channel exports it", async () => {
    const { t } = withEcho();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });

    const exported = await t.useCases.exportAccount.execute({ userId: user.id });
    expect(exported.ok && exported.value.deliveries.map((d) => [d.kind, d.data])).toEqual([
      ['webhook', { type: 'user.disabled', data: { userId: user.id, email: user.email } }],
      ['test.echo', { event: 'USER_DISABLE' }],
    ]);
  });

  it('is queued by an OutboxingUnitOfWork through the delivery it is given', async () => {
    const { t, echo } = withEcho();
    const user = t.addUser();
    const delivery = new OutboxDelivery(t.ports, POLICY, undefined, [echo.channel]);
    const unitOfWork = new OutboxingUnitOfWork(t.ports.unitOfWork, t.ports, delivery, { leaseMs: 1_000 });

    await unitOfWork.run(async (tx) => {
      await tx.auditLog.append({ userId: user.id, event: 'USER_BAN', details: {} });
      return ok();
    });
    expect(t.ports.outbox.entries().map((e) => e.kind)).toEqual(['webhook', 'test.echo']);
  });

  it('is first tried in order unless it says otherwise, as the stores assume of the built-in ones', () => {
    const { t, echo } = withEcho();
    const delivery = new OutboxDelivery(t.ports, POLICY, undefined, [echo.channel]);
    expect(delivery.channels.inAnyOrder).toEqual([...BUILT_IN_IN_ANY_ORDER]);
    const unordered = new OutboxDelivery(t.ports, POLICY, undefined, [{ ...echo.channel, inOrder: false }]);
    expect(unordered.channels.inAnyOrder).toEqual([...BUILT_IN_IN_ANY_ORDER, 'test.echo']);
  });

  it('may not take the kind of a built-in channel', () => {
    const { t, echo } = withEcho();
    const impostor = { ...echo.channel, kind: 'webhook' } as const;
    expect(() => new OutboxDelivery(t.ports, POLICY, undefined, [impostor])).toThrow(
      'Two outbox channels of kind webhook',
    );
  });

  it('leaves its entries pending for another process when this one has no such channel', async () => {
    const { t } = withEcho();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    const without = new OutboxWorker(t.ports, new OutboxDelivery(t.ports, POLICY), {
      pollMs: 60_000,
      leaseMs: 10_000,
    });

    await without.runOnce();
    expect(t.ports.outbox.entries({ kind: 'test.echo' })).toMatchObject([
      { status: 'pending', attempts: 1, lastError: 'no channel of this process delivers test.echo' },
    ]);
    t.ports.clock.advance(POLICY.webhookMaxAgeMs * 10);
    await without.runOnce();
    expect(t.ports.outbox.entries({ kind: 'test.echo' })).toMatchObject([{ status: 'pending', attempts: 2 }]);
  });
});
