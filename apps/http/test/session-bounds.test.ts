import { randomBytes } from 'node:crypto';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { REAL_JWT_SECRET, realServiceSuite, UNTHROTTLED } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';
import { nowSeconds, signJwt } from './support.js';

// decisions.md, "Sessions and sign-out everywhere", Bounded lists: the lists are paged, and a
// revocation's webhooks carry at most 100 sids each; through HTTP on the real adapters.
type Answer = { status: number; body: Record<string, unknown> };

describe.each(await testDatabaseTargets())('bounded session lists on $label', (target) => {
  const running = realServiceSuite(target, {
    env: {
      ...UNTHROTTLED,
      // Queued with the revocation; nothing answers there, and the worker does not get to them.
      WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      DELIVERY_POLL_MS: '600000',
    },
  });

  const mint = (sub: string, claims: Record<string, unknown> = {}) =>
    signJwt({ sub, iat: nowSeconds(), exp: nowSeconds() + 600, ...claims }, { key: REAL_JWT_SECRET });

  async function as(token: string, method: 'GET' | 'POST' | 'DELETE', url: string): Promise<Answer> {
    const response = await running.service.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }

  const aUser = () => seedSignedInUser(running, { passwordHash: running.passwordHash });
  const db = () => running.service.database.db;

  /** `count` sessions of the user with a sid each, as the gate records them, seen a second apart. */
  async function sessionsOf(userId: string, count: number, sids = true) {
    const at = Date.now() - count * 1000;
    await db()
      .insertInto('sessions')
      .values(
        Array.from({ length: count }, (_, i) => ({
          user_id: userId,
          key: `sid:bulk-${i}`,
          sid: sids ? `bulk-${i}` : null,
          created_at: new Date(at + i * 1000),
          last_seen_at: new Date(at + i * 1000),
          expires_at: new Date(Date.now() + 600_000),
        })),
      )
      .execute();
  }

  it('a sign-out of 250 sessions with a sid queues three sessions.revoked webhooks: 100, 100 and 50 sids, one issuedBefore', async () => {
    const user = await aUser();
    await sessionsOf(user.id, 250);
    const caller = mint(user.id, { jti: 'no-sid' });
    expect(await as(caller, 'POST', '/api/user/sign-out-everywhere')).toEqual({
      status: 200,
      body: { success: true, revoked: 251 },
    });
    const entries = await db()
      .selectFrom('outbox')
      .select('payload')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'webhook')
      .orderBy('seq')
      .execute();
    const events = entries.map((entry) => entry.payload as { type: string; data: Record<string, unknown> });
    expect(events.map((event) => (event.data.sids as string[]).length)).toEqual([100, 100, 50]);
    const sids = events.flatMap((event) => event.data.sids as string[]);
    expect(new Set(sids).size).toBe(250);
    const [first] = events;
    for (const event of events) {
      expect(event).toMatchObject({
        type: 'sessions.revoked',
        data: { userId: user.id, scope: 'all', issuedBefore: first?.data.issuedBefore },
      });
    }
  });
});
