import { CLEAN_FAILURE_STATE, NO_FAILURES, type FailureState } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();
const T0 = new Date('2026-01-01T00:00:00.125Z');
const T1 = new Date('2026-01-01T00:15:00.250Z');

const state = (
  clientFailures: number,
  accountFailures: number,
  lockedUntil: Date | null = null,
): FailureState => ({
  client: { failures: clientFailures, since: T0, lockedUntil, locks: lockedUntil ? 1 : 0 },
  account: { failures: accountFailures, since: T0, lockedUntil: null, locks: 0 },
});

describe.each(targets)('AuthFailureRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('reads a clean state at version 0 for a user without failures, and null for an unknown user', async () => {
    const user = await subject.addUser();
    expect(await subject.ports.authFailures.find(user.id, '10.0.0.1')).toEqual({
      version: 0,
      state: CLEAN_FAILURE_STATE,
    });
    expect(await subject.ports.authFailures.find('nobody', '10.0.0.1')).toBeNull();
  });

  it('stores the client counts per client and the account counts once, every field as given', async () => {
    const user = await subject.addUser();
    const { authFailures } = subject.ports;
    expect(await authFailures.save(user.id, '10.0.0.1', 0, state(2, 2, T1))).toBe(true);
    expect(await authFailures.find(user.id, '10.0.0.1')).toEqual({ version: 1, state: state(2, 2, T1) });

    expect(await authFailures.save(user.id, '2001:db8::1', 1, state(1, 3))).toBe(true);
    expect(await authFailures.find(user.id, '2001:db8::1')).toEqual({ version: 2, state: state(1, 3) });
    // The other client keeps its counts; the account's are the latest.
    expect(await authFailures.find(user.id, '10.0.0.1')).toEqual({
      version: 2,
      state: { client: state(2, 2, T1).client, account: state(1, 3).account },
    });
  });

  it('reads the user with the counts of one client, as findById and find give them, and null for an unknown user', async () => {
    const user = await subject.addUser();
    const { authFailures, users } = subject.ports;
    expect(await authFailures.save(user.id, '10.0.0.1', 0, state(2, 2, T1))).toBe(true);
    expect(await users.findWithFailureCounts(user.id, '10.0.0.1')).toEqual({
      user: await users.findById(user.id),
      failures: { version: 1, state: state(2, 2, T1) },
    });
    expect(await users.findWithFailureCounts(user.id, '10.0.0.2')).toEqual({
      user: await users.findById(user.id),
      failures: { version: 1, state: { client: NO_FAILURES, account: state(2, 2).account } },
    });
    expect(await users.findWithFailureCounts('nobody', '10.0.0.1')).toBeNull();
  });

  it('writes nothing when the version has moved on', async () => {
    const user = await subject.addUser();
    const { authFailures } = subject.ports;
    expect(await authFailures.save(user.id, 'a', 0, state(1, 1))).toBe(true);
    expect(await authFailures.save(user.id, 'b', 0, state(5, 5))).toBe(false);
    expect(await authFailures.find(user.id, 'b')).toEqual({
      version: 1,
      state: { client: NO_FAILURES, account: state(1, 1).account },
    });
    expect(await authFailures.save('nobody', 'a', 0, state(1, 1))).toBe(false);
  });

  it('lets exactly one of parallel saves at one version through', async () => {
    const user = await subject.addUser();
    const { authFailures } = subject.ports;
    const saved = await Promise.all(
      Array.from({ length: 8 }, (_, i) => authFailures.save(user.id, `client-${i}`, 0, state(1, i + 1))),
    );
    expect(saved.filter(Boolean)).toHaveLength(1);
    const winner = saved.indexOf(true);
    expect(await authFailures.find(user.id, `client-${winner}`)).toEqual({
      version: 1,
      state: state(1, winner + 1),
    });
  });

  it('resets the client and the account on a success, and leaves the other clients alone', async () => {
    const user = await subject.addUser();
    const { authFailures } = subject.ports;
    await authFailures.save(user.id, 'attacker', 0, state(3, 3, T1));
    await authFailures.save(user.id, 'owner', 1, state(1, 4));
    expect(await authFailures.reset(user.id, 'owner')).toBe(3);

    expect(await authFailures.find(user.id, 'owner')).toEqual({ version: 3, state: CLEAN_FAILURE_STATE });
    expect(await authFailures.find(user.id, 'attacker')).toEqual({
      version: 3,
      state: { client: state(3, 3, T1).client, account: NO_FAILURES },
    });
    expect(await authFailures.reset('nobody', 'owner')).toBeNull();
  });

  it('goes with the user', async () => {
    const user = await subject.addUser();
    const { authFailures, users } = subject.ports;
    await authFailures.save(user.id, 'a', 0, state(1, 1));
    await users.delete(user.id);
    expect(await authFailures.find(user.id, 'a')).toBeNull();
  });
});
