import { err, ok } from '@accounts/domain';
import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();

describe.each(targets)('UnitOfWork contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('commits every change when the work returns ok', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(user.id));
    const result = await subject.ports.unitOfWork.run(async (tx) => {
      await tx.users.changeFlags(user.id, { from: { disabled: false }, to: { disabled: true } });
      await tx.entitlements.setMetadataKeys(user.id, 'DROP', { customDomain: 'committed.example.com' });
      await tx.backupCodes.replace(user.id, ['aaaaabbbbb']);
      await tx.auditLog.append({ userId: user.id, event: 'USER_DISABLE', details: { email: user.email } });
      return ok(42);
    });

    expect(result).toEqual({ ok: true, value: 42 });
    expect(await subject.ports.users.findFlags(user.id)).toEqual({ disabled: true, banned: false });
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({
      customDomain: 'committed.example.com',
    });
    expect(await subject.ports.backupCodes.count(user.id)).toBe(1);
    expect(await subject.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'USER_DISABLE', details: { email: user.email } },
    ]);
  });

  it("hands back each audit record's id, as the user's history names it", async () => {
    const user = await subject.addUser();
    const ids = await subject.ports.unitOfWork.run(async (tx) => {
      const first = await tx.auditLog.append({ userId: user.id, event: 'USER_DISABLE', details: {} });
      const second = await tx.auditLog.append({ userId: user.id, event: 'USER_BAN', details: {} });
      return ok([second, first]);
    });
    const history = await subject.ports.auditLog.listByUser(user.id, { before: null, limit: 10 });
    expect(ids).toEqual({ ok: true, value: history.map((record) => record.id) });
  });

  it('rolls every change back when the work returns an error', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(user.id, { metadata: { keep: 1 } }));
    const result = await subject.ports.unitOfWork.run(async (tx) => {
      await tx.users.changeFlags(user.id, { from: {}, to: { banned: true } });
      await tx.users.consumeTotpStep(user.id, 10);
      await tx.entitlements.removeMetadataKeys(user.id, 'DROP', ['keep']);
      await tx.backupCodes.replace(user.id, ['aaaaabbbbb']);
      await tx.auditLog.append({ userId: user.id, event: 'USER_BAN', details: { email: user.email } });
      return err({ type: 'Refused' as const });
    });

    expect(result).toEqual({ ok: false, error: { type: 'Refused' } });
    expect(await subject.ports.users.findById(user.id)).toEqual(user);
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({ keep: 1 });
    expect(await subject.ports.backupCodes.count(user.id)).toBe(0);
    expect(await subject.auditOf(user.id)).toEqual([]);
  });

  it('rolls every change back and rethrows when the work throws', async () => {
    const user = await subject.addUser();
    const failure = new Error('boom');
    const run = subject.ports.unitOfWork.run(async (tx) => {
      await tx.users.setTwoFactor(user.id, { enabled: true, secret: 'S' });
      await tx.auditLog.append({ userId: user.id, event: 'TWO_FACTOR_ENABLE', details: {} });
      throw failure;
    });

    await expect(run).rejects.toBe(failure);
    expect(await subject.ports.users.findById(user.id)).toEqual(user);
    expect(await subject.auditOf(user.id)).toEqual([]);
  });

  it('keeps working after a refused domain inside the work', async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(owner.id, { metadata: { customDomain: 'taken.example.com' } }),
    );
    await subject.addEntitlement(aDropEntitlement(other.id));
    const result = await subject.ports.unitOfWork.run(async (tx) => {
      const saved = await tx.entitlements.setMetadataKeys(other.id, 'DROP', {
        customDomain: 'TAKEN.example.com',
      });
      await tx.auditLog.append({ userId: other.id, event: 'USER_UPDATE', details: { refused: !saved.ok } });
      return ok(saved.ok);
    });

    expect(result).toEqual({ ok: true, value: false });
    expect(await subject.auditOf(other.id)).toEqual([
      { userId: other.id, event: 'USER_UPDATE', details: { refused: true } },
    ]);
  });
});
