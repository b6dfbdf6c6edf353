import { createPersistence } from '@accounts/adapters';
import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { ok } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { openForSuite } from './contract-subjects.js';

const targets = await testDatabaseTargets();
const AT = new Date();
const HOUR = 3_600_000;

// The gate's reads through a process's persistence: the session's state and the account's flags are
// read together on every request, never served from an earlier read (decisions.md, "Sessions and
// sign-out everywhere": a cache of them saved under 1 % of a read's CPU and was removed).
describe.each(targets)('the session states the gate reads: $label', (target) => {
  const database = openForSuite(target.create);

  async function aUserWithSession(key: string) {
    const ports = createPersistence(database.db);
    const user = await seedUser(database.db);
    await ports.sessions.record({
      userId: user.id,
      key,
      sid: null,
      at: AT,
      expiresAt: new Date(AT.getTime() + HOUR),
      address: null,
      userAgent: null,
    });
    return { ports, user };
  }

  it("sees its own committed revocation and another process's on its next read", async () => {
    const { ports, user } = await aUserWithSession('sid:a');
    const other = createPersistence(database.db);
    const session = await ports.sessions.findByKey(user.id, 'sid:a');
    expect((await ports.sessions.findGate(user.id, 'sid:a'))?.session?.revokedAt).toBeNull();
    expect((await other.sessions.findGate(user.id, 'sid:a'))?.session?.revokedAt).toBeNull();

    await ports.unitOfWork.run(async (tx) => ok(await tx.sessions.revoke(user.id, session!.id, new Date())));
    expect((await ports.sessions.findGate(user.id, 'sid:a'))?.session?.revokedAt).toBeInstanceOf(Date);

    expect((await other.sessions.findGate(user.id, 'sid:a'))?.session?.revokedAt).toBeInstanceOf(Date);
  });

  it('reads the flags on every request, whatever it read of the session', async () => {
    const { ports, user } = await aUserWithSession('sid:b');
    await ports.sessions.findGate(user.id, 'sid:b');
    await ports.sessions.findGate(user.id, 'sid:b');
    await database.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect((await ports.sessions.findGate(user.id, 'sid:b'))?.flags).toEqual({
      disabled: true,
      banned: false,
    });
  });

  it('sees a session it records, a touch and a sign-out moment on its next read', async () => {
    const { ports, user } = await aUserWithSession('sid:c');
    expect((await ports.sessions.findGate(user.id, 'jti:new'))?.session).toBeNull();
    await ports.sessions.record({
      userId: user.id,
      key: 'jti:new',
      sid: null,
      at: AT,
      expiresAt: new Date(AT.getTime() + HOUR),
      address: null,
      userAgent: null,
    });
    const recorded = (await ports.sessions.findGate(user.id, 'jti:new'))?.session;
    expect(recorded?.lastSeenAt).toEqual(AT);

    const seen = new Date(AT.getTime() + 60_000);
    await ports.sessions.touch(recorded!.id, { lastSeenAt: seen });
    expect((await ports.sessions.findGate(user.id, 'jti:new'))?.session?.lastSeenAt).toEqual(seen);

    const issuedBefore = new Date(AT.getTime() + 1000);
    await ports.unitOfWork.run(async (tx) =>
      ok(await tx.sessions.signOut(user.id, { issuedBefore, keptSessionId: null })),
    );
    expect((await ports.sessions.findGate(user.id, 'jti:new'))?.signOut).toEqual({
      issuedBefore,
      keptSessionId: null,
    });
  });
});
