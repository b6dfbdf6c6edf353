import { testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { serviceWithStandIns } from './outbox-support.js';
import { auditRecords, REAL_JWT_SECRET } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';
import { signJwt } from './support.js';

// POST /api/admin/users/{id}/export (decisions.md, "Operator API and own-data export") through HTTP
// on the real adapters, with webhooks configured: the owner's document, the USER_EXPORT record the
// owner sees, and no webhook.
const PASSWORD = 'a long and real password';
const OPERATOR_ID = 'support-7';
const REASON = 'ticket 4711: the owner asked for their data (GDPR Art. 15)';

type Document = Record<string, unknown> & {
  exportedAt: string;
  securityEvents: { event: string; details: Record<string, unknown> }[];
};

describe.each(await testDatabaseTargets())('the operator export on $label', (target) => {
  const real = serviceWithStandIns(target, { password: PASSWORD, webhooks: true });
  const operatorToken = signJwt(
    { sub: OPERATOR_ID, scope: 'accounts:admin', exp: Math.floor(Date.now() / 1000) + 600 },
    { key: REAL_JWT_SECRET },
  );

  const exportAs = (token: string | null, userId: string, body?: unknown) =>
    fetch(`${real.base}/api/admin/users/${userId}/export`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const outboxOf = (userId: string) =>
    real.service.database.db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('user_id', '=', userId)
      .execute();

  it("answers the owner's own document and headers, audited USER_EXPORT for the owner to see, and queues no webhook", async () => {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash, displayName: 'Ada' });
    const db = real.service.database.db;
    await db
      .insertInto('service_access')
      .values({ user_id: user.id, service: 'DROP', tier: 'enterprise', billing_customer_id: 'cus_x' })
      .execute();
    await db
      .insertInto('audit_logs')
      .values({ user_id: user.id, event: 'USER_UPDATE', details: JSON.stringify({ n: 1 }) as never })
      .execute();

    // The owner signed in once (a session the export holds).
    expect((await user.call('GET', '/api/auth/2fa')).status).toBe(200);

    const response = await exportAs(operatorToken, user.id, { reason: REASON });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="account-export.json"');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const exported = (await response.json()) as Document;

    // The owner's own export is the same document (its own time aside), the operator's record included.
    const own = (await (await user.send('GET', '/api/user/export')).json()) as Document;
    expect({ ...exported, exportedAt: own.exportedAt }).toEqual(own);
    expect(exported.account).toMatchObject({ id: user.id, email: user.email, displayName: 'Ada' });
    expect(exported.sessions).toHaveLength(1);
    expect(exported.securityEvents.map(({ event, details }) => ({ event, details }))).toEqual([
      { event: 'USER_EXPORT', details: { actorId: OPERATOR_ID, reason: REASON } },
      { event: 'USER_UPDATE', details: { n: 1 } },
    ]);
    expect(JSON.stringify(exported)).not.toContain(real.passwordHash);

    // The owner reads who exported their data, and why, in their security events.
    const events = await user.call('GET', '/api/user/security-events?limit=1');
    expect(events.body.events).toEqual([
      {
        id: expect.any(String) as unknown,
        event: 'USER_EXPORT',
        details: { actorId: OPERATOR_ID, reason: REASON },
        createdAt: expect.any(String) as unknown,
      },
    ]);
    expect(await auditRecords(db, user.id, 'USER_EXPORT')).toHaveLength(1);

    // No webhook for the export, while an audited change of the same account queues its own.
    expect(await outboxOf(user.id)).toEqual([]);
    expect(
      (
        await fetch(`${real.base}/api/admin/users/${user.id}/disable`, {
          method: 'POST',
          headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: REASON }),
        })
      ).status,
    ).toBe(200);
    const queued = await outboxOf(user.id);
    expect(queued.map(({ kind, payload }) => [kind, (payload as { type?: string }).type])).toEqual([
      ['webhook', 'user.disabled'],
    ]);
  });

  it('exports a banned account, whose owner cannot export it', async () => {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash, banned: true });
    expect((await user.call('GET', '/api/user/export')).body.code).toBe('ACCOUNT_BANNED');
    const response = await exportAs(operatorToken, user.id, { reason: REASON });
    expect(response.status).toBe(200);
    const exported = (await response.json()) as Document;
    expect(exported.account).toMatchObject({ id: user.id, banned: true });
    expect(await auditRecords(real.service.database.db, user.id, 'USER_EXPORT')).toEqual([
      { event: 'USER_EXPORT', details: { actorId: OPERATOR_ID, reason: REASON } },
    ]);
  });

  it('answers 404 for an unknown account, 400 for a missing or bad reason, 403 without the scope and 401 without a token, recording nothing', async () => {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash });
    const answer = async (token: string | null, userId: string, body?: unknown) => {
      const response = await exportAs(token, userId, body);
      const json = (await response.json()) as { code: string; message: string };
      return { status: response.status, code: json.code, message: json.message };
    };
    expect(await answer(operatorToken, 'nobody', { reason: REASON })).toEqual({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    for (const body of [undefined, {}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const { status, code } = await answer(operatorToken, user.id, body);
      expect({ body, status, code }).toEqual({
        body,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await answer(operatorToken, user.id, { reason: '   ' })).toEqual({
      status: 400,
      code: 'INVALID_REASON',
      message: 'reason must be 1 to 500 characters, not only spaces',
    });
    expect(await answer(user.token, user.id, { reason: REASON })).toMatchObject({
      status: 403,
      code: 'OPERATOR_SCOPE_REQUIRED',
    });
    expect((await answer(null, user.id, { reason: REASON })).status).toBe(401);
    expect(await auditRecords(real.service.database.db, user.id, 'USER_EXPORT')).toEqual([]);
  });
});
