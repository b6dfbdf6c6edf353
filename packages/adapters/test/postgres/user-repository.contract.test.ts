import { ok } from '@accounts/domain';
import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();

describe.each(targets)('UserRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('finds a user with every field mapped', async () => {
    const user = await subject.addUser({
      displayName: 'Ada',
      twoFactorEnabled: true,
      twoFactorSecret: 'sealed:secret',
      twoFactorLastStep: 59_000_123,
      banned: true,
    });
    expect(await subject.ports.users.findById(user.id)).toEqual(user);
  });

  it('answers null for an unknown user', async () => {
    expect(await subject.ports.users.findById('nobody')).toBeNull();
    expect(await subject.ports.users.findFlags('nobody')).toBeNull();
  });

  it('reads the flags alone', async () => {
    const user = await subject.addUser({ disabled: true });
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
  });

  it('stores and clears the two-factor state', async () => {
    const user = await subject.addUser();
    await subject.ports.users.setTwoFactor(user.id, { enabled: true, secret: 'S' });
    expect(await subject.ports.users.findById(user.id)).toMatchObject({
      twoFactorEnabled: true,
      twoFactorSecret: 'S',
    });
    await subject.ports.users.setTwoFactor(user.id, { enabled: false, secret: null });
    expect(await subject.ports.users.findById(user.id)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
    });
  });

  it('changes the flags only while they are as expected, and only those it sets', async () => {
    const user = await subject.addUser({ banned: true });
    const { users } = subject.ports;
    const disable = { from: { disabled: false, banned: false }, to: { disabled: true } };

    expect(await users.changeFlags(user.id, disable)).toBe(false);
    expect(await users.findFlags(user.id)).toEqual({ disabled: false, banned: true });

    expect(await users.changeFlags(user.id, { from: { banned: true }, to: { banned: false } })).toBe(true);
    expect(await users.findFlags(user.id)).toEqual({ disabled: false, banned: false });
    expect(await users.changeFlags(user.id, { from: { banned: true }, to: { banned: false } })).toBe(false);

    expect(await users.changeFlags(user.id, disable)).toBe(true);
    expect(await users.changeFlags(user.id, disable)).toBe(false);
    expect(await users.findById(user.id)).toEqual({ ...user, disabled: true, banned: false });
  });

  it('answers whether the user exists for a change that needs and sets nothing (delete takes the row)', async () => {
    const user = await subject.addUser({ disabled: true });
    expect(await subject.ports.users.changeFlags(user.id, { from: {}, to: {} })).toBe(true);
    expect(await subject.ports.users.findById(user.id)).toEqual(user);
    expect(await subject.ports.users.changeFlags('nobody', { from: {}, to: {} })).toBe(false);
  });

  it('locks an existing user and answers whether it exists, inside a unit of work and outside', async () => {
    const user = await subject.addUser();
    expect(await subject.ports.users.lock(user.id)).toBe(true);
    expect(await subject.ports.users.lock('nobody')).toBe(false);
    const inside = await subject.ports.unitOfWork.run(async (tx) =>
      ok([await tx.users.lock(user.id), await tx.users.lock('nobody')]),
    );
    expect(inside).toEqual(ok([true, false]));
  });

  it('consumes a TOTP step only forwards', async () => {
    const user = await subject.addUser();
    const { users } = subject.ports;
    expect(await users.consumeTotpStep(user.id, 100)).toBe(true);
    expect(await users.consumeTotpStep(user.id, 100)).toBe(false);
    expect(await users.consumeTotpStep(user.id, 99)).toBe(false);
    expect(await users.consumeTotpStep(user.id, 101)).toBe(true);
    expect((await users.findById(user.id))?.twoFactorLastStep).toBe(101);
    expect(await users.consumeTotpStep('nobody', 1)).toBe(false);
  });

  it('keeps the last step when 2FA is turned off', async () => {
    const user = await subject.addUser({
      twoFactorEnabled: true,
      twoFactorSecret: 'S',
      twoFactorLastStep: 7,
    });
    await subject.ports.users.setTwoFactor(user.id, { enabled: false, secret: null });
    expect((await subject.ports.users.findById(user.id))?.twoFactorLastStep).toBe(7);
    expect(await subject.ports.users.consumeTotpStep(user.id, 7)).toBe(false);
  });

  it('turns 2FA on only while it is off', async () => {
    const user = await subject.addUser();
    const { users } = subject.ports;
    expect(await users.enableTwoFactor(user.id, 'FIRST')).toBe(true);
    expect(await users.enableTwoFactor(user.id, 'SECOND')).toBe(false);
    expect(await users.findById(user.id)).toMatchObject({ twoFactorEnabled: true, twoFactorSecret: 'FIRST' });
    expect(await users.enableTwoFactor('nobody', 'S')).toBe(false);
  });

  it('lets exactly one of parallel conditional enables through', async () => {
    const user = await subject.addUser();
    const { users } = subject.ports;
    const outcomes = await Promise.all(
      ['A', 'B', 'C', 'D'].map((secret) => users.enableTwoFactor(user.id, secret)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const stored = (await users.findById(user.id))?.twoFactorSecret;
    expect(['A', 'B', 'C', 'D'][outcomes.indexOf(true)]).toBe(stored);
  });

  it('replaces the stored secret only while it is the expected one', async () => {
    const user = await subject.addUser({ twoFactorEnabled: true, twoFactorSecret: 'OLD' });
    const { users } = subject.ports;
    expect(await users.replaceTwoFactorSecret(user.id, 'OTHER', 'NEW')).toBe(false);
    expect((await users.findById(user.id))?.twoFactorSecret).toBe('OLD');
    expect(await users.replaceTwoFactorSecret(user.id, 'OLD', 'NEW')).toBe(true);
    expect((await users.findById(user.id))?.twoFactorSecret).toBe('NEW');
    expect(await users.replaceTwoFactorSecret(user.id, 'OLD', 'NEWER')).toBe(false);
  });

  it('lists stored secrets by id, a page at a time', async () => {
    const { users } = subject.ports;
    const before = await users.findTwoFactorSecrets({ after: null, limit: 1000 });
    const added = [
      await subject.addUser({ twoFactorSecret: 'S1' }),
      await subject.addUser({ twoFactorSecret: null }),
      await subject.addUser({ twoFactorSecret: 'S3' }),
      await subject.addUser({ twoFactorSecret: 'S4' }),
    ];
    const all = await users.findTwoFactorSecrets({ after: null, limit: 1000 });
    const mine = all.filter((row) => added.some((user) => user.id === row.userId));
    expect(mine).toEqual(
      [added[0], added[2], added[3]]
        .map((user) => ({ userId: user?.id ?? '', stored: user?.twoFactorSecret ?? '' }))
        .sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    );
    expect(all).toHaveLength(before.length + 3);
    const ids = all.map((row) => row.userId);
    expect([...ids].sort()).toEqual(ids);
    const [first, second] = ids;
    expect(await users.findTwoFactorSecrets({ after: null, limit: 1 })).toEqual([all[0]]);
    expect((await users.findTwoFactorSecrets({ after: first ?? '', limit: 1 }))[0]?.userId).toBe(second);
  });

  it('deletes the user with its entitlements, audit records and backup codes', async () => {
    const user = await subject.addUser();
    const other = await subject.addUser();
    const { users, entitlements, auditLog, backupCodes } = subject.ports;
    for (const id of [user.id, other.id]) {
      await subject.addEntitlement(aDropEntitlement(id, { billingSubscriptionId: `sub-${id}` }));
      await auditLog.append({ userId: id, event: 'USER_DELETE', details: { email: 'x@example.com' } });
      await backupCodes.replace(id, ['aaaaabbbbb']);
    }

    await users.delete(user.id);

    expect(await users.findById(user.id)).toBeNull();
    expect(await entitlements.findByService(user.id, 'DROP')).toBeNull();
    expect(await subject.auditOf(user.id)).toEqual([]);
    expect(await backupCodes.count(user.id)).toBe(0);
    expect(await users.findById(other.id)).not.toBeNull();
    expect(await entitlements.findByService(other.id, 'DROP')).not.toBeNull();
    expect(await subject.auditOf(other.id)).toHaveLength(1);
    expect(await backupCodes.count(other.id)).toBe(1);
  });
});
