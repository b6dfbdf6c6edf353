import { testDatabaseTargets } from '@accounts/adapters/testing';
import { aDropEntitlement, FixedClock } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { auditRecords, PASSWORD, realServiceSuite } from './real-service.js';
import { enableTwoFactor, seedSignedInUser, type SignedInUser } from './signed-in-user.js';

// Hardening (decisions.md) through HTTP on the real adapters: single-use codes, failure limits, encrypted
// secrets, backup codes.
const MAX_FAILURES = 5;
const WINDOW_MS = 60_000;

// RFC 6238 Appendix B seed (ASCII "12345678901234567890") and its SHA1 codes around t = 59 (step 1).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const AT_59 = new Date(59_000);
const STEP_0 = '755224';
const STEP_1 = '287082';
const STEP_2 = '359152';
const STEP_3 = '969429';

describe.each(await testDatabaseTargets())('hardening through HTTP on $label', (target) => {
  const clock = new FixedClock(AT_59);
  const real = realServiceSuite(target, {
    env: {
      TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      AUTH_MAX_FAILURES: String(MAX_FAILURES),
      AUTH_FAILURE_WINDOW_MS: String(WINDOW_MS),
      RATE_LIMIT_MAX: '100000',
    },
    clock,
  });

  const aUser = () =>
    seedSignedInUser(real, { passwordHash: real.passwordHash }, (id) =>
      aDropEntitlement(id, { billingSubscriptionId: `sub_${id}` }),
    );

  /** 2FA on with the RFC seed, confirmed by the code of `code`'s step. */
  async function withTwoFactor(code: string) {
    const user = await aUser();
    return { ...user, backupCodes: await enableTwoFactor(user, RFC_SECRET, code) };
  }

  const enable = (user: SignedInUser, code: string) =>
    user.call('DELETE', '/api/auth/disable-account', { password: PASSWORD, verificationCode: code });

  it('accepts the RFC 6238 window once each and refuses earlier steps after a later one', async () => {
    clock.set(AT_59);
    const user = await aUser();
    const outside = await user.call('POST', '/api/auth/2fa', {
      enable: true,
      secret: RFC_SECRET,
      verificationCode: STEP_3,
    });
    expect(outside.body).toMatchObject({ statusCode: 400, code: 'INVALID_VERIFICATION_CODE' });

    const confirmed = await user.call('POST', '/api/auth/2fa', {
      enable: true,
      secret: RFC_SECRET,
      verificationCode: STEP_0,
    });
    expect(confirmed.status).toBe(200);
    // Accepted codes pass re-authentication; the account is active, so the answer is the state check.
    expect((await enable(user, STEP_1)).body).toMatchObject({
      statusCode: 400,
      code: 'ACCOUNT_NOT_DISABLED',
    });
    expect((await enable(user, STEP_2)).body).toMatchObject({
      statusCode: 400,
      code: 'ACCOUNT_NOT_DISABLED',
    });
    for (const used of [STEP_1, STEP_0, STEP_2]) {
      expect((await enable(user, used)).body).toMatchObject({
        statusCode: 401,
        code: 'INVALID_TWO_FACTOR_CODE',
      });
    }
  });

  it('lets exactly one of parallel requests carrying one code through: one audit row, one billing call', async () => {
    clock.set(AT_59);
    const user = await withTwoFactor(STEP_1);
    const before = real.billing.requests.length;
    // As many as the failure limit lets run at once: each request reserves an attempt before its
    // checks, so a sixth could be refused (429) while five are under way.
    const answers = await Promise.all(
      Array.from({ length: MAX_FAILURES }, () =>
        user.call('POST', '/api/auth/disable-account', { password: PASSWORD, verificationCode: STEP_2 }),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401]);
    // A loser either raced the winner to the code, or arrived once the account was disabled.
    for (const answer of answers.filter((a) => a.status === 401)) {
      expect(['INVALID_TWO_FACTOR_CODE', 'ACCOUNT_DISABLED']).toContain(answer.body.code);
    }
    const audit = await auditRecords(real.service.database.db, user.id, 'USER_DISABLE');
    expect(audit).toHaveLength(1);
    expect(real.billing.requests.slice(before)).toEqual([`PATCH /v1/subscriptions/sub_${user.id}`]);
  });

  it('locks password checks after AUTH_MAX_FAILURES failures, with Retry-After, until the window passes', async () => {
    clock.set(new Date('2026-03-01T00:00:00Z'));
    const user = await aUser();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await user.call('POST', '/api/auth/disable-account', { password: `${PASSWORD}!` });
      expect(wrong.body).toMatchObject({ statusCode: 401, code: 'INVALID_PASSWORD' });
    }

    const locked = await user.send('POST', '/api/auth/disable-account', { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(await locked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed attempts, retry in 60 seconds',
    });

    clock.advance(WINDOW_MS);
    const after = await user.call('DELETE', '/api/auth/disable-account', { password: PASSWORD });
    expect(after.body).toMatchObject({ statusCode: 400, code: 'ACCOUNT_NOT_DISABLED' });
  });

  it('resets the failure count when a request passes its checks', async () => {
    clock.set(new Date('2026-03-02T00:00:00Z'));
    const user = await aUser();
    const wrongPassword = () => user.call('POST', '/api/auth/ban-account', { password: `${PASSWORD}!` });
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await wrongPassword()).status).toBe(401);
    const passed = await user.call('DELETE', '/api/auth/ban-account', { password: PASSWORD });
    expect(passed.body).toMatchObject({ statusCode: 400, code: 'ACCOUNT_NOT_BANNED' });
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await wrongPassword()).status).toBe(401);
    expect((await wrongPassword()).status).toBe(401);
    expect((await wrongPassword()).status).toBe(429);
  });

  it('stores the secret sealed to its user: no base32 in the column; a copy or a tampered value fails closed', async () => {
    clock.set(AT_59);
    const alice = await withTwoFactor(STEP_1);
    const bob = await withTwoFactor(STEP_1);
    const db = real.service.database.db;
    const sealed = async (id: string) =>
      (
        await db
          .selectFrom('users')
          .select('two_factor_secret')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).two_factor_secret ?? '';

    const alices = await sealed(alice.id);
    expect(alices).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(alices).not.toContain(RFC_SECRET);
    expect(await sealed(bob.id)).not.toBe(alices);

    await db.updateTable('users').set({ two_factor_secret: alices }).where('id', '=', bob.id).execute();
    const copied = await bob.call('POST', '/api/auth/2fa', { enable: false, verificationCode: STEP_2 });
    expect(copied.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });

    const flipped = alices.at(-6) === 'A' ? 'B' : 'A';
    const tampered = `${alices.slice(0, -6)}${flipped}${alices.slice(-5)}`;
    await db.updateTable('users').set({ two_factor_secret: tampered }).where('id', '=', alice.id).execute();
    expect((await enable(alice, STEP_2)).status).toBe(500);
  });

  it('accepts each backup code once, keeps only hashes, and drops the rest when 2FA is turned off', async () => {
    clock.set(AT_59);
    const user = await withTwoFactor(STEP_1);
    const [first = '', second = ''] = user.backupCodes;
    expect(user.backupCodes).toHaveLength(10);
    const stored = () =>
      real.service.database.db
        .selectFrom('backup_codes')
        .select('code_hash')
        .where('user_id', '=', user.id)
        .execute();
    const hashes = (await stored()).map((row) => row.code_hash).join(' ');
    expect(await stored()).toHaveLength(10);
    for (const code of user.backupCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }

    expect((await enable(user, first)).body).toMatchObject({ statusCode: 400, code: 'ACCOUNT_NOT_DISABLED' });
    expect((await enable(user, first)).body).toMatchObject({
      statusCode: 401,
      code: 'INVALID_TWO_FACTOR_CODE',
    });
    const off = await user.call('POST', '/api/auth/2fa', {
      enable: false,
      verificationCode: second.toUpperCase(),
    });
    expect(off.body).toEqual({ message: '2FA disabled successfully', twoFactorEnabled: false });
    expect(await stored()).toEqual([]);
  });
});
