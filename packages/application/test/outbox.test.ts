import { describe, expect, it } from 'vitest';
import { ok } from '@accounts/domain';
import {
  OutboxDelivery,
  OutboxingUnitOfWork,
  OutboxWorker,
  type ReauthenticationInput,
  type UnitOfWork,
  type UseCases,
} from '@accounts/application';
import { PASSWORD, setUp, type TestContext } from './support.js';

const POLICY = { retryBaseMs: 1_000, retryMaxMs: 60_000, webhookMaxAgeMs: 3_600_000 };

function withSubscriptions(t: TestContext, ids = ['sub_a', 'sub_b']) {
  const user = t.addUser({ email: 'ada@example.com' });
  ids.forEach((billingSubscriptionId, i) =>
    t.addEntitlement(user.id, { service: i === 0 ? 'DROP' : `S${i}`, billingSubscriptionId }),
  );
  return user;
}

const worker = (t: TestContext, pollMs = 60_000) =>
  new OutboxWorker(t.ports, new OutboxDelivery(t.ports, POLICY), { pollMs, leaseMs: 10_000 });

describe.each([
  {
    name: 'DisableAccount',
    mode: 'at-period-end',
    run: (u: UseCases, i: ReauthenticationInput) => u.disableAccount.execute(i),
  },
  {
    name: 'BanAccount',
    mode: 'at-period-end',
    run: (u: UseCases, i: ReauthenticationInput) => u.banAccount.execute(i),
  },
  {
    name: 'DeleteAccount',
    mode: 'immediately',
    run: (u: UseCases, i: ReauthenticationInput) => u.deleteAccount.execute(i),
  },
] as const)('$name through the outbox', ({ mode, run }) => {
  it('queues one cancellation per subscription with the change and delivers it before answering', async () => {
    const t = setUp();
    const user = withSubscriptions(t);

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);

    const entries = t.ports.outbox.entries({ kind: 'billing.cancel' });
    expect(entries.map((e) => [e.userId, e.payload, e.status, e.attempts])).toEqual([
      [user.id, { subscriptionId: 'sub_a', mode }, 'done', 1],
      [user.id, { subscriptionId: 'sub_b', mode }, 'done', 1],
    ]);
  });

  it('keeps a cancellation the provider did not confirm pending, and the worker sends it later', async () => {
    const t = setUp({ outbox: { policy: POLICY } });
    t.ports.webhooks.isConfigured = false;
    const user = withSubscriptions(t);
    t.ports.billing.cancellationBehaviour.set('sub_a', 'transient');

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);
    const [pending] = t.ports.outbox.entries({ status: 'pending', kind: 'billing.cancel' });
    expect(pending).toMatchObject({
      attempts: 1,
      lastError: 'HTTP 503',
      payload: { subscriptionId: 'sub_a' },
    });
    expect(pending!.nextAttemptAt.getTime() - t.ports.clock.now().getTime()).toBeGreaterThanOrEqual(1_000);
    expect(t.ports.logger.entries.filter((e) => e.level === 'error')).toEqual([]);

    t.ports.billing.cancellationBehaviour.set('sub_a', 'cancelled');
    expect(await worker(t).runOnce()).toBe(0); // not due yet
    t.ports.clock.advance(60_000);
    expect(await worker(t).runOnce()).toBe(1);
    expect(t.ports.outbox.entries({ kind: 'billing.cancel', status: 'done' })).toHaveLength(2);
    expect(t.ports.billing.cancellations.filter((c) => c.subscriptionId === 'sub_a')).toHaveLength(2);
  });

  it('fails a cancellation the provider refuses for good, and logs it with the subscription id', async () => {
    const t = setUp();
    const user = withSubscriptions(t);
    t.ports.billing.cancellationBehaviour.set('sub_a', 'rejected');

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);
    expect(t.ports.outbox.entries({ status: 'failed' })).toMatchObject([
      { payload: { subscriptionId: 'sub_a' }, lastError: 'HTTP 401' },
    ]);
    expect(t.ports.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({ subscriptionId: 'sub_a', status: 'failed' }) as unknown,
      }),
    );
  });

  it('never sends a subscription id that is not a plain identifier: failed and logged', async () => {
    const t = setUp();
    const user = withSubscriptions(t, ['..', 'sub/../x']);

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);
    expect(t.ports.billing.cancellations).toEqual([]);
    expect(t.ports.outbox.entries({ kind: 'billing.cancel' }).map((e) => e.status)).toEqual([
      'failed',
      'failed',
    ]);
    expect(t.ports.logger.entries.filter((e) => e.level === 'error')).toHaveLength(2);
  });

  it('queues and sends nothing when the change rolls back', async () => {
    const t = setUp();
    const user = withSubscriptions(t);
    t.audit.failing = true;

    await expect(run(t.useCases, { userId: user.id, password: PASSWORD })).rejects.toThrow();
    expect(t.db.outbox).toEqual([]);
    expect(t.ports.billing.cancellations).toEqual([]);
  });

  it('queues one webhook event with the email, for the worker, and the request does not send it', async () => {
    let woken = 0;
    const t = setUp({ outbox: { onQueued: () => woken++ } });
    const user = withSubscriptions(t);

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);
    const webhooks = t.ports.outbox.entries({ kind: 'webhook' });
    expect(webhooks).toHaveLength(1);
    expect(webhooks[0]).toMatchObject({ userId: user.id, status: 'pending', attempts: 0 });
    expect(webhooks[0]?.payload).toMatchObject({ data: { userId: user.id, email: 'ada@example.com' } });
    expect(t.ports.webhooks.sent).toEqual([]);
    expect(woken).toBe(1);

    await worker(t).runOnce();
    expect(t.ports.webhooks.sent.map((m) => m.id)).toEqual([webhooks[0]?.id]);
  });
});

describe('webhooks for every audited change', () => {
  it('queues one event per audit record, in order, and the worker sends them in that order', async () => {
    const t = setUp();
    const user = t.addUser({ email: 'ada@example.com' });
    t.addEntitlement(user.id, { tier: 'enterprise' });
    const input = { userId: user.id, password: PASSWORD };

    await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'ada.example' });
    await t.useCases.disconnectCustomDomain.execute({ userId: user.id });
    await t.useCases.disableAccount.execute(input);
    await t.useCases.enableAccount.execute(input);
    await t.useCases.banAccount.execute(input);
    await t.useCases.unbanAccount.execute(input);
    await t.useCases.deleteAccount.execute(input);
    await worker(t).runOnce();

    expect(t.db.auditRecords).toEqual([]); // cascaded away with the user; the events remain
    expect(t.ports.webhooks.events().map((e) => [e.type, e.data])).toEqual([
      ['custom_domain.connected', { userId: user.id, domain: 'ada.example' }],
      ['custom_domain.disconnected', { userId: user.id }],
      ['user.disabled', { userId: user.id, email: 'ada@example.com' }],
      ['user.enabled', { userId: user.id }],
      ['user.banned', { userId: user.id, email: 'ada@example.com' }],
      ['user.unbanned', { userId: user.id }],
      ['user.deleted', { userId: user.id, email: 'ada@example.com' }],
    ]);
    expect(t.ports.webhooks.events().every((e) => e.timestamp === t.ports.clock.now().toISOString())).toBe(
      true,
    );
  });

  it('takes the verified domain from the entitlement when the audit record does not name it', async () => {
    const t = setUp();
    const user = t.addUser();
    t.addEntitlement(user.id, { metadata: { customDomain: 'ada.example', customDomainVerified: false } });

    await t.ports.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({
        userId: user.id,
        event: 'USER_UPDATE',
        details: { field: 'customDomainVerified', value: true },
      });
      return ok();
    });
    // The ports' own unit of work is not decorated; the use cases' is: go through one.
    const decorated = new OutboxingUnitOfWork(t.ports.unitOfWork, t.ports, new OutboxDelivery(t.ports), {
      leaseMs: 1_000,
    });
    await decorated.run(async (tx) => {
      await tx.auditLog.append({
        userId: user.id,
        event: 'USER_UPDATE',
        details: { field: 'customDomainVerified', value: true },
      });
      return ok();
    });
    expect(t.ports.outbox.entries({ kind: 'webhook' }).map((e) => e.payload)).toEqual([
      {
        type: 'custom_domain.verified',
        timestamp: t.ports.clock.now().toISOString(),
        data: { userId: user.id, domain: 'ada.example' },
      },
    ]);
  });

  it('queues no event when webhooks are not configured', async () => {
    const t = setUp();
    t.ports.webhooks.isConfigured = false;
    const user = t.addUser();

    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    expect(t.db.outbox).toEqual([]);
  });

  it('retries a failed event with the same id, backing off, and fails it after WEBHOOK_MAX_AGE_MS', async () => {
    const t = setUp();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    t.ports.webhooks.answer = { outcome: 'transient', problem: 'HTTP 500' };

    const w = worker(t);
    await w.runOnce();
    await w.runOnce(); // not due again yet
    t.ports.clock.advance(1_300);
    await w.runOnce();
    expect(t.ports.webhooks.sent).toHaveLength(2);
    expect(new Set(t.ports.webhooks.sent.map((m) => m.id)).size).toBe(1);
    expect(t.ports.outbox.entries({ kind: 'webhook' })[0]).toMatchObject({ status: 'pending', attempts: 2 });

    t.ports.clock.advance(POLICY.webhookMaxAgeMs);
    await w.runOnce();
    expect(t.ports.outbox.entries({ kind: 'webhook' })[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(t.ports.logger.entries).toContainEqual(expect.objectContaining({ level: 'error' }));
  });

  it('does not first-try a later event while an earlier one of the same user is out for its first try', async () => {
    const t = setUp();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    const [first] = t.ports.outbox.entries({ kind: 'webhook' });
    // Another instance holds the first event (leased, not yet recorded).
    t.db.outbox = t.db.outbox.map((e) =>
      e.id === first?.id ? { ...e, nextAttemptAt: new Date(t.ports.clock.now().getTime() + 5_000) } : e,
    );

    expect(await worker(t).runOnce()).toBe(0);
    t.ports.clock.advance(5_000);
    expect(await worker(t).runOnce()).toBe(2);
    expect(t.ports.webhooks.events().map((e) => e.type)).toEqual(['user.disabled', 'user.enabled']);
  });
});

describe('OutboxWorker', () => {
  it('logs the outbox depth by kind and status', async () => {
    const t = setUp();
    t.ports.billing.cancellationBehaviour.set('sub_a', 'rejected');
    const user = withSubscriptions(t);
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    const w = new OutboxWorker(t.ports, new OutboxDelivery(t.ports, POLICY), {
      pollMs: 60_000,
      leaseMs: 10_000,
      depthLogMs: 0,
    });

    await w.runOnce();
    expect(t.ports.logger.entries).toContainEqual({
      level: 'info',
      message: 'Outbox depth',
      details: { outbox: { 'billing.cancel': { done: 1, failed: 1 }, webhook: { done: 1 } } },
    });
  });

  it('runs when woken, and stops cleanly', async () => {
    const t = setUp();
    const w = worker(t);
    const user = t.addUser();
    w.start();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    w.wake();
    await expect.poll(() => t.ports.webhooks.sent.length, { timeout: 10_000 }).toBe(1);
    await w.stop();
    expect(t.ports.outbox.entries({ kind: 'webhook', status: 'done' })).toHaveLength(1);
  });

  it('hands back the claimed entries it did not start when stopped', async () => {
    const t = setUp();
    const user = t.addUser();
    await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    let release: () => void = () => undefined;
    t.ports.webhooks.send = (message) => {
      t.ports.webhooks.sent.push(message);
      return new Promise((resolve) => (release = () => resolve({ outcome: 'done', note: 'HTTP 200' })));
    };
    const w = worker(t);
    w.start();
    await expect.poll(() => t.ports.webhooks.sent.length, { timeout: 10_000 }).toBe(1);
    const stopped = w.stop();
    release();
    await stopped;

    const [first, second] = t.ports.outbox.entries({ kind: 'webhook' });
    expect(first).toMatchObject({ status: 'done', attempts: 1 });
    expect(second).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: t.ports.clock.now() });
  });
});

describe('a unit of work over a transaction its caller commits', () => {
  it('delivers nothing itself: the worker takes the entries once they are committed', async () => {
    const t = setUp();
    const user = withSubscriptions(t);
    const joining: UnitOfWork = { run: (work) => t.ports.unitOfWork.run(work), joinsOuterTransaction: true };
    const unitOfWork = new OutboxingUnitOfWork(joining, t.ports, new OutboxDelivery(t.ports), {
      leaseMs: 10_000,
    });

    await unitOfWork.run(async (tx) => {
      await tx.outbox.enqueue({
        kind: 'billing.cancel',
        userId: user.id,
        payload: { subscriptionId: 'sub_a', mode: 'immediately' },
      });
      return ok();
    });
    expect(t.ports.billing.cancellations).toEqual([]);
    expect(await worker(t).runOnce()).toBe(1);
    expect(t.ports.billing.cancellations).toEqual([{ subscriptionId: 'sub_a', mode: 'immediately' }]);
  });
});
