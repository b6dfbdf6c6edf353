import { setTimeout as sleep } from 'node:timers/promises';
import { KyselyOutboxRepository, KyselyUnitOfWork, insertUser } from '@accounts/adapters';
import type { OutboxMessage } from '@accounts/application';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { err, ok } from '@accounts/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS } from './contract-subjects.js';

const targets = await testDatabaseTargets();

const cancel = (userId: string, subscriptionId: string): OutboxMessage => ({
  kind: 'billing.cancel',
  userId,
  payload: { subscriptionId, mode: 'immediately' },
});
const event = (userId: string, type: 'user.disabled' | 'user.enabled'): OutboxMessage => ({
  kind: 'webhook',
  userId,
  payload: { type, timestamp: '2026-03-01T00:00:00.000Z', data: { userId } },
});

describe.each(targets)('KyselyOutboxRepository: $label', (target) => {
  let database: TestDatabase;
  let outbox: KyselyOutboxRepository;
  beforeAll(async () => {
    database = await target.create();
    outbox = new KyselyOutboxRepository(database.db);
  }, OPEN_TIMEOUT_MS);
  afterAll(() => database.close(), OPEN_TIMEOUT_MS);
  beforeEach(async () => {
    await sql`delete from outbox`.execute(database.db);
  });

  const row = (id: string) =>
    database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('writes an entry only when its unit of work commits', async () => {
    const unitOfWork = new KyselyUnitOfWork(database.db);
    await unitOfWork.run(async (tx) => {
      await tx.outbox.enqueue(cancel('u1', 'sub_rolled_back'));
      return err('refused');
    });
    await expect(
      unitOfWork.run(async (tx) => {
        await tx.outbox.enqueue(cancel('u1', 'sub_thrown'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await unitOfWork.run(async (tx) => {
      await tx.outbox.enqueue(cancel('u1', 'sub_committed'));
      return ok();
    });
    expect((await outbox.list()).map((e) => e.payload)).toEqual([
      { subscriptionId: 'sub_committed', mode: 'immediately' },
    ]);
  });

  it('keeps the entries of a user deleted in the same transaction', async () => {
    const { id } = await insertUser(database.db, {
      email: `gone-${target.label}@example.com`,
      passwordHash: null,
    });
    await new KyselyUnitOfWork(database.db).run(async (tx) => {
      await tx.outbox.enqueue(cancel(id, 'sub_1'));
      await tx.users.delete(id);
      return ok();
    });
    expect(await outbox.list()).toMatchObject([{ userId: id, status: 'pending', attempts: 0 }]);
  });

  it('claims due entries oldest first, once, leased by their place in the user line', async () => {
    const a1 = await outbox.enqueue(cancel('a', 'sub_a1'));
    const b1 = await outbox.enqueue(cancel('b', 'sub_b1'));
    const a2 = await outbox.enqueue(cancel('a', 'sub_a2'));

    const claimed = await outbox.claimDue({ limit: 10, leaseMs: 60_000 });
    expect(claimed.map((e) => e.id)).toEqual([a1.id, b1.id, a2.id]);
    expect(await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).toEqual([]);

    const [leaseA1, leaseA2] = [(await row(a1.id)).next_attempt_at, (await row(a2.id)).next_attempt_at];
    expect(leaseA2.getTime() - leaseA1.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(leaseA2.getTime() - leaseA1.getTime()).toBeLessThanOrEqual(61_000);
  });

  it('claims at most the limit', async () => {
    for (const n of [1, 2, 3]) await outbox.enqueue(cancel(`u${n}`, `sub_${n}`));
    expect(await outbox.claimDue({ limit: 2, leaseMs: 60_000 })).toHaveLength(2);
    expect(await outbox.claimDue({ limit: 2, leaseMs: 60_000 })).toHaveLength(1);
  });

  it('hands an entry out again once its lease ran out (its claimer died)', async () => {
    const entry = await outbox.enqueue(cancel('a', 'sub_1'));
    expect(await outbox.claimDue({ limit: 10, leaseMs: 50 })).toHaveLength(1);
    await sleep(120);
    expect((await outbox.claimDue({ limit: 10, leaseMs: 50 })).map((e) => e.id)).toEqual([entry.id]);
  });

  it('leaves an entry enqueued with a lease to its writer until the lease runs out', async () => {
    await outbox.enqueue(cancel('a', 'sub_1'), { leaseMs: 60_000 });
    expect(await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).toEqual([]);
  });

  it('holds back a webhook while an earlier one of its user is out for its first try', async () => {
    await outbox.enqueue(event('a', 'user.disabled'), { leaseMs: 60_000 }); // another claimer has it
    const later = await outbox.enqueue(event('a', 'user.enabled'));
    const other = await outbox.enqueue(event('b', 'user.disabled'));
    const billing = await outbox.enqueue(cancel('a', 'sub_1'));

    expect((await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).map((e) => e.id)).toEqual([
      other.id,
      billing.id,
    ]);
    expect((await row(later.id)).next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('lets later webhooks go once the earlier one had its first attempt', async () => {
    const first = await outbox.enqueue(event('a', 'user.disabled'));
    const later = await outbox.enqueue(event('a', 'user.enabled'));
    expect((await outbox.claimDue({ limit: 1, leaseMs: 60_000 })).map((e) => e.id)).toEqual([first.id]);
    expect(await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).toEqual([]);
    await outbox.record(first.id, { status: 'pending', error: 'HTTP 500', retryInMs: 60_000 });
    expect((await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).map((e) => e.id)).toEqual([later.id]);
  });

  it('records each outcome in one statement', async () => {
    const [done, retried, failed] = [
      await outbox.enqueue(cancel('a', 'sub_done')),
      await outbox.enqueue(cancel('a', 'sub_retry')),
      await outbox.enqueue(cancel('a', 'sub_failed')),
    ];
    await outbox.record(done.id, { status: 'done' });
    await outbox.record(retried.id, { status: 'pending', error: 'HTTP 503', retryInMs: 30_000 });
    await outbox.record(failed.id, { status: 'failed', error: 'HTTP 401' });

    expect(await row(done.id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect((await row(done.id)).done_at).toBeInstanceOf(Date);
    const retry = await row(retried.id);
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 503', done_at: null });
    expect(retry.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect(await row(failed.id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'HTTP 401' });

    await outbox.record(done.id, { status: 'failed', error: 'late' }); // a finished entry stays as it is
    expect(await row(done.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('makes released entries due at once', async () => {
    const entry = await outbox.enqueue(cancel('a', 'sub_1'));
    await outbox.claimDue({ limit: 10, leaseMs: 60_000 });
    await outbox.release([entry.id]);
    expect((await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).map((e) => e.id)).toEqual([entry.id]);
  });

  it('lists, retries and counts for operators', async () => {
    const [a, b, c] = [
      await outbox.enqueue(cancel('a', 'sub_1')),
      await outbox.enqueue(event('a', 'user.disabled')),
      await outbox.enqueue(cancel('b', 'sub_2')),
    ];
    await outbox.record(a.id, { status: 'failed', error: 'HTTP 400' });
    await outbox.record(b.id, { status: 'done' });

    expect((await outbox.list()).map((e) => e.id)).toEqual([c.id, b.id, a.id]);
    expect((await outbox.list({ status: 'failed' })).map((e) => e.id)).toEqual([a.id]);
    expect((await outbox.list({ kind: 'webhook' })).map((e) => e.id)).toEqual([b.id]);
    expect(await outbox.list({ limit: 1 })).toHaveLength(1);
    expect(await outbox.depth()).toEqual([
      { kind: 'billing.cancel', status: 'failed', count: 1 },
      { kind: 'billing.cancel', status: 'pending', count: 1 },
      { kind: 'webhook', status: 'done', count: 1 },
    ]);

    expect(await outbox.retry({ failed: true })).toBe(1);
    expect(await row(a.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await outbox.retry({ ids: [b.id, 'no-such-id'] })).toBe(1);
    expect(await row(b.id)).toMatchObject({ status: 'pending', done_at: null });
    expect(await outbox.retry({ ids: [] })).toBe(0);
  });

  it.skipIf(target.label === 'pglite')('never hands one entry to two concurrent claimers', async () => {
    for (let n = 0; n < 100; n++) await outbox.enqueue(cancel(`u${n % 7}`, `sub_${n}`));
    const batches = await Promise.all(
      Array.from({ length: 8 }, () => outbox.claimDue({ limit: 20, leaseMs: 60_000 })),
    );
    const ids = batches.flat().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(20);
  });
});
