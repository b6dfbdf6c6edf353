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
