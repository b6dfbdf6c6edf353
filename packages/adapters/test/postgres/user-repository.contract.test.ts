import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();
const WINDOW_MS = 15 * 60 * 1000;

describe.each(targets)('UserRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('finds a user with every field mapped', async () => {
    const windowStartedAt = new Date('2026-01-01T10:00:00.123Z');
    const user = await subject.addUser({
      displayName: 'Ada',
      twoFactorEnabled: true,
      twoFactorSecret: 'sealed:secret',
      twoFactorLastStep: 59_000_123,
      banned: true,
      authFailures: { count: 3, windowStartedAt },
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

  it('changes only the flags it is given', async () => {
    const user = await subject.addUser({ banned: true });
    await subject.ports.users.setFlags(user.id, { disabled: true });
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: true });
    await subject.ports.users.setFlags(user.id, { banned: false });
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
    await subject.ports.users.setFlags(user.id, {});
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
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

  it('counts failures in a window that opens at the first failure', async () => {
    const user = await subject.addUser();
    const start = new Date('2026-01-01T00:00:00.250Z');
    const later = new Date(start.getTime() + WINDOW_MS - 1);
    const { users } = subject.ports;
    expect(await users.recordAuthFailure(user.id, start, WINDOW_MS)).toEqual({
      count: 1,
      windowStartedAt: start,
    });
    expect(await users.recordAuthFailure(user.id, later, WINDOW_MS)).toEqual({
      count: 2,
      windowStartedAt: start,
    });
    expect((await users.findById(user.id))?.authFailures).toEqual({ count: 2, windowStartedAt: start });
  });

  it('starts the window over once it has passed', async () => {
    const user = await subject.addUser();
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date(start.getTime() + WINDOW_MS);
    const { users } = subject.ports;
    await users.recordAuthFailure(user.id, start, WINDOW_MS);
    await users.recordAuthFailure(user.id, start, WINDOW_MS);
    expect(await users.recordAuthFailure(user.id, end, WINDOW_MS)).toEqual({
      count: 1,
      windowStartedAt: end,
    });
  });

  it('counts nothing for an unknown user', async () => {
    expect(await subject.ports.users.recordAuthFailure('nobody', new Date(), WINDOW_MS)).toEqual({
      count: 0,
      windowStartedAt: null,
    });
  });

  it('clears the failures', async () => {
    const user = await subject.addUser({
      authFailures: { count: 4, windowStartedAt: new Date('2026-01-01T00:00:00Z') },
    });
    await subject.ports.users.clearAuthFailures(user.id);
    expect((await subject.ports.users.findById(user.id))?.authFailures).toEqual({
      count: 0,
      windowStartedAt: null,
    });
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
