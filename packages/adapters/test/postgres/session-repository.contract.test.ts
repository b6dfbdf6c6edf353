import type { NewSession, PositionedSession } from '@accounts/application';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();

const AT = new Date('2026-05-01T10:00:00.000Z');
const later = (ms: number) => new Date(AT.getTime() + ms);
const HOUR = 3_600_000;
/** The verifier's clock tolerance after a token's exp. */
const TOLERANCE = 30_000;

const session = (userId: string, key: string, overrides: Partial<NewSession> = {}): NewSession => ({
  userId,
  key,
  sid: null,
  at: AT,
  expiresAt: later(HOUR),
  address: '192.0.2.1',
  userAgent: 'Test/1',
  ...overrides,
});

describe.each(targets)('SessionRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('records a session once per key, keeps every field, and finds it with the flags in one read', async () => {
    const user = await subject.addUser();
    const { sessions } = subject.ports;
    await sessions.record(session(user.id, 'sid:a', { sid: 'a' }));
    await sessions.record(session(user.id, 'sid:a', { sid: 'a', address: '192.0.2.99' }));
    const stored = await sessions.findByKey(user.id, 'sid:a');
    expect(stored).toEqual({
      id: expect.any(String) as string,
      key: 'sid:a',
      sid: 'a',
      createdAt: AT,
      lastSeenAt: AT,
      expiresAt: later(HOUR),
      address: '192.0.2.1',
      userAgent: 'Test/1',
      revokedAt: null,
    });
    // The gate reads only what the check needs of the session: each column is parsed per request.
    const gate = await sessions.findGate(user.id, 'sid:a');
    expect(gate).toEqual({
      flags: { disabled: false, banned: false },
      signOut: null,
      session: { id: stored!.id, lastSeenAt: AT, expiresAt: later(HOUR), revokedAt: null },
    });
    expect(await sessions.listByUser(user.id)).toEqual([stored]);
  });

  it('finds no gate for an unknown user, and no session for an unknown key', async () => {
    const user = await subject.addUser();
    expect(await subject.ports.sessions.findGate('nobody', 'sid:a')).toBeNull();
    expect((await subject.ports.sessions.findGate(user.id, 'sid:unknown'))?.session).toBeNull();
    expect(await subject.ports.sessions.findByKey(user.id, 'sid:unknown')).toBeNull();
  });

  it('records nothing, and throws nothing, for a user that does not exist (deleted meanwhile)', async () => {
    await expect(subject.ports.sessions.record(session('gone-user', 'sid:x'))).resolves.toBeUndefined();
    expect(await subject.ports.sessions.listByUser('gone-user')).toEqual([]);
  });

  it('applies a touch, and lists most recently seen first', async () => {
    const user = await subject.addUser();
    const { sessions } = subject.ports;
    await sessions.record(session(user.id, 'jti:1'));
    await sessions.record(session(user.id, 'jti:2', { at: later(1000) }));
    const first = await sessions.findByKey(user.id, 'jti:1');
    if (!first) throw new Error('not recorded');
    await sessions.touch(first.id, { lastSeenAt: later(60_000), address: null, userAgent: 'Test/2' });
    await sessions.touch(first.id, { expiresAt: later(2 * HOUR) });
    expect(await sessions.listByUser(user.id)).toEqual([
      expect.objectContaining({
        key: 'jti:1',
        lastSeenAt: later(60_000),
        address: null,
        userAgent: 'Test/2',
        expiresAt: later(2 * HOUR),
        createdAt: AT,
      }),
      expect.objectContaining({ key: 'jti:2' }),
    ]);
  });

  it('revokes a live session of its user only, once', async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    const { sessions } = subject.ports;
    await sessions.record(session(owner.id, 'sid:o', { sid: 'o' }));
    await sessions.record(session(owner.id, 'sid:old', { expiresAt: later(10) }));
    const mine = await sessions.findByKey(owner.id, 'sid:o');
    const expired = await sessions.findByKey(owner.id, 'sid:old');
    if (!mine || !expired) throw new Error('not recorded');
    expect(await sessions.revoke(other.id, mine.id, later(1))).toBeNull();
    // Past its expiresAt and the 30 s of clock tolerance after it.
    expect(await sessions.revoke(owner.id, expired.id, later(10 + TOLERANCE + 1))).toBeNull();
    expect(await sessions.revoke(owner.id, mine.id, later(1))).toMatchObject({ id: mine.id, sid: 'o' });
    expect(await sessions.revoke(owner.id, mine.id, later(2))).toBeNull();
    expect((await sessions.findByKey(owner.id, 'sid:o'))?.revokedAt).toEqual(later(1));
  });

  it('revokes every live session but the one kept, and returns those it revoked', async () => {
    const user = await subject.addUser();
    const { sessions } = subject.ports;
    for (const key of ['sid:k', 'sid:x', 'sid:y']) {
      await sessions.record(session(user.id, key, { sid: key.slice(4) }));
    }
    await sessions.record(session(user.id, 'jti:expired', { expiresAt: later(5) }));
    const kept = await sessions.findByKey(user.id, 'sid:k');
    const revoked = await sessions.revokeLive(user.id, later(5 + TOLERANCE + 1), kept?.id ?? null);
    expect(revoked.map((s) => s.sid).sort()).toEqual(['x', 'y']);
    expect((await sessions.findByKey(user.id, 'sid:k'))?.revokedAt).toBeNull();
    expect((await sessions.findByKey(user.id, 'jti:expired'))?.revokedAt).toBeNull();
    expect(await sessions.revokeLive(user.id, later(5 + TOLERANCE + 2), null)).toHaveLength(1);
  });

  it('takes a session as live until 30 s after its expiresAt, as the verifier accepts its token', async () => {
    const user = await subject.addUser();
    const { sessions } = subject.ports;
    for (const key of ['sid:edge', 'sid:past', 'sid:others-a', 'sid:others-b']) {
      await sessions.record(session(user.id, key, { sid: key.slice(4) }));
    }
    const edge = await sessions.findByKey(user.id, 'sid:edge');
    const past = await sessions.findByKey(user.id, 'sid:past');
    if (!edge || !past) throw new Error('not recorded');
    expect(await sessions.revoke(user.id, past.id, later(HOUR + TOLERANCE + 1))).toBeNull();
    expect(await sessions.revoke(user.id, edge.id, later(HOUR + TOLERANCE))).toMatchObject({ id: edge.id });
    const others = await sessions.revokeLive(user.id, later(HOUR + 1000), past.id);
    expect(others.map((s) => s.sid).sort()).toEqual(['others-a', 'others-b']);
  });

  it('finds a session by its old keys, a revoked one first, and keys it anew once', async () => {
    const user = await subject.addUser();
    const other = await subject.addUser();
    const { sessions } = subject.ports;
    await sessions.record(session(user.id, 'sha256:a'));
    await sessions.record(session(user.id, 'sha256:b', { at: later(1000) }));
    await sessions.record(session(other.id, 'sha256:c'));
    const a = await sessions.findByKey(user.id, 'sha256:a');
    const b = await sessions.findByKey(user.id, 'sha256:b');
    if (!a || !b) throw new Error('not recorded');
    expect(await sessions.findByLegacyKeys(user.id, [])).toBeNull();
    expect(await sessions.findByLegacyKeys(user.id, ['sha256:c'])).toBeNull();
    // The most recently seen while none is revoked; a revoked one as soon as one is.
    expect(await sessions.findByLegacyKeys(user.id, ['sha256:a', 'sha256:b'])).toEqual({
      id: b.id,
      lastSeenAt: later(1000),
      expiresAt: later(HOUR),
      revokedAt: null,
    });
    await sessions.revoke(user.id, a.id, later(2000));
    expect((await sessions.findByLegacyKeys(user.id, ['sha256:a', 'sha256:b']))?.id).toBe(a.id);

    expect(await sessions.rekey(user.id, b.id, 'signed:new')).toBe(true);
    expect((await sessions.findGate(user.id, 'signed:new'))?.session?.id).toBe(b.id);
    expect(await sessions.findByKey(user.id, 'sha256:b')).toBeNull();
    // Another session holds the key already: a parallel first sight won.
    expect(await sessions.rekey(user.id, a.id, 'signed:new')).toBe(false);
    expect((await sessions.findByKey(user.id, 'sha256:a'))?.id).toBe(a.id);
  });

  describe('pages of the live sessions', () => {
    /** The sids of a page, and where it ended. */
    const sidsOf = (page: PositionedSession[]) => page.map((s) => s.sid);
    const afterLast = (page: PositionedSession[]) => page.at(-1)?.position ?? null;

    it('lists the live sessions most recently seen first, from where the last page ended', async () => {
      const user = await subject.addUser();
      const other = await subject.addUser();
      const { sessions } = subject.ports;
      for (const [i, sid] of ['a', 'b', 'c', 'd'].entries()) {
        await sessions.record(session(user.id, `sid:${sid}`, { sid, at: later(i * 1000) }));
      }
      await sessions.record(session(user.id, 'sid:revoked', { sid: 'revoked', at: later(5000) }));
      await sessions.record(
        session(user.id, 'sid:expired', { sid: 'expired', expiresAt: later(10_000 - TOLERANCE - 1) }),
      );
      await sessions.record(
        session(user.id, 'sid:tolerated', { sid: 'tolerated', expiresAt: later(10_000 - TOLERANCE) }),
      );
      await sessions.record(session(other.id, 'sid:other', { sid: 'other' }));
      const revoked = await sessions.findByKey(user.id, 'sid:revoked');
      await sessions.revoke(user.id, revoked?.id ?? '', later(6000));
      const page = (after: PositionedSession['position'] | null, limit: number) =>
        sessions.listLive(user.id, { listedAt: later(10_000), now: later(10_000), after, limit });

      const first = await page(null, 2);
      expect(sidsOf(first)).toEqual(['d', 'c']);
      expect(first[0]).toMatchObject({ key: 'sid:d', lastSeenAt: later(3000), revokedAt: null });
      expect(first[0]?.position).toEqual({ seenAt: '2026-05-01T10:00:03.000000Z', id: first[0]?.id });
      const second = await page(afterLast(first), 1);
      expect(sidsOf(second)).toEqual(['b']);
      // The tolerated one (seen at AT, as a is) comes by its id beside a; the expired one never.
      const rest = await page(afterLast(second), 10);
      const all = [...first, ...second, ...rest];
      expect(all.map((s) => s.sid).sort()).toEqual(['a', 'b', 'c', 'd', 'tolerated']);
      const sameTime = all.filter((s) => s.lastSeenAt.getTime() === AT.getTime()).map((s) => s.id);
      expect(sameTime).toEqual([...sameTime].sort().reverse());
    });

    it("keeps the first page's order: a session seen since stays in place, one seen twice since comes last", async () => {
      const user = await subject.addUser();
      const { sessions } = subject.ports;
      for (const [i, sid] of ['a', 'b', 'c', 'd'].entries()) {
        await sessions.record(session(user.id, `sid:${sid}`, { sid, at: later(i * 1000) }));
      }
      const listedAt = later(10_000);
      const first = await sessions.listLive(user.id, { listedAt, now: listedAt, after: null, limit: 1 });
      expect(sidsOf(first)).toEqual(['d']);
      const b = await sessions.findByKey(user.id, 'sid:b');
      const a = await sessions.findByKey(user.id, 'sid:a');
      if (!a || !b) throw new Error('not recorded');
      // b seen once since (its place as of listedAt is kept), a twice (its place is lost).
      await sessions.touch(b.id, { lastSeenAt: later(70_000) });
      await sessions.touch(a.id, { lastSeenAt: later(70_000) });
      await sessions.touch(a.id, { lastSeenAt: later(130_000) });
      await sessions.record(session(user.id, 'sid:new', { sid: 'new', at: later(70_000) }));
      const rest = await sessions.listLive(user.id, {
        listedAt,
        now: later(130_000),
        after: afterLast(first),
        limit: 10,
      });
      expect(sidsOf(rest)).toEqual(['c', 'b', 'a']);
      expect(rest.at(-1)?.position.seenAt).toBeNull();
      const tail = await sessions.listLive(user.id, {
        listedAt,
        now: later(130_000),
        after: rest[1]?.position ?? null,
        limit: 10,
      });
      expect(sidsOf(tail)).toEqual(['a']);
      expect(
        await sessions.listLive(user.id, {
          listedAt,
          now: later(130_000),
          after: afterLast(tail),
          limit: 10,
        }),
      ).toEqual([]);
    });
  });

  it("sets the account's sign-out moment, which the gate reads back", async () => {
    const user = await subject.addUser();
    const { sessions } = subject.ports;
    expect(await sessions.signOut('nobody', { issuedBefore: later(1000), keptSessionId: null })).toBe(false);
    expect(await sessions.signOut(user.id, { issuedBefore: later(1000), keptSessionId: 'kept' })).toBe(true);
    expect((await sessions.findGate(user.id, 'sid:a'))?.signOut).toEqual({
      issuedBefore: later(1000),
      keptSessionId: 'kept',
    });
  });

  it('goes with its user', async () => {
    const user = await subject.addUser();
    await subject.ports.sessions.record(session(user.id, 'sid:a'));
    await subject.ports.users.delete(user.id);
    expect(await subject.ports.sessions.listByUser(user.id)).toEqual([]);
  });

  it('records a first-seen session already revoked when its sid was refused for every account or for its own', async () => {
    const [ada, bob] = [await subject.addUser(), await subject.addUser()];
    const { sessions } = subject.ports;
    const sid = `refused-${ada.id}`;
    const mine = `mine-${ada.id}`;
    expect(await sessions.recordIfRefused({ ...session(ada.id, `sid:${sid}`), sid })).toBeNull();
    expect(await sessions.findByKey(ada.id, `sid:${sid}`)).toBeNull();
    await sessions.refuseSid(sid, null, later(1000));
    await sessions.refuseSid(mine, ada.id, later(2000));
    const revoked = await sessions.recordIfRefused({ ...session(ada.id, `sid:${sid}`), sid });
    expect(revoked).toEqual({
      id: expect.any(String) as string,
      lastSeenAt: AT,
      expiresAt: later(HOUR),
      revokedAt: later(1000),
    });
    expect(await sessions.findGate(ada.id, `sid:${sid}`)).toMatchObject({ session: revoked });
    expect(await sessions.recordIfRefused({ ...session(bob.id, `sid:${sid}`), sid })).toMatchObject({
      revokedAt: later(1000),
    });
    expect(await sessions.recordIfRefused({ ...session(ada.id, `sid:${mine}`), sid: mine })).toMatchObject({
      revokedAt: later(2000),
    });
    expect(await sessions.recordIfRefused({ ...session(bob.id, `sid:${mine}`), sid: mine })).toBeNull();
    // A later refusal moves the time; a session recorded meanwhile by a parallel first use is revoked.
    await sessions.record(session(bob.id, 'sid:raced', { sid: 'raced' }));
    await sessions.refuseSid('raced', null, later(3000));
    expect(await sessions.recordIfRefused({ ...session(bob.id, 'sid:raced'), sid: 'raced' })).toMatchObject({
      revokedAt: later(3000),
    });
    expect(await sessions.recordIfRefused({ ...session('nobody', 'sid:raced'), sid: 'raced' })).toBeNull();
  });

  it('revokes the live sessions of a sid, on every account or on one, and counts live sessions with a sid', async () => {
    const [ada, bob] = [await subject.addUser(), await subject.addUser()];
    const { sessions } = subject.ports;
    const sid = `shared-${ada.id}`;
    await sessions.record(session(ada.id, `sid:${sid}`, { sid }));
    await sessions.record(session(bob.id, `sid:${sid}`, { sid }));
    await sessions.record(session(ada.id, 'jti:a'));
    await sessions.record(session(bob.id, 'sid:expired', { sid, expiresAt: later(-HOUR) }));
    expect(await sessions.countLive(ada.id, AT)).toEqual({ live: 2, withSid: 1 });
    const onlyAda = await sessions.revokeLiveBySid(sid, later(1), ada.id);
    expect(onlyAda.map((s) => [s.userId, s.key, s.revokedAt])).toEqual([[ada.id, `sid:${sid}`, null]]);
    expect(await sessions.countLive(ada.id, later(2))).toEqual({ live: 1, withSid: 0 });
    const everyone = await sessions.revokeLiveBySid(sid, later(2), null);
    expect(everyone.map((s) => [s.userId, s.key])).toEqual([[bob.id, `sid:${sid}`]]);
    expect(await sessions.revokeLiveBySid(sid, later(3), null)).toEqual([]);
    expect(await sessions.countLive('nobody', AT)).toEqual({ live: 0, withSid: 0 });
  });
});
