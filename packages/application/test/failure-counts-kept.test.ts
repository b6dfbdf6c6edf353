import { createUseCases, type AuthFailureRepository } from '@accounts/application';
import { FakePasswordHasher } from '@accounts/application/testing';
import { CLEAN_FAILURE_STATE } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { KeyedSerial } from '../src/reauthentication/keyed-serial.js';
import { KnownFailureStates } from '../src/reauthentication/known-failure-states.js';
import { PASSWORD, setUp, type TestContext } from './support.js';

const LIMIT = { maxFailures: 20, windowMs: 60_000, maxAccountFailures: 100 };

/** Counts the statements the failure limit sends, and the compare-and-sets that lost. */
function countStatements(t: TestContext) {
  const repository: AuthFailureRepository = t.ports.authFailures;
  const counts = { findWithUser: 0, find: 0, save: 0, lostSave: 0, reset: 0 };
  const users = t.ports.users;
  const findWithUser = users.findWithFailureCounts.bind(users);
  const find = repository.find.bind(repository);
  const save = repository.save.bind(repository);
  const reset = repository.reset.bind(repository);
  users.findWithFailureCounts = (...args) => (counts.findWithUser++, findWithUser(...args));
  repository.find = (...args) => (counts.find++, find(...args));
  repository.save = async (...args) => {
    counts.save++;
    const saved = await save(...args);
    if (!saved) counts.lostSave++;
    return saved;
  };
  repository.reset = (...args) => (counts.reset++, reset(...args));
  return counts;
}

/** A hasher whose checks wait until `release` is called. */
class HeldHasher extends FakePasswordHasher {
  private held: (() => void)[] = [];

  override async verify(hash: string, password: string) {
    await new Promise<void>((resolve) => this.held.push(resolve));
    return super.verify(hash, password);
  }

  get waiting() {
    return this.held.length;
  }

  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the failure counts one process keeps', () => {
  it('reserves with one statement and resets with one when this process wrote the counts last', async () => {
    const t = setUp({ failureLimit: LIMIT });
    const user = t.addUser({ disabled: true });
    await t.useCases.enableAccount.execute({ userId: user.id, password: 'wrong' });
    const counts = countStatements(t);

    for (let i = 0; i < 3; i++) {
      await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD });
    }
    expect(counts).toEqual({ findWithUser: 3, find: 0, save: 3, lostSave: 0, reset: 3 });
  });

  it('reads the counts with the user when this process never saw them: three statements a check', async () => {
    const t = setUp({ failureLimit: LIMIT });
    const user = t.addUser();
    // Another instance counted a failure: this process knows nothing of the account's counts.
    const other = createUseCases(t.ports, { failureLimit: LIMIT });
    await other.disableAccount.execute({ userId: user.id, password: 'wrong' });
    const counts = countStatements(t);
    const findById = t.ports.users.findById.bind(t.ports.users);
    let userReads = 0;
    t.ports.users.findById = (...args) => (userReads++, findById(...args));

    const result = await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD });
    expect(result).toMatchObject({ ok: false, error: { type: 'AccountNotDisabled' } });
    expect({ userReads, ...counts }).toEqual({
      userReads: 0,
      findWithUser: 1,
      find: 0,
      save: 1,
      lostSave: 0,
      reset: 1,
    });
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
  });

  it("never lets this process's parallel requests race for one account's counts", async () => {
    const t = setUp({ failureLimit: LIMIT });
    const user = t.addUser();
    const counts = countStatements(t);

    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD }),
      ),
    );
    expect(results.every((result) => !result.ok && result.error.type === 'AccountNotDisabled')).toBe(true);
    expect(counts.lostSave).toBe(0);
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
  });

  it("counts another instance's failures into the same budget", async () => {
    const t = setUp({ failureLimit: { ...LIMIT, maxFailures: 4 } });
    const other = createUseCases(t.ports, { failureLimit: { ...LIMIT, maxFailures: 4 } });
    const user = t.addUser();
    for (const useCases of [t.useCases, other, t.useCases, other]) {
      expect(await useCases.disableAccount.execute({ userId: user.id, password: 'wrong' })).toMatchObject({
        error: { type: 'InvalidPassword' },
      });
    }
    expect(await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD })).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 60 },
    });
    expect(t.failures(user.id)).toEqual({ client: 4, account: 4 });
  });

  it('does not refuse on a lock it placed itself once another instance has lifted it', async () => {
    const t = setUp({ failureLimit: { ...LIMIT, maxFailures: 2 } });
    const held = new HeldHasher();
    const other = createUseCases(
      { ...t.ports, hasher: held },
      { failureLimit: { ...LIMIT, maxFailures: 2 } },
    );
    const user = t.addUser({ disabled: true });

    // The other instance takes the first attempt and holds its check; this one takes the second,
    // which places the lock, and fails it.
    const success = other.enableAccount.execute({ userId: user.id, password: PASSWORD });
    while (held.waiting === 0) await settled();
    expect(await t.useCases.disableAccount.execute({ userId: user.id, password: 'wrong' })).toMatchObject({
      error: { type: 'InvalidPassword' },
    });
    // The other instance's check passes: a success, reserved before the lock, resets the counts.
    held.release();
    expect(await success).toEqual({ ok: true, value: undefined });
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });

    expect(await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD })).toEqual({
      ok: true,
      value: undefined,
    });
  });
});

describe('KnownFailureStates', () => {
  it('forgets the least recently written account first once it holds 10,000', () => {
    const known = new KnownFailureStates();
    const entry = { version: 1, state: CLEAN_FAILURE_STATE };
    for (let i = 0; i < 10_000; i++) known.set(`user-${i}`, 'client', entry);
    known.set('user-0', 'client', { ...entry, version: 2 }); // written again: now the latest
    known.set('user-new', 'client', entry);

    expect(known.size).toBe(10_000);
    expect(known.get('user-0', 'client')?.version).toBe(2);
    expect(known.get('user-1', 'client')).toBeUndefined();
    expect(known.get('user-new', 'client')).toBe(entry);
  });
});

describe('KeyedSerial', () => {
  it("runs one key's tasks in order, other keys' beside them, and forgets a key once it is idle", async () => {
    const serial = new KeyedSerial();
    const order: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        await settled();
        order.push(name);
        if (fail) throw new Error(name);
        return name;
      };
    const runs = [
      serial.run('a', step('a1', true)),
      serial.run('a', step('a2')),
      serial.run('b', step('b1')),
    ];
    expect(serial.size).toBe(2);
    expect(await Promise.allSettled(runs)).toMatchObject([
      { status: 'rejected' },
      { status: 'fulfilled', value: 'a2' },
      { status: 'fulfilled', value: 'b1' },
    ]);
    expect(order).toEqual(['a1', 'b1', 'a2']);
    await settled();
    expect(serial.size).toBe(0);
  });
});
