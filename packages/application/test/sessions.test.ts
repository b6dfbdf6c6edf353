import type { SessionToken } from '@accounts/application';
import { describe, expect, it } from 'vitest';
import { PASSWORD, setUp, type TestContext } from './support.js';

const HOUR = 3_600_000;

/** A token of session `key` (sid `sid`) issued at `iat` seconds, used now. */
function token(
  t: TestContext,
  key: string,
  options: { sid?: string | null; iat?: number } = {},
): SessionToken {
  const now = t.ports.clock.now();
  return {
    key: { key, sid: options.sid ?? null },
    use: {
      issuedAt: 'iat' in options ? options.iat : Math.floor(now.getTime() / 1000) - 10,
      expiresAt: new Date(now.getTime() + HOUR),
      address: '192.0.2.1',
      userAgent: 'Test/1',
    },
  };
}

const nowSeconds = (t: TestContext) => Math.floor(t.ports.clock.now().getTime() / 1000);

async function use(t: TestContext, userId: string, session: SessionToken, operation = 'sessions' as const) {
  return t.useCases.authorizeAccount.execute({ userId, operation, session });
}

function webhooks(t: TestContext) {
  return t.db.outbox.flatMap((entry) => (entry.kind === 'webhook' ? [entry.payload] : []));
}

describe('the session check of every request', () => {
  it('records a session on first sight, with its address, User-Agent and exp', async () => {
    const t = setUp();
    const user = t.addUser();
    expect(await use(t, user.id, token(t, 'sid:a', { sid: 'a' }))).toEqual({ ok: true, value: undefined });
    const [session] = await t.ports.sessions.listByUser(user.id);
    expect(session).toMatchObject({
      key: 'sid:a',
      sid: 'a',
      createdAt: t.ports.clock.now(),
      lastSeenAt: t.ports.clock.now(),
      expiresAt: new Date(t.ports.clock.now().getTime() + HOUR),
      address: '192.0.2.1',
      userAgent: 'Test/1',
      revokedAt: null,
    });
  });

  it('does not write within 60 s of the last use, and moves lastSeenAt after', async () => {
    const t = setUp();
    const user = t.addUser();
    const first = t.ports.clock.now();
    await use(t, user.id, token(t, 'jti:j'));
    t.ports.clock.advance(59_999);
    let touches = 0;
    const touch = t.ports.sessions.touch.bind(t.ports.sessions);
    t.ports.sessions.touch = (id, change) => {
      touches++;
      return touch(id, change);
    };
    await use(t, user.id, {
      ...token(t, 'jti:j'),
      use: { ...token(t, 'jti:j').use, expiresAt: new Date(first.getTime() + HOUR) },
    });
    expect(touches).toBe(0);
    expect((await t.ports.sessions.listByUser(user.id))[0]?.lastSeenAt).toEqual(first);
    t.ports.clock.advance(1);
    await use(t, user.id, { ...token(t, 'jti:j'), use: { ...token(t, 'jti:j').use, address: '192.0.2.9' } });
    expect(touches).toBe(1);
    expect((await t.ports.sessions.listByUser(user.id))[0]).toMatchObject({
      lastSeenAt: t.ports.clock.now(),
      address: '192.0.2.9',
    });
  });

  it('records nothing for a user that does not exist, and lets the operation answer', async () => {
    const t = setUp();
    expect(await use(t, 'nobody', token(t, 'sid:x'))).toEqual({ ok: true, value: undefined });
    expect(t.db.sessions).toEqual([]);
  });

  it('refuses a revoked session before the account-state gate, and records nothing for a refused token', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:a', { sid: 'a' }));
    expect(await t.useCases.revokeCurrentSession.execute({ userId: user.id, currentKey: 'sid:a' })).toEqual({
      ok: true,
      value: undefined,
    });
    t.db.users.set(user.id, { ...user, banned: true });
    expect(await use(t, user.id, token(t, 'sid:a', { sid: 'a', iat: nowSeconds(t) + 100 }))).toEqual({
      ok: false,
      error: { type: 'SessionRevoked' },
    });
    // Not revoked, but banned: the account gate answers.
    expect(await use(t, user.id, token(t, 'sid:b'))).toEqual({ ok: false, error: { type: 'AccountBanned' } });
    expect(t.db.sessions).toHaveLength(1);
  });
});

describe('a token keyed by its signed part, and the old whole-token keys', () => {
  /** A token without sid or jti: its key, and its old keys, counted each time they are asked for. */
  function unkeyed(t: TestContext, oldKeys: string[]) {
    const asked = { count: 0 };
    const base = token(t, 'signed:abc');
    const session: SessionToken = {
      ...base,
      key: {
        ...base.key,
        legacyKeys: () => {
          asked.count++;
          return oldKeys;
        },
      },
    };
    return { session, asked };
  }

  it('looks the old keys up on first sight only: a known session is one read', async () => {
    const t = setUp();
    const user = t.addUser();
    const { session, asked } = unkeyed(t, ['sha256:old']);
    await use(t, user.id, session);
    expect(asked.count).toBe(1);
    t.ports.clock.advance(60_000);
    await use(t, user.id, session);
    await use(t, user.id, session);
    expect(asked.count).toBe(1);
  });

  it('refuses a token whose session was revoked under an old key, and records nothing', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sha256:old'));
    const [old] = await t.ports.sessions.listByUser(user.id);
    await t.useCases.revokeCurrentSession.execute({ userId: user.id, currentKey: 'sha256:old' });
    const { session } = unkeyed(t, ['sha256:other', 'sha256:old']);
    expect(await use(t, user.id, session)).toEqual({ ok: false, error: { type: 'SessionRevoked' } });
    expect((await t.ports.sessions.listByUser(user.id)).map((s) => [s.id, s.key])).toEqual([
      [old?.id, 'sha256:old'],
    ]);
  });

  it('keys a live session found under an old key anew: the same session, kept by revoke-others', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sha256:old', { iat: undefined }));
    await t.useCases.revokeOtherSessions.execute({
      userId: user.id,
      password: PASSWORD,
      currentKey: 'sha256:old',
    });
    const [old] = await t.ports.sessions.listByUser(user.id);
    const { session } = unkeyed(t, ['sha256:old']);
    expect(await use(t, user.id, { ...session, use: { ...session.use, issuedAt: undefined } })).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await t.ports.sessions.listByUser(user.id)).map((s) => [s.id, s.key])).toEqual([
      [old?.id, 'signed:abc'],
    ]);
  });
});

describe('signing out everywhere', () => {
  it('refuses every token issued up to the second, accepts the next second, and revokes the live sessions', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:a', { sid: 'a' }));
    await use(t, user.id, token(t, 'jti:b'));
    t.ports.clock.advance(400);
    const T = nowSeconds(t);
    expect(await t.useCases.signOutEverywhere.execute({ userId: user.id })).toEqual({ ok: true, value: 2 });

    const refused = { ok: false, error: { type: 'SessionRevoked' } };
    expect(await use(t, user.id, token(t, 'jti:new', { iat: T }))).toEqual(refused);
    expect(await use(t, user.id, token(t, 'jti:none', { iat: undefined }))).toEqual(refused);
    expect(await use(t, user.id, token(t, 'jti:new', { iat: T + 1 }))).toEqual({
      ok: true,
      value: undefined,
    });
    // A revoked session stays revoked, whatever the iat of a later token of its sid.
    expect(await use(t, user.id, token(t, 'sid:a', { sid: 'a', iat: T + 1 }))).toEqual(refused);

    expect(t.db.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'SESSIONS_REVOKE', details: { scope: 'all', count: 2, initiator: 'user' } },
    ]);
    expect(webhooks(t)).toEqual([
      {
        type: 'sessions.revoked',
        timestamp: expect.any(String) as unknown,
        data: {
          userId: user.id,
          scope: 'all',
          issuedBefore: new Date((T + 1) * 1000).toISOString(),
          sids: ['a'],
          initiator: 'user',
        },
      },
    ]);
  });

  it('tells a revocation of more than 100 sids in webhooks of at most 100, each with the same issuedBefore', async () => {
    const t = setUp();
    const user = t.addUser();
    const sids = Array.from({ length: 250 }, (_, i) => `s-${String(i).padStart(3, '0')}`);
    for (const sid of sids) await use(t, user.id, token(t, `sid:${sid}`, { sid }));
    await use(t, user.id, token(t, 'jti:no-sid'));
    const T = nowSeconds(t);
    expect(await t.useCases.signOutEverywhere.execute({ userId: user.id })).toEqual({ ok: true, value: 251 });
    expect(t.db.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'SESSIONS_REVOKE', details: { scope: 'all', count: 251, initiator: 'user' } },
    ]);
    const events = webhooks(t);
    expect(events.map((event) => (event.data.sids as string[]).length)).toEqual([100, 100, 50]);
    expect(events.flatMap((event) => event.data.sids as string[]).sort()).toEqual(sids);
    for (const event of events) {
      expect(event).toMatchObject({
        type: 'sessions.revoked',
        data: { userId: user.id, scope: 'all', issuedBefore: new Date((T + 1) * 1000).toISOString() },
      });
    }
  });

  it('by an operator: needs a reason, audits the actor and the reason, 404 for an unknown account', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:a', { sid: 'a' }));
    const sign = t.useCases.signOutEverywhereAsOperator;
    expect(await sign.execute({ userId: user.id, actorId: 'op', reason: '  ' })).toEqual({
      ok: false,
      error: { type: 'InvalidReason' },
    });
    expect(await sign.execute({ userId: 'nobody', actorId: 'op', reason: 'stolen laptop' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await sign.execute({ userId: user.id, actorId: 'op', reason: 'stolen laptop' })).toEqual({
      ok: true,
      value: 1,
    });
    expect(t.db.auditOf(user.id)).toEqual([
      {
        userId: user.id,
        event: 'SESSIONS_REVOKE',
        details: { scope: 'all', count: 1, initiator: 'operator', actorId: 'op', reason: 'stolen laptop' },
      },
    ]);
    expect(await t.useCases.listSessionsAsOperator.execute({ userId: user.id })).toEqual({
      ok: true,
      value: { sessions: [], nextCursor: null },
    });
  });
});

describe('revoking the other sessions', () => {
  it("keeps the caller's session (whatever its iat) and refuses the others' tokens issued up to now", async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:mine', { sid: 'mine', iat: undefined }));
    await use(t, user.id, token(t, 'sid:other', { sid: 'other' }));
    const revoked = await t.useCases.revokeOtherSessions.execute({
      userId: user.id,
      password: PASSWORD,
      currentKey: 'sid:mine',
    });
    expect(revoked).toEqual({ ok: true, value: 1 });
    const T = nowSeconds(t);
    expect(await use(t, user.id, token(t, 'sid:mine', { sid: 'mine', iat: undefined }))).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await use(t, user.id, token(t, 'sid:third', { iat: T }))).toEqual({
      ok: false,
      error: { type: 'SessionRevoked' },
    });
    expect(t.db.auditOf(user.id)).toEqual([
      {
        userId: user.id,
        event: 'SESSIONS_REVOKE',
        details: { scope: 'others', count: 1, initiator: 'user' },
      },
    ]);
    expect(webhooks(t)[0]?.data).toMatchObject({ scope: 'others', sids: ['other'] });
  });

  it('needs the password: a wrong one revokes nothing', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:other', { sid: 'other' }));
    expect(
      await t.useCases.revokeOtherSessions.execute({
        userId: user.id,
        password: 'wrong',
        currentKey: 'sid:mine',
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidPassword' } });
    expect(await use(t, user.id, token(t, 'sid:other', { sid: 'other' }))).toEqual({
      ok: true,
      value: undefined,
    });
    expect(t.db.signOuts.size).toBe(0);
  });
});

describe('listing and revoking one session', () => {
  it('lists the live sessions, most recently seen first, marking the current one', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:a', { sid: 'a' }));
    t.ports.clock.advance(1000);
    await use(t, user.id, token(t, 'jti:b'));
    const listed = await t.useCases.listSessions.execute({ userId: user.id, currentKey: 'sid:a' });
    if (!listed.ok) throw new Error('no list');
    expect(listed.value.sessions.map((s) => s.current)).toEqual([false, true]);
    expect(listed.value.nextCursor).toBeNull();
    expect(Object.keys(listed.value.sessions[0] ?? {}).sort()).toEqual(
      ['address', 'createdAt', 'current', 'expiresAt', 'id', 'lastSeenAt', 'userAgent'].sort(),
    );
    // Past the latest expiresAt and the 30 s of clock tolerance after it.
    t.ports.clock.advance(HOUR + 30_001);
    expect(await t.useCases.listSessions.execute({ userId: user.id, currentKey: null })).toEqual({
      ok: true,
      value: { sessions: [], nextCursor: null },
    });
  });

  describe('a page at a time', () => {
    /** A user with sessions `sid:s0`..: each seen a second after the one before (s0 longest ago). */
    async function withSessions(count: number) {
      const t = setUp();
      const user = t.addUser();
      for (let i = 0; i < count; i++) {
        await use(t, user.id, token(t, `sid:s${i}`, { sid: `s${i}` }));
        t.ports.clock.advance(1000);
      }
      return { t, user };
    }
    const sidsOf = (t: TestContext, ids: string[]) =>
      ids.map((id) => t.db.sessions.find((s) => s.id === id)?.sid ?? null);

    it('gives 50 by default, then the rest, with current marked on the page where it falls', async () => {
      const { t, user } = await withSessions(52);
      const first = await t.useCases.listSessions.execute({ userId: user.id, currentKey: 'sid:s0' });
      if (!first.ok) throw new Error('no page');
      expect(first.value.sessions).toHaveLength(50);
      expect(first.value.sessions.some((s) => s.current)).toBe(false);
      const rest = await t.useCases.listSessions.execute({
        userId: user.id,
        currentKey: 'sid:s0',
        cursor: first.value.nextCursor ?? '',
      });
      if (!rest.ok) throw new Error('no page');
      expect(
        sidsOf(
          t,
          rest.value.sessions.map((s) => s.id),
        ),
      ).toEqual(['s1', 's0']);
      expect(rest.value.sessions.map((s) => s.current)).toEqual([false, true]);
      expect(rest.value.nextCursor).toBeNull();
    });

    it("keeps the first page's order: a session seen since stays in its place, one made since waits", async () => {
      const { t, user } = await withSessions(4);
      const first = await t.useCases.listSessionsAsOperator.execute({ userId: user.id, limit: 2 });
      if (!first.ok) throw new Error('no page');
      expect(
        sidsOf(
          t,
          first.value.sessions.map((s) => s.id),
        ),
      ).toEqual(['s3', 's2']);
      // s1 is used a minute on (it would lead a new list), s3 too, and a new session appears.
      t.ports.clock.advance(60_000);
      await use(t, user.id, token(t, 'sid:s1', { sid: 's1' }));
      await use(t, user.id, token(t, 'sid:s3', { sid: 's3' }));
      await use(t, user.id, token(t, 'sid:new', { sid: 'new' }));
      const second = await t.useCases.listSessionsAsOperator.execute({
        userId: user.id,
        limit: 2,
        cursor: first.value.nextCursor ?? '',
      });
      if (!second.ok) throw new Error('no page');
      expect(
        sidsOf(
          t,
          second.value.sessions.map((s) => s.id),
        ),
      ).toEqual(['s1', 's0']);
      expect(second.value.nextCursor).toBeNull();
      const fresh = await t.useCases.listSessionsAsOperator.execute({ userId: user.id, limit: 3 });
      expect(
        fresh.ok &&
          sidsOf(
            t,
            fresh.value.sessions.map((s) => s.id),
          ),
      ).toEqual(['new', 's3', 's1']);
    });

    it('refuses a limit outside 1..100 and a cursor changed or of another account', async () => {
      const { t, user } = await withSessions(3);
      const other = t.addUser({ email: 'other@example.com' });
      for (const limit of [0, 101, 2.5]) {
        expect(await t.useCases.listSessions.execute({ userId: user.id, currentKey: null, limit })).toEqual({
          ok: false,
          error: { type: 'InvalidPageLimit' },
        });
      }
      const first = await t.useCases.listSessions.execute({ userId: user.id, currentKey: null, limit: 1 });
      const cursor = first.ok ? (first.value.nextCursor ?? '') : '';
      const refused = { ok: false, error: { type: 'InvalidCursor' } };
      expect(await t.useCases.listSessions.execute({ userId: other.id, currentKey: null, cursor })).toEqual(
        refused,
      );
      expect(
        await t.useCases.listSessionsAsOperator.execute({ userId: user.id, cursor: `x${cursor}` }),
      ).toEqual(refused);
      expect(await t.useCases.listSessionsAsOperator.execute({ userId: user.id, cursor })).toMatchObject({
        ok: true,
      });
    });
  });

  it("revokes another session only with the password; a thief's token without it signs no one out", async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:owner', { sid: 'owner' }));
    const [owner] = await t.ports.sessions.listByUser(user.id);
    if (!owner) throw new Error('no session');
    expect(
      await t.useCases.revokeSession.execute({ userId: user.id, password: 'guess', sessionId: owner.id }),
    ).toEqual({ ok: false, error: { type: 'InvalidPassword' } });
    expect(await use(t, user.id, token(t, 'sid:owner', { sid: 'owner' }))).toEqual({
      ok: true,
      value: undefined,
    });

    expect(
      await t.useCases.revokeSession.execute({ userId: user.id, password: PASSWORD, sessionId: 'unknown' }),
    ).toEqual({ ok: false, error: { type: 'SessionNotFound' } });
    expect(
      await t.useCases.revokeSession.execute({ userId: user.id, password: PASSWORD, sessionId: owner.id }),
    ).toEqual({ ok: true, value: undefined });
    expect(
      await t.useCases.revokeSession.execute({ userId: user.id, password: PASSWORD, sessionId: owner.id }),
    ).toEqual({ ok: false, error: { type: 'SessionNotFound' } });
    expect(t.db.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'SESSION_REVOKE', details: { sessionId: owner.id, initiator: 'user' } },
    ]);
    expect(webhooks(t).map((event) => event.data)).toEqual([
      { userId: user.id, sessionId: owner.id, sid: 'owner', initiator: 'user' },
    ]);
  });

  it("another user's session id is not found", async () => {
    const t = setUp();
    const owner = t.addUser();
    const other = t.addUser({ email: 'other@example.com' });
    await use(t, other.id, token(t, 'sid:x', { sid: 'x' }));
    const [session] = await t.ports.sessions.listByUser(other.id);
    expect(
      await t.useCases.revokeSession.execute({
        userId: owner.id,
        password: PASSWORD,
        sessionId: session?.id ?? '',
      }),
    ).toEqual({ ok: false, error: { type: 'SessionNotFound' } });
  });

  it('revoking the current session under a host authentication (no token) is SessionNotFound', async () => {
    const t = setUp();
    const user = t.addUser();
    expect(await t.useCases.revokeCurrentSession.execute({ userId: user.id, currentKey: null })).toEqual({
      ok: false,
      error: { type: 'SessionNotFound' },
    });
  });

  it('answers UserNotFound once the account is gone (a delete that won the race)', async () => {
    const t = setUp();
    const user = t.addUser();
    await use(t, user.id, token(t, 'sid:a', { sid: 'a' }));
    await t.ports.users.delete(user.id);
    expect(await t.useCases.signOutEverywhere.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await t.useCases.revokeCurrentSession.execute({ userId: user.id, currentKey: 'sid:a' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await t.useCases.listSessions.execute({ userId: user.id, currentKey: null })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });
});

describe('the check again once a request has arrived (recheck)', () => {
  it('records nothing, and refuses what a revocation, a disable or a ban since the first check refuses', async () => {
    const t = setUp();
    const user = t.addUser();
    const mine = token(t, 'sid:a', { sid: 'a' });
    const recheck = (operation: 'sessions' | 'enable-account' = 'sessions') =>
      t.useCases.authorizeAccount.execute({ userId: user.id, operation, session: mine, recheck: true });
    expect(await recheck()).toEqual({ ok: true, value: undefined });
    expect(t.db.sessions).toHaveLength(0);
    expect(await use(t, user.id, mine)).toEqual({ ok: true, value: undefined });
    t.ports.clock.advance(61_000);
    const before = (await t.ports.sessions.listByUser(user.id))[0];
    expect(await recheck()).toEqual({ ok: true, value: undefined });
    expect((await t.ports.sessions.listByUser(user.id))[0]).toEqual(before);

    await t.ports.users.changeFlags(user.id, {
      from: { disabled: false, banned: false },
      to: { disabled: true, banned: false },
    });
    expect(await recheck()).toEqual({ ok: false, error: { type: 'AccountDisabled' } });
    expect(await recheck('enable-account')).toEqual({ ok: true, value: undefined });
    await t.useCases.signOutEverywhere.execute({ userId: user.id });
    expect(await recheck('enable-account')).toEqual({ ok: false, error: { type: 'SessionRevoked' } });
  });
});
