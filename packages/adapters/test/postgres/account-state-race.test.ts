import { setTimeout as sleep } from 'node:timers/promises';
import { createPersistence, createTransactionalPorts } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { createUseCases } from '@accounts/application';
import { aDropEntitlement, createTestPorts } from '@accounts/application/testing';
import type { FlagChange } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { kyselySubject, openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();
const PARALLEL = 6;
const ACTIVE = { disabled: false, banned: false };
const DISABLE: FlagChange = { from: ACTIVE, to: { disabled: true } };
const BAN: FlagChange = { from: ACTIVE, to: { banned: true } };

describe.each(targets)('concurrent account-state changes: $label', (target) => {
  const database = openForSuite(target.create);

  it('makes a second change of the row wait for the first and then find the state it left', async () => {
    const subject = kyselySubject(database);
    const user = await subject.addUser();
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let changedFirst!: () => void;
    const firstChanged = new Promise<void>((resolve) => (changedFirst = resolve));

    const first = database.db.transaction().execute(async (trx) => {
      const changed = await createTransactionalPorts(trx).users.changeFlags(user.id, DISABLE);
      changedFirst();
      await held;
      return changed;
    });
    await firstChanged;
    let secondSettled = false;
    const second = createPersistence(database.db)
      .users.changeFlags(user.id, BAN)
      .finally(() => (secondSettled = true));
    await sleep(200);
    expect(secondSettled).toBe(false);

    finish();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
  });

  const withUseCases = async () => {
    const subject = kyselySubject(database);
    const useCases = createUseCases({ ...createTestPorts(), ...createPersistence(database.db) });
    const user = await subject.addUser({ passwordHash: 'fake-hash:correct horse' });
    await subject.addEntitlement(aDropEntitlement(user.id, { billingSubscriptionId: `sub_${user.id}` }));
    const cancellations = async () =>
      database.db
        .selectFrom('outbox')
        .select('payload')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'billing.cancel')
        .execute();
    return { subject, useCases, user, cancellations };
  };

  const errorsOf = (results: { ok: boolean; error?: { type: string } }[]) =>
    results.flatMap((result) => (result.ok ? [] : [result.error?.type]));

  it('lets exactly one of parallel disables and bans through on the real repositories', async () => {
    const { subject, useCases, user, cancellations } = await withUseCases();

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        (i % 2 === 0 ? useCases.disableAccount : useCases.banAccount).execute({
          userId: user.id,
          password: 'correct horse',
        }),
      ),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const flags = await subject.ports.users.findFlags(user.id);
    const refusal = flags?.disabled ? 'AccountDisabled' : 'AccountBanned';
    expect(errorsOf(results)).toEqual(Array<string>(PARALLEL - 1).fill(refusal));
    expect(await subject.auditOf(user.id)).toHaveLength(1);
    expect(await cancellations()).toHaveLength(1);
  });

  it('lets exactly one of parallel deletes through on the real repositories; the others find no user', async () => {
    const { useCases, user, cancellations } = await withUseCases();

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        useCases.deleteAccount.execute({ userId: user.id, password: 'correct horse' }),
      ),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(errorsOf(results)).toEqual(Array<string>(PARALLEL - 1).fill('UserNotFound'));
    expect(await cancellations()).toHaveLength(1);
  });
});
