import { testDatabaseTargets } from '@accounts/adapters/testing';
import { FixedClock } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import {
  auditRecords,
  PASSWORD,
  REAL_JWT_SECRET,
  realServiceSuite,
  totpCode,
  UNTHROTTLED,
} from './real-service.js';
import { enableTwoFactor, seedSignedInUser } from './signed-in-user.js';
import { signJwt } from './support.js';

// The operator API of decisions.md ("Operator API and own-data export") through HTTP on the real
// adapters: every route and error, the scope check, and what each change leaves behind.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const START = new Date('2026-03-01T12:00:00Z');
const OPERATOR_ID = 'operator-without-an-account';
const REASON = 'ticket 4711: the customer asked';
const stepAt = (at: Date) => Math.floor(at.getTime() / 30_000);

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

describe.each(await testDatabaseTargets())('operator API through HTTP on $label', (target) => {
  const clock = new FixedClock(START);
  const real = realServiceSuite(target, {
    env: UNTHROTTLED,
    clock,
  });

  /** A token signed with the service's key; `exp` from the real clock (the verifier's). */
  const tokenWith = (claims: Record<string, unknown>) =>
    signJwt({ exp: Math.floor(Date.now() / 1000) + 600, ...claims }, { key: REAL_JWT_SECRET });
  const operatorToken = tokenWith({ sub: OPERATOR_ID, scope: 'openid accounts:admin profile' });

  async function call(token: string | null, method: string, path: string, body?: object): Promise<Answer> {
    const response = await fetch(`${real.base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  }
  const asOperator = (method: string, path: string, body?: object) => call(operatorToken, method, path, body);
  const error = (statusCode: number, errorText: string, code: string, message: string) => ({
    statusCode,
    error: errorText,
    code,
    message,
  });

  const aUser = (overrides: Parameters<typeof seedSignedInUser>[1] = {}) =>
    seedSignedInUser(real, { passwordHash: real.passwordHash, ...overrides });

  const ROUTES = (id: string): [string, string, object?][] => [
    ['GET', '/api/admin/users?email=someone%40example.com'],
    ['GET', `/api/admin/users/${id}`],
    ['GET', `/api/admin/users/${id}/security-events`],
    ['POST', `/api/admin/users/${id}/disable`, { reason: REASON }],
    ['POST', `/api/admin/users/${id}/enable`, { reason: REASON }],
    ['POST', `/api/admin/users/${id}/ban`, { reason: REASON }],
    ['POST', `/api/admin/users/${id}/unban`, { reason: REASON }],
    ['POST', `/api/admin/users/${id}/reset-two-factor`, { reason: REASON }],
    ['GET', `/api/admin/users/${id}/sessions`],
    ['POST', `/api/admin/users/${id}/sign-out-everywhere`, { reason: REASON }],
    ['POST', `/api/admin/users/${id}/export`, { reason: REASON }],
  ];

  describe('the operator scope', () => {
    it('refuses a self-service token, a scope in another claim or as an array, and a lookalike scope, on every operator route', async () => {
      const user = await aUser({ disabled: true });
      const refused = [
        user.token,
        tokenWith({ sub: user.id }),
        tokenWith({ sub: OPERATOR_ID, scope: ['accounts:admin'] }),
        tokenWith({ sub: OPERATOR_ID, scp: 'accounts:admin' }),
        tokenWith({ sub: OPERATOR_ID, scopes: 'accounts:admin' }),
        tokenWith({ sub: OPERATOR_ID, roles: ['accounts:admin'] }),
        tokenWith({ sub: OPERATOR_ID, scope: 'accounts:admin2 accounts:read' }),
        tokenWith({ sub: OPERATOR_ID, scope: 'accounts' }),
      ];
      for (const token of refused) {
        for (const [method, path, body] of ROUTES(user.id)) {
          const answer = await call(token, method, path, body);
          expect({ path, status: answer.status, body: answer.body }).toEqual({
            path,
            status: 403,
            body: error(403, 'Forbidden', 'OPERATOR_SCOPE_REQUIRED', 'Operator scope required'),
          });
        }
      }
      // Nothing changed.
      expect(await auditRecords(real.service.database.db, user.id, 'USER_UPDATE')).toEqual([]);
    });

    it('answers 401 without a token, before the scope', async () => {
      for (const [method, path, body] of ROUTES('x')) {
        expect((await call(null, method, path, body)).status).toBe(401);
      }
    });

    it('takes one unit of route protection per operator request', async () => {
      const first = await asOperator('GET', '/api/admin/users/nobody');
      const second = await asOperator('GET', '/api/admin/users/nobody');
      expect(
        Number(first.headers.get('x-ratelimit-remaining')) -
          Number(second.headers.get('x-ratelimit-remaining')),
      ).toBe(1);
    });
  });

  describe('reads', () => {
    it('shows an account by id and by email (ignoring case), never a hash or secret', async () => {
      const user = await aUser({
        email: `Grace.${Date.now()}@Example.com`,
        displayName: 'Grace',
        twoFactorEnabled: true,
        twoFactorSecret: 'sealed-value-never-shown',
      });
      await real.service.database.db
        .insertInto('service_access')
        .values({
          user_id: user.id,
          service: 'DROP',
          tier: 'enterprise',
          billing_customer_id: 'cus_1',
          billing_subscription_id: 'sub_show',
          metadata: JSON.stringify({
            customDomain: 'files.example.com',
            customDomainVerified: true,
          }) as never,
        })
        .execute();
      const byId = await asOperator('GET', `/api/admin/users/${user.id}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual({
        id: user.id,
        email: user.email,
        displayName: 'Grace',
        disabled: false,
        banned: false,
        twoFactorEnabled: true,
        passkeys: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        entitlements: [
          {
            service: 'DROP',
            tier: 'enterprise',
            billingCustomerId: 'cus_1',
            billingSubscriptionId: 'sub_show',
            customDomain: 'files.example.com',
            customDomainVerified: true,
          },
        ],
      });
      expect(JSON.stringify(byId.body)).not.toContain('sealed-value-never-shown');
      expect(JSON.stringify(byId.body)).not.toContain(real.passwordHash);

      const byEmail = await asOperator(
        'GET',
        `/api/admin/users?email=${encodeURIComponent(user.email.toUpperCase())}`,
      );
      expect(byEmail).toMatchObject({ status: 200, body: { users: [byId.body] } });
      expect(await asOperator('GET', '/api/admin/users?email=nobody%40example.com')).toMatchObject({
        status: 200,
        body: { users: [] },
      });
      expect((await asOperator('GET', '/api/admin/users')).status).toBe(400);
      expect(await asOperator('GET', '/api/admin/users/no-such-user')).toMatchObject({
        status: 404,
        body: error(404, 'Not Found', 'USER_NOT_FOUND', 'User not found'),
      });
    });

    it("pages an account's security events as the owner's own, and 404s an unknown account", async () => {
      const user = await aUser();
      for (let i = 0; i < 3; i++) {
        await real.service.database.db
          .insertInto('audit_logs')
          .values({ user_id: user.id, event: 'USER_UPDATE', details: JSON.stringify({ n: i }) as never })
          .execute();
      }
      const own = await user.call('GET', '/api/user/security-events?limit=2');
      const first = await asOperator('GET', `/api/admin/users/${user.id}/security-events?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.events).toEqual(own.body.events);
      expect((first.body.events as { details: { n: number } }[]).map((e) => e.details.n)).toEqual([2, 1]);
      const next = await asOperator(
        'GET',
        `/api/admin/users/${user.id}/security-events?limit=2&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
      );
      expect(next.body).toEqual({
        events: [expect.objectContaining({ details: { n: 0 } })],
        nextCursor: null,
      });
      expect((await asOperator('GET', `/api/admin/users/${user.id}/security-events?limit=0`)).body.code).toBe(
        'VALIDATION_ERROR',
      );
      expect(
        (await asOperator('GET', `/api/admin/users/${user.id}/security-events?cursor=forged`)).body.code,
      ).toBe('INVALID_CURSOR');
      expect((await asOperator('GET', '/api/admin/users/nobody/security-events')).body).toEqual(
        error(404, 'Not Found', 'USER_NOT_FOUND', 'User not found'),
      );
    });
  });

  describe('state changes', () => {
    const success = (message: string) => ({ status: 200, body: { success: true, message } });

    it('disables and re-enables, with the audit records carrying the actor and the reason, and the subscription cancelled', async () => {
      const user = await aUser();
      await real.service.database.db
        .insertInto('service_access')
        .values({ user_id: user.id, service: 'DROP', tier: 'pro', billing_subscription_id: `sub_${user.id}` })
        .execute();
      expect(
        await asOperator('POST', `/api/admin/users/${user.id}/disable`, { reason: REASON }),
      ).toMatchObject(success('Account disabled successfully'));
      expect((await user.call('GET', '/api/auth/2fa')).body.code).toBe('ACCOUNT_DISABLED');
      expect(real.billing.requests.some((request) => request.includes(`sub_${user.id}`))).toBe(true);
      expect(
        await asOperator('POST', `/api/admin/users/${user.id}/disable`, { reason: REASON }),
      ).toMatchObject({
        status: 409,
        body: error(409, 'Conflict', 'ACCOUNT_ALREADY_DISABLED', 'Account is already disabled'),
      });
      expect(
        await asOperator('POST', `/api/admin/users/${user.id}/enable`, { reason: 'resolved' }),
      ).toMatchObject(success('Account enabled successfully'));
      expect((await user.call('GET', '/api/auth/2fa')).status).toBe(200);
      expect(
        await asOperator('POST', `/api/admin/users/${user.id}/enable`, { reason: REASON }),
      ).toMatchObject({
        status: 400,
        body: error(400, 'Bad Request', 'ACCOUNT_NOT_DISABLED', 'Account is not disabled'),
      });
      expect(await auditRecords(real.service.database.db, user.id, 'USER_DISABLE')).toEqual([
        { event: 'USER_DISABLE', details: { email: user.email, actorId: OPERATOR_ID, reason: REASON } },
      ]);
      expect(await auditRecords(real.service.database.db, user.id, 'USER_UPDATE')).toEqual([
        {
          event: 'USER_UPDATE',
          details: { action: 'account_enabled', actorId: OPERATOR_ID, reason: 'resolved' },
        },
      ]);
    });

    it('unbans an account that cannot authenticate itself (banned, and no password at all)', async () => {
      const user = await aUser({ banned: true, passwordHash: null });
      expect((await user.call('DELETE', '/api/auth/ban-account', { password: PASSWORD })).status).toBe(404);
      expect((await user.call('GET', '/api/auth/2fa')).body.code).toBe('ACCOUNT_BANNED');
      expect(await asOperator('POST', `/api/admin/users/${user.id}/unban`, { reason: REASON })).toMatchObject(
        success('Account unbanned successfully'),
      );
      expect((await user.call('GET', '/api/auth/2fa')).status).toBe(200);
      expect(await asOperator('POST', `/api/admin/users/${user.id}/unban`, { reason: REASON })).toMatchObject(
        {
          status: 400,
          body: error(400, 'Bad Request', 'ACCOUNT_NOT_BANNED', 'Account is not banned'),
        },
      );
      expect(await auditRecords(real.service.database.db, user.id, 'USER_UPDATE')).toEqual([
        {
          event: 'USER_UPDATE',
          details: { action: 'account_unbanned', actorId: OPERATOR_ID, reason: REASON },
        },
      ]);
    });

    it('bans (also a disabled account), and answers 409 for a second ban', async () => {
      const user = await aUser({ disabled: true });
      expect(await asOperator('POST', `/api/admin/users/${user.id}/ban`, { reason: REASON })).toMatchObject(
        success('Account banned successfully'),
      );
      expect((await user.call('GET', '/api/auth/2fa')).body.code).toBe('ACCOUNT_BANNED');
      expect((await asOperator('POST', `/api/admin/users/${user.id}/ban`, { reason: REASON })).body).toEqual(
        error(409, 'Conflict', 'ACCOUNT_ALREADY_BANNED', 'Account is already banned'),
      );
      expect(await auditRecords(real.service.database.db, user.id, 'USER_BAN')).toEqual([
        { event: 'USER_BAN', details: { email: user.email, actorId: OPERATOR_ID, reason: REASON } },
      ]);
    });

    it('answers 404 for an unknown account and 400 for a missing, empty, blank or too long reason', async () => {
      const user = await aUser();
      for (const action of ['disable', 'enable', 'ban', 'unban', 'reset-two-factor']) {
        expect(
          await asOperator('POST', `/api/admin/users/nobody/${action}`, { reason: REASON }),
        ).toMatchObject({
          status: 404,
          body: error(404, 'Not Found', 'USER_NOT_FOUND', 'User not found'),
        });
        for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
          const answer = await asOperator('POST', `/api/admin/users/${user.id}/${action}`, body);
          expect({ action, body, status: answer.status, code: answer.body.code }).toEqual({
            action,
            body,
            status: 400,
            code: 'VALIDATION_ERROR',
          });
        }
        expect(
          (await asOperator('POST', `/api/admin/users/${user.id}/${action}`, { reason: '   ' })).body,
        ).toEqual(
          error(400, 'Bad Request', 'INVALID_REASON', 'reason must be 1 to 500 characters, not only spaces'),
        );
      }
      const row = await real.service.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect({ disabled: row.disabled, banned: row.banned }).toEqual({ disabled: false, banned: false });
    });
  });

  describe('reset-two-factor', () => {
    it('removes TOTP, its secret, the backup codes and the passkeys, audits the actor, and lets the owner set 2FA up again', async () => {
      const user = await aUser();
      const code = () => totpCode(SECRET, stepAt(clock.now()));
      await enableTwoFactor(user, SECRET, code());
      clock.advance(30_000);
      await real.service.database.db
        .insertInto('passkeys')
        .values({
          id: 'passkey-1',
          user_id: user.id,
          credential_id: 'credential-1',
          public_key: 'public-key',
          counter: 0,
          name: 'Laptop',
        })
        .execute();
      expect((await user.call('GET', '/api/auth/2fa')).body).toMatchObject({ passkeys: 1 });

      expect(
        await asOperator('POST', `/api/admin/users/${user.id}/reset-two-factor`, { reason: REASON }),
      ).toMatchObject({
        status: 200,
        body: { success: true, message: 'Two-factor authentication reset' },
      });
      const db = real.service.database.db;
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect({ enabled: row.two_factor_enabled, secret: row.two_factor_secret }).toEqual({
        enabled: false,
        secret: null,
      });
      expect(
        await db.selectFrom('backup_codes').select('id').where('user_id', '=', user.id).execute(),
      ).toEqual([]);
      expect(await user.call('GET', '/api/auth/2fa')).toMatchObject({
        status: 200,
        body: { twoFactorEnabled: false, backupCodesRemaining: 0, passkeys: 0 },
      });
      expect(await auditRecords(db, user.id, 'TWO_FACTOR_DISABLE')).toEqual([
        { event: 'TWO_FACTOR_DISABLE', details: { actorId: OPERATOR_ID, reason: REASON } },
      ]);
      // The owner needs no password or code of the old factor to set it up again.
      expect(
        (await user.call('POST', '/api/auth/2fa', { enable: true, secret: SECRET, verificationCode: code() }))
          .status,
      ).toBe(200);
      expect((await user.call('GET', '/api/auth/2fa')).body).toEqual({
        twoFactorEnabled: true,
        backupCodesRemaining: 10,
        passkeys: 0,
      });
    });
  });
});
