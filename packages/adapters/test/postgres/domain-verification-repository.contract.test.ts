import type { DomainVerification } from '@accounts/domain';
import { ok } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();
const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function verification(overrides: Partial<DomainVerification> = {}): DomainVerification {
  return {
    domain: 'Files.Example.com',
    token: 'abcdefghijklmnopqrstuvwx',
    status: 'pending',
    connectedAt: T0,
    checkedAt: null,
    verifiedAt: null,
    ...overrides,
  };
}

describe.each(targets)('DomainVerificationRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  const repo = () => subject.ports.domainVerifications;

  it('saves, replaces, finds and deletes one state per user', async () => {
    const user = await subject.addUser();
    expect(await repo().find(user.id)).toBeNull();
    await repo().save(user.id, verification());
    expect(await repo().find(user.id)).toEqual(verification());
    const replaced = verification({ domain: 'other.example.com', status: 'failed', checkedAt: at(5) });
    await repo().save(user.id, replaced);
    expect(await repo().find(user.id)).toEqual(replaced);
    await repo().delete(user.id);
    expect(await repo().find(user.id)).toBeNull();
  });

  it('goes with its user', async () => {
    const user = await subject.addUser();
    await repo().save(user.id, verification());
    await subject.ports.users.delete(user.id);
    expect(await repo().find(user.id)).toBeNull();
  });

  it('marks verified once, only for the same domain (in any case)', async () => {
    const user = await subject.addUser();
    await repo().save(user.id, verification());
    expect(await repo().markVerified(user.id, 'other.example.com', at(1))).toBe(false);
    expect(await repo().markVerified(user.id, 'files.example.COM', at(2))).toBe(true);
    expect(await repo().markVerified(user.id, 'Files.Example.com', at(3))).toBe(false);
    expect(await repo().find(user.id)).toEqual(
      verification({ status: 'verified', checkedAt: at(2), verifiedAt: at(2) }),
    );
    expect(await repo().markVerified('nobody', 'Files.Example.com', at(4))).toBe(false);
  });

  it('records a check only while the domain is the same and unverified', async () => {
    const user = await subject.addUser();
    await repo().save(user.id, verification());
    await repo().recordCheck(user.id, 'files.example.com', { status: 'pending', checkedAt: at(1) });
    expect(await repo().find(user.id)).toEqual(verification({ checkedAt: at(1) }));
    await repo().recordCheck(user.id, 'other.example.com', { status: 'failed', checkedAt: at(2) });
    expect(await repo().find(user.id)).toEqual(verification({ checkedAt: at(1) }));
    await repo().markVerified(user.id, 'files.example.com', at(3));
    await repo().recordCheck(user.id, 'files.example.com', { status: 'failed', checkedAt: at(4) });
    expect(await repo().find(user.id)).toMatchObject({ status: 'verified', checkedAt: at(3) });
  });

  it('finds the pending domains due, least recently checked first, and expires those past their time', async () => {
    const due = await subject.addUser();
    const never = await subject.addUser();
    const recent = await subject.addUser();
    const old = await subject.addUser();
    const done = await subject.addUser();
    await repo().save(
      due.id,
      verification({ domain: 'due.example.com', connectedAt: at(100), checkedAt: at(200) }),
    );
    await repo().save(never.id, verification({ domain: 'never.example.com', connectedAt: at(100) }));
    await repo().save(
      recent.id,
      verification({ domain: 'recent.example.com', connectedAt: at(100), checkedAt: at(900) }),
    );
    await repo().save(old.id, verification({ domain: 'old.example.com', connectedAt: at(10) }));
    await repo().save(
      done.id,
      verification({ domain: 'done.example.com', connectedAt: at(100), status: 'verified' }),
    );

    const found = await repo().findDue({ checkedBefore: at(500), connectedAfter: at(50), limit: 10 });
    const mine = found.filter((v) => [due.id, never.id, recent.id, old.id, done.id].includes(v.userId));
    expect(mine.map((v) => v.userId)).toEqual([never.id, due.id]);
    expect(mine[1]).toEqual({
      userId: due.id,
      ...verification({ domain: 'due.example.com', connectedAt: at(100), checkedAt: at(200) }),
    });

    expect(await repo().expirePending(at(50))).toBeGreaterThanOrEqual(1);
    expect(await repo().find(old.id)).toMatchObject({ status: 'failed' });
    expect(await repo().find(due.id)).toMatchObject({ status: 'pending' });
    expect(await repo().find(done.id)).toMatchObject({ status: 'verified' });
  });

  it('rolls back with the unit of work', async () => {
    const user = await subject.addUser();
    await repo().save(user.id, verification());
    await subject.ports.unitOfWork.run(async (tx) => {
      const found = await tx.domainVerifications.find(user.id);
      await tx.domainVerifications.save(user.id, { ...verification(), ...found, token: 'changed' });
      return { ok: false, error: 'rolled back' } as const;
    });
    expect(await repo().find(user.id)).toEqual(verification());
    await subject.ports.unitOfWork.run(async (tx) => {
      await tx.domainVerifications.delete(user.id);
      return ok();
    });
    expect(await repo().find(user.id)).toBeNull();
  });
});
