import { seedEntitlement, testDatabaseTargets } from '@accounts/adapters/testing';
import type { UserAccount } from '@accounts/application';
import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { serviceWithStandIns } from './outbox-support.js';
import { together } from './races.js';
import { seedSignedInUser } from './signed-in-user.js';

// "State and its audit record change together or not at all; races have exactly one winner":
// parallel disable, enable, ban, unban and delete requests of one account, through HTTP on the
// real adapters. Every audited change also queues its webhook event, so the events count the
// audit records of a deleted account too (its audit records go with it).
const PASSWORD = 'a long and real password';
const PARALLEL = 5;

type Answer = { status: number; body: Record<string, unknown> };

type Race = {
  name: string;
  method: 'POST' | 'DELETE';
  path: string;
  /** The account's flags before the race. */
  before: Partial<UserAccount>;
  success: string;
  /** The flags after it; null: the account is gone. */
  after: { disabled: boolean; banned: boolean } | null;
  /** What the losers get: what a request that arrives after the winner gets. */
  loser: { status: number; code: string; message: string };
  /** The audit event (and the action of a USER_UPDATE) and its webhook type. */
  event: string;
  action?: string;
  webhook: string;
  /** The provider call per subscription, or null when the change cancels none. */
  cancellation: 'PATCH' | 'DELETE' | null;
};

const RACES: Race[] = [
  {
    name: 'disable',
    method: 'POST',
    path: '/api/auth/disable-account',
    before: {},
    success: 'Account disabled successfully',
    after: { disabled: true, banned: false },
    loser: { status: 401, code: 'ACCOUNT_DISABLED', message: 'Account is disabled' },
    event: 'USER_DISABLE',
    webhook: 'user.disabled',
    cancellation: 'PATCH',
  },
  {
    name: 'enable',
    method: 'DELETE',
    path: '/api/auth/disable-account',
    before: { disabled: true },
    success: 'Account enabled successfully',
    after: { disabled: false, banned: false },
    loser: { status: 400, code: 'ACCOUNT_NOT_DISABLED', message: 'Account is not disabled' },
    event: 'USER_UPDATE',
    action: 'account_enabled',
    webhook: 'user.enabled',
    cancellation: null,
  },
  {
    name: 'ban',
    method: 'POST',
    path: '/api/auth/ban-account',
    before: {},
    success: 'Account banned successfully',
    after: { disabled: false, banned: true },
    loser: { status: 401, code: 'ACCOUNT_BANNED', message: 'Account is banned' },
    event: 'USER_BAN',
    webhook: 'user.banned',
    cancellation: 'PATCH',
  },
  {
    name: 'unban',
    method: 'DELETE',
    path: '/api/auth/ban-account',
    before: { banned: true },
    success: 'Account unbanned successfully',
    after: { disabled: false, banned: false },
    loser: { status: 400, code: 'ACCOUNT_NOT_BANNED', message: 'Account is not banned' },
    event: 'USER_UPDATE',
    action: 'account_unbanned',
    webhook: 'user.unbanned',
    cancellation: null,
  },
  {
    name: 'delete',
    method: 'POST',
    path: '/api/auth/delete-account',
    before: {},
    success: 'Account deleted successfully',
    after: null,
    loser: { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' },
    event: 'USER_DELETE',
    webhook: 'user.deleted',
    cancellation: 'DELETE',
  },
];

describe.each(await testDatabaseTargets())('account state races on $label', (target) => {
  const real = serviceWithStandIns(target, { password: PASSWORD, webhooks: true });

  const db = () => real.service.database.db;

  /** A signed-in user with two subscriptions (DROP and OTHER) and one entitlement without. */
  async function aSubscriber(flags: Partial<UserAccount>) {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash, ...flags }, (id) =>
      aDropEntitlement(id, { billingSubscriptionId: `sub_drop_${id}` }),
    );
    await seedEntitlement(
      db(),
      aDropEntitlement(user.id, { service: 'OTHER', billingSubscriptionId: `sub_other_${user.id}` }),
    );
    await seedEntitlement(db(), aDropEntitlement(user.id, { service: 'FREE', billingSubscriptionId: null }));
    return user;
  }

  const outboxOf = async (userId: string) =>
    db()
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  const auditOf = (userId: string) =>
    db().selectFrom('audit_logs').select(['event', 'details']).where('user_id', '=', userId).execute();

  const flagsOf = async (userId: string) =>
    (await db()
      .selectFrom('users')
      .select(['disabled', 'banned'])
      .where('id', '=', userId)
      .executeTakeFirst()) ?? null;

  const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

  it.each(RACES)(
    `$name: ${PARALLEL} parallel requests, one success, one audit record and event, one cancellation per subscription`,
    async (race) => {
      const user = await aSubscriber(race.before);
      const body = { password: PASSWORD };

      const answers = await together(db(), () =>
        Array.from({ length: PARALLEL }, () => user.call(race.method, race.path, body)),
      );

      expect(statuses(answers), JSON.stringify(answers)).toEqual([
        200,
        ...Array<number>(PARALLEL - 1).fill(race.loser.status),
      ]);
      expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body)).toEqual([
        { success: true, message: race.success },
      ]);
      // The losers got what a request arriving after the winner gets.
      const later = await user.call(race.method, race.path, body);
      const { status: statusCode, code, message } = race.loser;
      expect(later.body).toMatchObject({ statusCode, code, message });
      for (const loser of answers.filter((answer) => answer.status !== 200)) {
        expect(loser.body).toEqual(later.body);
      }

      expect(await flagsOf(user.id)).toEqual(race.after);
      if (race.after) {
        expect(await auditOf(user.id)).toEqual([
          { event: race.event, details: race.action ? { action: race.action } : { email: user.email } },
        ]);
      }
      const outbox = await outboxOf(user.id);
      expect(outbox.filter((entry) => entry.kind === 'webhook').map((entry) => entry.payload)).toEqual([
        expect.objectContaining({ type: race.webhook }),
      ]);
      const cancelled = outbox
        .filter((entry) => entry.kind === 'billing.cancel')
        .map((entry) => (entry.payload as { subscriptionId: string }).subscriptionId)
        .sort();
      const subscriptions = [`sub_drop_${user.id}`, `sub_other_${user.id}`];
      expect(cancelled).toEqual(race.cancellation ? subscriptions : []);
      expect(real.provider.requests.filter((request) => request.includes(user.id)).sort()).toEqual(
        race.cancellation ? subscriptions.map((id) => `${race.cancellation} /v1/subscriptions/${id}`) : [],
      );
    },
  );

  it('lets exactly one of parallel disables and bans through: one flag, one audit record, one cancellation per subscription', async () => {
    const user = await aSubscriber({});
    const body = { password: PASSWORD };

    const answers = await together(db(), () =>
      Array.from({ length: PARALLEL + 1 }, (_, i) =>
        user.call('POST', i % 2 === 0 ? '/api/auth/disable-account' : '/api/auth/ban-account', body),
      ),
    );

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const flags = await flagsOf(user.id);
    expect([flags?.disabled, flags?.banned].filter(Boolean)).toHaveLength(1);
    const refusal = flags?.disabled
      ? { statusCode: 401, code: 'ACCOUNT_DISABLED', message: 'Account is disabled' }
      : { statusCode: 401, code: 'ACCOUNT_BANNED', message: 'Account is banned' };
    for (const loser of answers.filter((answer) => answer.status !== 200)) {
      expect(loser.body).toMatchObject(refusal);
    }
    expect(await auditOf(user.id)).toHaveLength(1);
    expect((await outboxOf(user.id)).filter((entry) => entry.kind === 'billing.cancel')).toHaveLength(2);
  });
});
