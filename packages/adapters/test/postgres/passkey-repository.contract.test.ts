import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();

const credential = (userId: string, credentialId: string, name = 'Passkey') => ({
  userId,
  credentialId,
  publicKey: 'cHVibGljLWtleQ',
  counter: 0,
  transports: ['internal', 'hybrid'],
  name,
});

describe.each(targets)('PasskeyRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('adds, lists oldest first, counts, and keeps every field', async () => {
    const user = await subject.addUser();
    const { passkeys } = subject.ports;
    const first = await passkeys.add(credential(user.id, `${user.id}-a`, 'One'));
    const second = await passkeys.add(credential(user.id, `${user.id}-b`, 'Two'));
    if (!first.ok || !second.ok) throw new Error('not added');
    expect(first.value).toMatchObject({
      ...credential(user.id, `${user.id}-a`, 'One'),
      id: expect.any(String) as string,
      lastUsedAt: null,
    });
    expect(first.value.createdAt).toBeInstanceOf(Date);
    expect((await passkeys.listByUser(user.id)).map((p) => p.name)).toEqual(['One', 'Two']);
    expect(await passkeys.countByUser(user.id)).toBe(2);
  });

  it('refuses a credential id stored for anyone', async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    await subject.ports.passkeys.add(credential(owner.id, `${owner.id}-taken`));
    expect(await subject.ports.passkeys.add(credential(other.id, `${owner.id}-taken`))).toEqual({
      ok: false,
      error: { type: 'PasskeyAlreadyRegistered' },
    });
    expect(await subject.ports.passkeys.countByUser(other.id)).toBe(0);
  });

  it("removes only the owner's passkey", async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    const added = await subject.ports.passkeys.add(credential(owner.id, `${owner.id}-r`));
    if (!added.ok) throw new Error('not added');
    expect(await subject.ports.passkeys.remove(other.id, added.value.id)).toBeNull();
    expect(await subject.ports.passkeys.remove(owner.id, added.value.id)).toMatchObject({
      id: added.value.id,
    });
    expect(await subject.ports.passkeys.remove(owner.id, added.value.id)).toBeNull();
  });

  it('records a use only while the counter is the expected one', async () => {
    const user = await subject.addUser();
    const added = await subject.ports.passkeys.add(credential(user.id, `${user.id}-u`));
    if (!added.ok) throw new Error('not added');
    const at = new Date('2026-02-01T10:00:00.000Z');
    expect(await subject.ports.passkeys.recordUse(added.value.id, { expected: 0, counter: 4, at })).toBe(
      true,
    );
    expect(await subject.ports.passkeys.recordUse(added.value.id, { expected: 0, counter: 5, at })).toBe(
      false,
    );
    expect(await subject.ports.passkeys.listByUser(user.id)).toMatchObject([{ counter: 4, lastUsedAt: at }]);
  });

  it('keeps challenges per user and ceremony, gives the latest once', async () => {
    const user = await subject.addUser();
    const { passkeyChallenges } = subject.ports;
    const expiresAt = new Date('2026-02-01T10:05:00.000Z');
    await passkeyChallenges.save({ userId: user.id, ceremony: 'registration', challenge: 'r1', expiresAt });
    await passkeyChallenges.save({ userId: user.id, ceremony: 'registration', challenge: 'r2', expiresAt });
    await passkeyChallenges.save({ userId: user.id, ceremony: 'authentication', challenge: 'a1', expiresAt });
    expect(await passkeyChallenges.take(user.id, 'registration')).toEqual({ challenge: 'r2', expiresAt });
    expect(await passkeyChallenges.take(user.id, 'registration')).toBeNull();
    expect(await passkeyChallenges.take(user.id, 'authentication')).toEqual({ challenge: 'a1', expiresAt });
  });

  it('goes with a deleted user', async () => {
    const user = await subject.addUser();
    await subject.ports.passkeys.add(credential(user.id, `${user.id}-d`));
    await subject.ports.users.delete(user.id);
    expect(await subject.ports.passkeys.countByUser(user.id)).toBe(0);
  });
});
