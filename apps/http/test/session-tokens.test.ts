import { createHash, randomBytes } from 'node:crypto';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { PASSWORD, REAL_JWT_SECRET, realServiceSuite, UNTHROTTLED } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';
import { nowSeconds, signJwt } from './support.js';

// decisions.md, "Sessions and sign-out everywhere": which session a token is, and how long it is
// live, through HTTP on the real adapters.
type Answer = { status: number; body: Record<string, unknown> };

describe.each(await testDatabaseTargets())('session tokens through HTTP on $label', (target) => {
  const running = realServiceSuite(target, { env: UNTHROTTLED });

  /** A token of `sub` signed with the service's key, ten minutes long, issued now; `claims` over that. */
  const mint = (sub: string, claims: Record<string, unknown> = {}) =>
    signJwt({ sub, iat: nowSeconds(), exp: nowSeconds() + 600, ...claims }, { key: REAL_JWT_SECRET });

  async function as(
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: object,
  ): Promise<Answer> {
    const response = await running.service.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }

  const aUser = () => seedSignedInUser(running, { passwordHash: running.passwordHash });

  const listOf = async (token: string) => {
    const answer = await as(token, 'GET', '/api/user/sessions');
    expect(answer.status).toBe(200);
    return answer.body.sessions as Record<string, unknown>[];
  };

  describe('a token without sid or jti: one session, whichever spelling of its signature', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    /**
     * The token with the unused low 2 bits of its HS256 signature's last character (43 characters
     * carry 32 bytes) set to `bits`: the same signature, so it verifies.
     */
    const respelled = (token: string, bits: number) => {
      const last = ALPHABET.indexOf(token.slice(-1));
      return token.slice(0, -1) + ALPHABET.charAt((last & ~3) | bits);
    };
    const spellingsOf = (token: string) => [0, 1, 2, 3].map((bits) => respelled(token, bits));
    /** The key sessions of such a token had before: `sha256:` and the digest of the whole token. */
    const oldKey = (token: string) => `sha256:${createHash('sha256').update(token).digest('hex')}`;
    const db = () => running.service.database.db;

    it('every spelling that verifies is the same session: revoked once, all are refused', async () => {
      const user = await aUser();
      const [first, ...others] = spellingsOf(mint(user.id));
      if (!first) throw new Error('no spelling');
      for (const spelling of [first, ...others]) {
        expect((await as(spelling, 'GET', '/api/user/custom-domain')).status).toBe(200);
      }
      expect(await listOf(first)).toEqual([expect.objectContaining({ current: true })]);
      const fresh = mint(user.id, { sid: 'owner' });
      const [session] = (await listOf(fresh)).filter((s) => !s.current);
      expect(
        await as(fresh, 'DELETE', `/api/user/sessions/${String(session?.id)}`, { password: PASSWORD }),
      ).toEqual({ status: 200, body: { success: true, message: 'Session revoked' } });
      for (const spelling of [first, ...others]) {
        expect((await as(spelling, 'GET', '/api/user/custom-domain')).body.code).toBe('SESSION_REVOKED');
      }
    });

    it('a session revoked under the old whole-token key stays revoked, whichever spelling comes first', async () => {
      const user = await aUser();
      const token = mint(user.id);
      // Revoked before the change, under another spelling than the one the thief now sends.
      await db()
        .insertInto('sessions')
        .values({
          user_id: user.id,
          key: oldKey(respelled(token, 2)),
          expires_at: new Date(Date.now() + 600_000),
          revoked_at: new Date(),
        })
        .execute();
      for (const spelling of spellingsOf(token)) {
        expect((await as(spelling, 'GET', '/api/user/custom-domain')).body.code).toBe('SESSION_REVOKED');
      }
      const rows = await db().selectFrom('sessions').select('key').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('a live session under the old key is the same session under the new one: its id, and revoke-others kept it', async () => {
      const user = await aUser();
      const token = mint(user.id, { iat: nowSeconds() - 60 });
      const old = await db()
        .insertInto('sessions')
        .values({ user_id: user.id, key: oldKey(token), expires_at: new Date(Date.now() + 600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Revoke-others kept this session before the change: its token, issued before, stays accepted.
      await db()
        .updateTable('users')
        .set({ sessions_issued_before: new Date(Date.now() + 1000), sessions_kept_id: old.id })
        .where('id', '=', user.id)
        .execute();
      expect((await as(respelled(token, 1), 'GET', '/api/user/custom-domain')).status).toBe(200);
      expect(await listOf(token)).toEqual([expect.objectContaining({ id: old.id, current: true })]);
      const rows = await db().selectFrom('sessions').select('key').where('user_id', '=', user.id).execute();
      expect(rows.map((row) => row.key)).toEqual([expect.stringMatching(/^signed:[0-9a-f]{64}$/)]);
      expect(await as(token, 'DELETE', '/api/user/sessions/current')).toMatchObject({ status: 200 });
      expect((await as(respelled(token, 3), 'GET', '/api/user/custom-domain')).body.code).toBe(
        'SESSION_REVOKED',
      );
    });
  });

  describe('a verified token whose session claims the service cannot keep', () => {
    const invalid = {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', code: 'INVALID_TOKEN', message: 'Invalid token' },
    };
    const YEAR_9999_END = 253_402_300_799;

    // Each was a 500 on PostgreSQL (the index row, a NUL in text, a time past the date range) or
    // a session the store could not hold; every route that takes a token answers the same 401.
    it.each([
      ['a sid of 256 characters', { sid: 's'.repeat(256) }],
      // Random, so that no compression brings it under the index row's 2,704 bytes.
      ['a sid larger than the index row', { sid: randomBytes(1500).toString('hex') }],
      ['a jti larger than the index row', { jti: randomBytes(1500).toString('hex') }],
      ['a NUL in the sid', { sid: 'a\u0000b' }],
      ['a NUL in the jti', { jti: 'a\u0000b' }],
      ['DEL in the sid', { sid: 'a\u007fb' }],
      ['an exp past 9999', { exp: YEAR_9999_END + 1 }],
      ['an exp past the date range', { exp: 1e13 }],
      ['an exp before 1970', { exp: -1 }],
      ['an iat past 9999', { iat: 1e13 }],
      ['an iat that is text', { iat: 'yesterday' }],
      ['an nbf before 1970', { nbf: -5 }],
    ])('%s: 401 Invalid token, never 500', async (_name, claims) => {
      const user = await aUser();
      const token = mint(user.id, claims);
      expect(await as(token, 'GET', '/api/user/sessions')).toEqual(invalid);
      expect(await as(token, 'GET', '/api/user/custom-domain')).toEqual(invalid);
      expect(await as(token, 'POST', '/api/user/sign-out-everywhere')).toEqual(invalid);
    });

    it('accepts a sid of 255 characters and an exp at the last second of 9999 (a fraction truncated)', async () => {
      const user = await aUser();
      const token = mint(user.id, { sid: 's'.repeat(255), exp: YEAR_9999_END + 0.5 });
      const [session] = await listOf(token);
      expect(session).toMatchObject({ current: true, expiresAt: '9999-12-31T23:59:59.000Z' });
    });
  });

  describe('a token within the clock tolerance after its exp', () => {
    // Accepted for 30 s after its exp: 10 s past it is well inside, whatever the test's pace.
    const late = (sub: string, sid: string) => mint(sub, { sid, exp: nowSeconds() - 10 });

    it('is listed, and signs itself out: DELETE /api/user/sessions/current answers 200, not 404', async () => {
      const user = await aUser();
      const token = late(user.id, 'late-current');
      expect((await listOf(token)).map((s) => s.current)).toEqual([true]);
      expect(await as(token, 'DELETE', '/api/user/sessions/current')).toEqual({
        status: 200,
        body: { success: true, message: 'Session revoked' },
      });
      expect((await as(token, 'GET', '/api/user/sessions')).body.code).toBe('SESSION_REVOKED');
    });

    it('is revoked by its id, and counted by revoke-others and sign-out-everywhere', async () => {
      const user = await aUser();
      const fresh = mint(user.id, { sid: 'fresh' });
      for (const sid of ['late-a', 'late-b', 'late-c'])
        await as(late(user.id, sid), 'GET', '/api/user/sessions');
      const others = (await listOf(fresh)).filter((s) => !s.current);
      expect(others).toHaveLength(3);
      expect(
        await as(fresh, 'DELETE', `/api/user/sessions/${String(others[0]?.id)}`, { password: PASSWORD }),
      ).toEqual({ status: 200, body: { success: true, message: 'Session revoked' } });
      expect(await as(fresh, 'POST', '/api/user/sessions/revoke-others', { password: PASSWORD })).toEqual({
        status: 200,
        body: { success: true, revoked: 2 },
      });

      const second = await aUser();
      const lateCaller = late(second.id, 'late-caller');
      await as(late(second.id, 'late-other'), 'GET', '/api/user/sessions');
      expect(await as(lateCaller, 'POST', '/api/user/sign-out-everywhere')).toEqual({
        status: 200,
        body: { success: true, revoked: 2 },
      });
    });
  });
});
