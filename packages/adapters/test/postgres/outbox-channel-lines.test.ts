import { KyselyOutboxRepository } from '@accounts/adapters';
import type { OutboxMessage } from '@accounts/application';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
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

/** The worker's claim: billing cancellations are the channel claimed in any order. */
const claim = (outbox: KyselyOutboxRepository) =>
  outbox.claimDue({ limit: 10, leaseMs: 60_000, inAnyOrder: ['billing.cancel'] });

describe.each(targets)("KyselyOutboxRepository: a user's line per channel: $label", (target) => {
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

  const leaseOf = async (id: string) =>
    (
      await database.db
        .selectFrom('outbox')
        .select('next_attempt_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).next_attempt_at.getTime();

  it("leases each entry by its place in its own channel's line", async () => {
    const first = await outbox.enqueue(event('a', 'user.disabled'));
    const billing = await outbox.enqueue(cancel('a', 'sub_1'));
    const second = await outbox.enqueue(event('a', 'user.enabled'));

    expect((await claim(outbox)).map((e) => e.id)).toEqual([first.id, billing.id, second.id]);
    // The cancellation is first in its line, as the first webhook is in theirs.
    expect(Math.abs((await leaseOf(billing.id)) - (await leaseOf(first.id)))).toBeLessThanOrEqual(1_000);
    expect((await leaseOf(second.id)) - (await leaseOf(first.id))).toBeGreaterThanOrEqual(59_000);
  });

  it('holds back an entry behind an earlier one of its own channel only', async () => {
    await outbox.enqueue(event('a', 'user.disabled'), { leaseMs: 60_000 }); // out with another claimer
    const billing = await outbox.enqueue(cancel('a', 'sub_1'));
    await outbox.enqueue(event('a', 'user.enabled'));

    expect((await claim(outbox)).map((e) => e.id)).toEqual([billing.id]);
  });

  it('first-tries every channel in order but those claimed in any order (by default billing cancellations)', async () => {
    await outbox.enqueue(cancel('a', 'sub_1'), { leaseMs: 60_000 }); // the request's own, not yet tried
    const later = await outbox.enqueue(cancel('a', 'sub_2'));

    expect(await outbox.claimDue({ limit: 10, leaseMs: 60_000, inAnyOrder: [] })).toEqual([]);
    expect((await outbox.claimDue({ limit: 10, leaseMs: 60_000 })).map((e) => e.id)).toEqual([later.id]);
  });
});
