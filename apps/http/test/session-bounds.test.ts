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

  /**
   * `count` sessions of the user, `sid:bulk-0`.. (with that sid, or none), as the gate records
   * them: seen from `secondsAgo` on, evenly apart, bulk-0 longest ago.
   */
  async function sessionsOf(userId: string, count: number, sids = true, secondsAgo = count) {
    const at = Date.now() - secondsAgo * 1000;
    const step = (secondsAgo * 1000) / (count + 1);
    await db()
      .insertInto('sessions')
      .values(
        Array.from({ length: count }, (_, i) => ({
          user_id: userId,
          key: `sid:bulk-${i}`,
          sid: sids ? `bulk-${i}` : null,
          created_at: new Date(at + i * step),
          last_seen_at: new Date(at + i * step),
          expires_at: new Date(Date.now() + 600_000),
        })),
      )
      .execute();
  }

  /** Every page of `url` (limit `limit`), following nextCursor: the pages' sessions. */
  async function pagesOf(token: string, url: string, limit?: number) {
    const pages: Record<string, unknown>[][] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({
        ...(limit ? { limit: String(limit) } : {}),
        ...(cursor ? { cursor } : {}),
      });
      const answer = await as(token, 'GET', `${url}?${query.toString()}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      pages.push(answer.body.sessions as Record<string, unknown>[]);
      cursor = (answer.body.nextCursor as string | null | undefined) ?? null;
    } while (cursor !== null);
    return pages;
  }

  it("pages the caller's list, 50 by default: every live session once, current marked on the page where it falls", async () => {
    const user = await aUser();
    const caller = mint(user.id, { sid: 'caller' });
    await as(caller, 'GET', '/api/user/custom-domain');
    // Seen 30 s ago (no touch yet), before any of the others: the caller's session comes last.
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 30_000) })
      .where('user_id', '=', user.id)
      .execute();
    await sessionsOf(user.id, 120, true, 20);
    const pages = await pagesOf(caller, '/api/user/sessions');
    expect(pages.map((page) => page.length)).toEqual([50, 50, 21]);
    const sessions = pages.flat();
    expect(new Set(sessions.map((s) => s.id)).size).toBe(121);
    expect(sessions.map((s) => s.current)).toEqual([...Array<boolean>(120).fill(false), true]);
    const seen = sessions.map((s) => Date.parse(String(s.lastSeenAt)));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("keeps the first page's order while a session on a later page is used; the operator's list pages alike", async () => {
    const user = await aUser();
    const caller = mint(user.id, { sid: 'bulk-0' });
    // Seen minutes ago, so a use now moves lastSeenAt: bulk-0 would lead a fresh list.
    await sessionsOf(user.id, 5, true, 300);
    const first = await as(caller, 'GET', '/api/user/sessions?limit=2');
    expect((first.body.sessions as Record<string, unknown>[]).map((s) => s.current)).toEqual([true, false]);
    const operator = mint('operator-1', { scope: 'accounts:admin' });
    const operatorFirst = await as(operator, 'GET', `/api/admin/users/${user.id}/sessions?limit=2`);
    expect(operatorFirst.status).toBe(200);
    const ids = (page: Answer) => (page.body.sessions as Record<string, unknown>[]).map((s) => s.id);
    expect(ids(operatorFirst)).toEqual(ids(first));

    // bulk-0 was first on the first page because this request moved it; now bulk-2, on the second.
    const fresh = await as(mint(user.id, { sid: 'bulk-2' }), 'GET', '/api/user/custom-domain');
    expect(fresh.status).toBe(200);
    const second = await as(
      caller,
      'GET',
      `/api/user/sessions?limit=2&cursor=${encodeURIComponent(String(first.body.nextCursor))}`,
    );
    const operatorSecond = await as(
      operator,
      'GET',
      `/api/admin/users/${user.id}/sessions?limit=2&cursor=${encodeURIComponent(String(operatorFirst.body.nextCursor))}`,
    );
    const rows = await db()
      .selectFrom('sessions')
      .select(['id', 'sid'])
      .where('user_id', '=', user.id)
      .execute();
    const sidOf = (id: unknown) => rows.find((row) => row.id === id)?.sid;
    expect(ids(second).map(sidOf)).toEqual(['bulk-3', 'bulk-2']);
    expect(ids(operatorSecond)).toEqual(ids(second));
    expect(operatorSecond.body.sessions).toEqual([
      expect.not.objectContaining({ current: expect.anything() as unknown }),
      expect.not.objectContaining({ current: expect.anything() as unknown }),
    ]);
  });

  it('refuses a limit outside 1..100 and a cursor it did not issue for the account', async () => {
    const user = await aUser();
    const caller = mint(user.id, { sid: 'refusals' });
    for (const limit of ['0', '101', 'ten']) {
      expect((await as(caller, 'GET', `/api/user/sessions?limit=${limit}`)).body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    expect((await as(caller, 'GET', '/api/user/sessions?cursor=forged.cursor')).body).toMatchObject({
      statusCode: 400,
      code: 'INVALID_CURSOR',
    });
    const other = await aUser();
    await sessionsOf(other.id, 3);
    const operator = mint('operator-1', { scope: 'accounts:admin' });
    const page = await as(operator, 'GET', `/api/admin/users/${other.id}/sessions?limit=1`);
    const cursor = encodeURIComponent(String(page.body.nextCursor));
    expect((await as(caller, 'GET', `/api/user/sessions?cursor=${cursor}`)).body.code).toBe('INVALID_CURSOR');
  });

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
