import { sql } from 'kysely';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { FAST_OUTBOX_ENV, serviceWithStandIns } from './outbox-support.js';
import { seedSignedInUser } from './signed-in-user.js';

const PASSWORD = 'a long and real password';
// Generous so that, on a loaded machine, a provider that works still answers within the request's
// own delivery attempt; the provider-down answers are bounded by it either way.
const BILLING_TIMEOUT_MS = 2_000;

describe.each(await testDatabaseTargets())('billing cancellations through the outbox on $label', (target) => {
  const real = serviceWithStandIns(target, {
    password: PASSWORD,
    webhooks: false,
    env: { ...FAST_OUTBOX_ENV, BILLING_TIMEOUT_MS: String(BILLING_TIMEOUT_MS) },
  });

  async function aUser(entitlement: { billingSubscriptionId?: string; billingCustomerId?: string } = {}) {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash }, (id) =>
      aDropEntitlement(id, { billingSubscriptionId: `sub_${id}`, ...entitlement }),
    );
    const call = async (method: string, path: string, body?: object) => {
      const started = performance.now();
      const response = await user.send(method, path, body);
      await response.arrayBuffer();
      return { status: response.status, elapsedMs: performance.now() - started };
    };
    return { id: user.id, call, subscription: entitlement.billingSubscriptionId ?? `sub_${user.id}` };
  }

  const entriesOf = (userId: string) =>
    real.service.database.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'payload', 'attempts'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'billing.cancel')
      .execute();

  it('answers within BILLING_TIMEOUT_MS + 1 s while the provider is down, and cancels once it is back', async () => {
    const disabled = await aUser();
    const banned = await aUser();
    const deleted = await aUser();
    const before = real.provider.requests.length;

    real.provider.state.behaviour = { status: 503 };
    const disable = await disabled.call('POST', '/api/auth/disable-account', { password: PASSWORD });
    await real.provider.stop(); // a closed port now
    const ban = await banned.call('POST', '/api/auth/ban-account', { password: PASSWORD });
    const remove = await deleted.call('POST', '/api/auth/delete-account', { password: PASSWORD });

    for (const answer of [disable, ban, remove]) {
      expect(answer.status).toBe(200);
      expect(answer.elapsedMs).toBeLessThan(BILLING_TIMEOUT_MS + 1_000);
    }
    for (const user of [disabled, banned, deleted]) {
      expect(await entriesOf(user.id)).toMatchObject([{ status: 'pending' }]);
    }

    real.provider.state.behaviour = { status: 200 };
    await real.provider.start();
    for (const user of [disabled, banned, deleted]) {
      await expect.poll(async () => (await entriesOf(user.id))[0]?.status, { timeout: 10_000 }).toBe('done');
    }
    const arrived = real.provider.requests.slice(before);
    expect(arrived).toContain(`PATCH /v1/subscriptions/${disabled.subscription}`);
    expect(arrived).toContain(`PATCH /v1/subscriptions/${banned.subscription}`);
    expect(arrived).toContain(`DELETE /v1/subscriptions/${deleted.subscription}`);
    expect(new Set(arrived)).toEqual(
      new Set([
        `PATCH /v1/subscriptions/${disabled.subscription}`,
        `PATCH /v1/subscriptions/${banned.subscription}`,
        `DELETE /v1/subscriptions/${deleted.subscription}`,
      ]),
    );
  });

  it('sends each cancellation once, before answering, when the provider works', async () => {
    const user = await aUser();
    const before = real.provider.requests.length;
    expect((await user.call('POST', '/api/auth/disable-account', { password: PASSWORD })).status).toBe(200);
    expect(real.provider.requests.slice(before)).toEqual([`PATCH /v1/subscriptions/${user.subscription}`]);
    expect(await entriesOf(user.id)).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('queues and sends nothing for a change that rolls back (the audit insert fails)', async () => {
    const user = await aUser();
    await sql`
      create or replace function fail_audit_insert() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$
    `.execute(real.service.database.db);
    await sql`
      create trigger fail_audit_insert before insert on audit_logs
      for each row when (new.user_id = ${sql.lit(user.id)}) execute function fail_audit_insert()
    `.execute(real.service.database.db);
    const before = real.provider.requests.length;
    try {
      for (const path of ['/api/auth/disable-account', '/api/auth/ban-account', '/api/auth/delete-account']) {
        expect((await user.call('POST', path, { password: PASSWORD })).status).toBe(500);
      }
    } finally {
      await sql`drop trigger fail_audit_insert on audit_logs`.execute(real.service.database.db);
    }
    expect(
      await real.service.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a worker round or more
    expect(real.provider.requests.slice(before)).toEqual([]);
  });

  it('never puts a billing id that is not a plain identifier into a provider URL', async () => {
    const user = await aUser({ billingSubscriptionId: '..', billingCustomerId: '..' });
    const before = real.provider.requests.length;

    expect((await user.call('GET', '/api/billing/portal')).status).toBe(400);
    expect((await user.call('POST', '/api/auth/disable-account', { password: PASSWORD })).status).toBe(200);
    expect(await entriesOf(user.id)).toMatchObject([{ status: 'failed', attempts: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(real.provider.requests.slice(before)).toEqual([]);
  });
});
