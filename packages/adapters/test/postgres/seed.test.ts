import { createAccount, DEMO_USER, insertUser, seedDemoUser } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();

describe.each(targets)('seeding accounts: $label', (target) => {
  const database = openForSuite(target.create);

  const entitlementsOf = (userId: string) =>
    database.db
      .selectFrom('service_access')
      .select(['service', 'tier', 'billing_customer_id'])
      .where('user_id', '=', userId)
      .execute();
  const passwordHashOf = async (userId: string) =>
    (
      await database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('createAccount creates the user and its entitlement', async () => {
    const created = await createAccount(database.db, {
      email: 'ops@example.com',
      passwordHash: 'hash',
      entitlement: { service: 'DROP', tier: 'pro', billingCustomerId: 'cus_1' },
    });
    expect(created).toEqual({
      ok: true,
      value: { id: expect.any(String) as string, email: 'ops@example.com' },
    });
    if (!created.ok) return;
    expect(await entitlementsOf(created.value.id)).toEqual([
      { service: 'DROP', tier: 'pro', billing_customer_id: 'cus_1' },
    ]);
  });

  it.each([
    {
      name: 'an email another user has',
      holder: 'taken',
      held: 'taken@example.com',
      id: 'second',
      email: 'taken@example.com',
    },
    {
      name: 'the same email in another letter case',
      holder: 'cased',
      held: 'Cased@Example.com',
      id: 'cased-2',
      email: 'cased@example.COM',
    },
  ])(
    'createAccount answers EmailTaken for $name, and writes nothing',
    async ({ holder, held, id, email }) => {
      await insertUser(database.db, { id: holder, email: held, passwordHash: null });
      const again = await createAccount(database.db, {
        id,
        email,
        passwordHash: 'hash',
        entitlement: { service: 'DROP', tier: 'pro' },
      });
      expect(again).toEqual({ ok: false, error: { type: 'EmailTaken' } });
      expect(await database.db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await entitlementsOf(id)).toEqual([]);
    },
  );

  it('createAccount throws on any other conflict', async () => {
    await insertUser(database.db, { id: 'same-id', email: 'first@example.com', passwordHash: null });
    await expect(
      createAccount(database.db, { id: 'same-id', email: 'other@example.com', passwordHash: null }),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('seedDemoUser creates the enterprise demo user with its billing customer once, then only renews its password', async () => {
    expect(await seedDemoUser(database.db, 'first-hash')).toEqual({
      id: DEMO_USER.id,
      email: DEMO_USER.email,
    });
    expect(await passwordHashOf(DEMO_USER.id)).toBe('first-hash');
    expect(await seedDemoUser(database.db, 'second-hash')).toEqual({
      id: DEMO_USER.id,
      email: DEMO_USER.email,
    });
    expect(await passwordHashOf(DEMO_USER.id)).toBe('second-hash');
    expect(await entitlementsOf(DEMO_USER.id)).toEqual([
      { service: 'DROP', tier: 'enterprise', billing_customer_id: 'cus_demo' },
    ]);
  });

  it('seedDemoUser gives a demo user seeded without a billing customer the stand-in customer', async () => {
    await database.db
      .updateTable('service_access')
      .set({ billing_customer_id: null })
      .where('user_id', '=', DEMO_USER.id)
      .execute();
    await seedDemoUser(database.db, 'third-hash');
    expect(await entitlementsOf(DEMO_USER.id)).toEqual([
      { service: 'DROP', tier: 'enterprise', billing_customer_id: 'cus_demo' },
    ]);
  });
});

describe('seedDemoUser when another user has the demo email', () => {
  it('fails naming the email', async () => {
    const database = await targets[0]!.create();
    try {
      await insertUser(database.db, { id: 'someone', email: DEMO_USER.email, passwordHash: null });
      await expect(seedDemoUser(database.db, 'hash')).rejects.toThrow(DEMO_USER.email);
    } finally {
      await database.close();
    }
  });
});
