import { createHash } from 'node:crypto';
import { Argon2PasswordHasher, createSecretCipher } from '@accounts/adapters';
import { seedUser, testDatabaseTargets } from '@accounts/adapters/testing';
import { FixedClock } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../src/composition-root.js';
import { mintToken } from '../src/tokens.js';
import {
  auditRecords,
  REAL_JWT_SECRET,
  type RealService,
  startRealService,
  TEST_ARGON2,
  totpCode,
} from './real-service.js';
import { together } from './races.js';

// Failure limits (security.md) through HTTP on the real adapters: attempts reserved
// before the check, failures per account and client with the account-wide cap and escalating
// locks, the conditional 2FA confirm, resealing on use, and TWO_FACTOR_REQUIRE_PASSWORD.
const PASSWORD = 'a long and real password';
const MAX_FAILURES = 10;
const WINDOW_MS = 60_000;
const MAX_ACCOUNT_FAILURES = 40;
const OLD_KEY = Buffer.alloc(32, 1).toString('base64');
const NEW_KEY = Buffer.alloc(32, 2).toString('base64');
const keyId = (key: string) =>
  createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);
const SECRETS = [
  'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
  'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
  'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE4TT',
];

type Answer = {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { backupCodes?: string[] };
};
type Call = (method: string, path: string, body?: object, from?: string) => Promise<Answer>;

/** A service on `target`, its clock, and users with tokens whose requests can come from any address. */
function realService(target: Parameters<typeof startRealService>[0], env: Record<string, string>) {
  const clock = new FixedClock(new Date('2026-03-10T12:00:00Z'));
  const context = {
    clock,
    service: undefined as unknown as Service,
    base: '',
    close: undefined as RealService['close'] | undefined,
    passwordHash: '',
    users: 0,
  };

  beforeAll(async () => {
    const real = await startRealService(target, {
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_MAX: '100000',
        AUTH_MAX_FAILURES: String(MAX_FAILURES),
        AUTH_FAILURE_WINDOW_MS: String(WINDOW_MS),
        AUTH_MAX_ACCOUNT_FAILURES: String(MAX_ACCOUNT_FAILURES),
        TOTP_ENCRYPTION_KEY: NEW_KEY,
        TOTP_ENCRYPTION_KEYS: OLD_KEY,
        ...env,
      },
      clock,
    });
    context.service = real.service;
    context.base = real.base;
    context.close = real.close;
    context.passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
  });

  afterAll(() => context.close?.());

  async function aUser(overrides: { twoFactorEnabled?: boolean; twoFactorSecret?: string | null } = {}) {
    context.users++;
    const { id } = await seedUser(context.service.database.db, {
      email: `abuse${context.users}@example.com`,
      passwordHash: context.passwordHash,
      ...overrides,
    });
    const token = mintToken({ secret: REAL_JWT_SECRET, userId: id, expiresInSeconds: 600 });
    const call: Call = async (method, path, body, from = '192.0.2.1') => {
      const response = await fetch(`${context.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': from,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as Answer['body'],
      };
    };
    return { id, call };
  }

  const step = () => Math.floor(clock.now().getTime() / 30_000);
  const db = () => context.service.database.db;

  async function counts(userId: string, client: string) {
    const row = await db()
      .selectFrom('auth_failures')
      .select(['failures', 'locks'])
      .where('user_id', '=', userId)
      .where('client', '=', client)
      .executeTakeFirst();
    const account = await db()
      .selectFrom('users')
      .select(['account_failures', 'account_locks'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { client: row?.failures ?? 0, account: account.account_failures };
  }

  const storedSecret = async (userId: string) =>
    (
      await db()
        .selectFrom('users')
        .select('two_factor_secret')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).two_factor_secret;

  const inTurn = <T>(requests: () => Promise<T>[]) => together(db(), requests);

  return { context, clock, aUser, step, db, counts, storedSecret, together: inTurn };
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

describe.each(await testDatabaseTargets())('races and abuse through HTTP on $label', (target) => {
  const { clock, aUser, step, db, counts, storedSecret, together } = realService(target, {});

  it('runs AUTH_MAX_FAILURES checks for 20 parallel wrong passwords: 10 × 401, 10 × 429, the database counts 10', async () => {
    clock.set(new Date('2026-03-10T12:00:00Z'));
    const user = await aUser();
    const answers = await together(() =>
      Array.from({ length: 20 }, () =>
        user.call('POST', '/api/auth/disable-account', { password: `${PASSWORD}!` }, '203.0.113.50'),
      ),
    );

    expect(statuses(answers)).toEqual([...Array<number>(10).fill(401), ...Array<number>(10).fill(429)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await counts(user.id, '203.0.113.50')).toEqual({ client: 10, account: 10 });
  });

  it('keeps the owner on another address able to disable the account while a token holder is locked out', async () => {
    clock.set(new Date('2026-03-10T13:00:00Z'));
    const user = await aUser();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const guess = await user.call(
        'POST',
        '/api/auth/disable-account',
        { password: `guess ${i}` },
        '203.0.113.7',
      );
      expect(guess.body).toMatchObject({ statusCode: 401, code: 'INVALID_PASSWORD' });
    }
    const holder = await user.call(
      'POST',
      '/api/auth/disable-account',
      { password: PASSWORD },
      '203.0.113.7',
    );
    expect(holder.status).toBe(429);
    expect(holder.headers.get('retry-after')).toBe('60');

    const owner = await user.call(
      'POST',
      '/api/auth/disable-account',
      { password: PASSWORD },
      '198.51.100.2',
    );
    expect(owner.body).toEqual({ success: true, message: 'Account disabled successfully' });
    const audit = await db()
      .selectFrom('audit_logs')
      .select('event')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit.map((row) => row.event)).toEqual(['USER_DISABLE']);
    // The owner's success reset the account's count and the owner's; the holder's address stays locked.
    expect(await counts(user.id, '203.0.113.7')).toEqual({ client: MAX_FAILURES, account: 0 });
  });

  it('keeps the owner able to delete the account while a token holder is locked out', async () => {
    clock.set(new Date('2026-03-10T14:00:00Z'));
    const user = await aUser();
    for (let i = 0; i < MAX_FAILURES; i++) {
      await user.call('POST', '/api/auth/delete-account', { password: `guess ${i}` }, '2001:db8:0:7::1');
    }
    // Another address of the same /64 is the same client.
    expect(
      (await user.call('POST', '/api/auth/delete-account', { password: PASSWORD }, '2001:db8:0:7::99'))
        .status,
    ).toBe(429);
    const owner = await user.call(
      'POST',
      '/api/auth/delete-account',
      { password: PASSWORD },
      '2001:db8:0:8::1',
    );
    expect(owner.body).toEqual({ success: true, message: 'Account deleted successfully' });
  });

  it('locks the account from every address after AUTH_MAX_ACCOUNT_FAILURES failures without a success', async () => {
    clock.set(new Date('2026-03-10T15:00:00Z'));
    const user = await aUser();
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      for (let i = 0; i < MAX_ACCOUNT_FAILURES / 4; i++) {
        expect(
          (await user.call('DELETE', '/api/auth/ban-account', { password: 'guess' }, client)).status,
        ).toBe(401);
      }
    }
    const owner = await user.call('DELETE', '/api/auth/ban-account', { password: PASSWORD }, '198.51.100.9');
    expect(owner.status).toBe(429);
    expect(owner.headers.get('retry-after')).toBe('60');
    expect(await counts(user.id, '198.51.100.9')).toEqual({ client: 0, account: MAX_ACCOUNT_FAILURES });

    clock.advance(WINDOW_MS);
    const later = await user.call('DELETE', '/api/auth/ban-account', { password: PASSWORD }, '198.51.100.9');
    expect(later.body).toMatchObject({ statusCode: 400, code: 'ACCOUNT_NOT_BANNED' });
    expect((await counts(user.id, '198.51.100.9')).account).toBe(0);
  });

  it("doubles each lock of an address that follows one without a success, whatever the owner's successes elsewhere", async () => {
    clock.set(new Date('2026-03-10T16:00:00Z'));
    const user = await aUser();
    const lockSeconds: string[] = [];
    for (let lock = 0; lock < 3; lock++) {
      for (let i = 0; i < MAX_FAILURES; i++) {
        await user.call('POST', '/api/auth/ban-account', { password: 'guess' }, '203.0.113.99');
      }
      const locked = await user.call('POST', '/api/auth/ban-account', { password: PASSWORD }, '203.0.113.99');
      expect(locked.status).toBe(429);
      lockSeconds.push(locked.headers.get('retry-after') ?? '');
      // The owner passes its checks from elsewhere (the account is active: the state refuses).
      const owner = await user.call(
        'DELETE',
        '/api/auth/ban-account',
        { password: PASSWORD },
        '198.51.100.20',
      );
      expect(owner.body).toMatchObject({ code: 'ACCOUNT_NOT_BANNED' });
      clock.advance(Number(lockSeconds.at(-1)) * 1000);
    }
    expect(lockSeconds).toEqual(['60', '120', '240']);
  });

  it('turns 2FA on for exactly one of parallel confirms with different secrets: one audit record, one set of backup codes', async () => {
    clock.set(new Date('2026-03-10T17:00:00Z'));
    const user = await aUser();
    const answers = await together(() =>
      SECRETS.map((secret) =>
        user.call('POST', '/api/auth/2fa', {
          enable: true,
          secret,
          verificationCode: totpCode(secret, step()),
        }),
      ),
    );

    expect(statuses(answers)).toEqual([200, 400, 400, 400]);
    for (const loser of answers.filter((answer) => answer.status === 400)) {
      expect(loser.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        code: 'TWO_FACTOR_ALREADY_ENABLED',
        message: '2FA is already enabled',
      });
    }
    const winner = answers.findIndex((answer) => answer.status === 200);
    const audit = await auditRecords(db(), user.id, 'TWO_FACTOR_ENABLE');
    expect(audit).toHaveLength(1);
    const backupCodes = await db()
      .selectFrom('backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(backupCodes).toHaveLength(10);
    expect(answers[winner]?.body.backupCodes).toHaveLength(10);
    expect(createSecretCipher({ key: NEW_KEY }).open(user.id, (await storedSecret(user.id)) ?? '')).toBe(
      SECRETS[winner],
    );
  });

  it('answers 2FA is already enabled to the losers of parallel confirms of one time step', async () => {
    clock.set(new Date('2026-03-10T17:30:00Z'));
    const user = await aUser();
    const code = totpCode(SECRETS[0] ?? '', step());
    const answers = await together(() =>
      Array.from({ length: 4 }, () =>
        user.call('POST', '/api/auth/2fa', { enable: true, secret: SECRETS[0], verificationCode: code }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 400, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.code)).toEqual([
      'TWO_FACTOR_ALREADY_ENABLED',
      'TWO_FACTOR_ALREADY_ENABLED',
      'TWO_FACTOR_ALREADY_ENABLED',
    ]);
  });

  it('seals a secret read with an older key again with the current key when it is next used successfully', async () => {
    clock.set(new Date('2026-03-10T18:00:00Z'));
    const secret = SECRETS[1] ?? '';
    const user = await aUser({ twoFactorEnabled: true });
    const sealedWithOld = createSecretCipher({ key: OLD_KEY }).seal(user.id, secret);
    await db()
      .updateTable('users')
      .set({ two_factor_secret: sealedWithOld })
      .where('id', '=', user.id)
      .execute();

    const wrong = await user.call('DELETE', '/api/auth/disable-account', {
      password: PASSWORD,
      verificationCode: '000000',
    });
    expect(wrong.status).toBe(401);
    expect(await storedSecret(user.id)).toBe(sealedWithOld);

    const used = await user.call('DELETE', '/api/auth/disable-account', {
      password: PASSWORD,
      verificationCode: totpCode(secret, step()),
    });
    expect(used.body).toMatchObject({ code: 'ACCOUNT_NOT_DISABLED' });
    const resealed = (await storedSecret(user.id)) ?? '';
    expect(resealed.startsWith(`v1.${keyId(NEW_KEY)}.`)).toBe(true);
    // The old key can go: the new one alone opens it.
    expect(createSecretCipher({ key: NEW_KEY }).open(user.id, resealed)).toBe(secret);
  });

  it('seals a secret stored bare (before a key was set) when it is next used successfully', async () => {
    clock.set(new Date('2026-03-10T18:30:00Z'));
    const secret = SECRETS[2] ?? '';
    const user = await aUser({ twoFactorEnabled: true, twoFactorSecret: secret });
    const regenerated = await user.call('POST', '/api/auth/2fa/backup-codes', {
      verificationCode: totpCode(secret, step()),
    });
    expect(regenerated.status).toBe(200);
    const resealed = (await storedSecret(user.id)) ?? '';
    expect(resealed).not.toContain(secret);
    expect(createSecretCipher({ key: NEW_KEY }).open(user.id, resealed)).toBe(secret);
  });

  it('ignores a password in 2FA bodies while TWO_FACTOR_REQUIRE_PASSWORD is off (the default)', async () => {
    clock.set(new Date('2026-03-10T19:00:00Z'));
    const user = await aUser();
    const secret = SECRETS[3] ?? '';
    const confirmed = await user.call('POST', '/api/auth/2fa', {
      enable: true,
      secret,
      verificationCode: totpCode(secret, step()),
      password: 'not the password',
    });
    expect(confirmed.status).toBe(200);
  });
});

describe.each(await testDatabaseTargets())(
  'TWO_FACTOR_REQUIRE_PASSWORD=true through HTTP on $label',
  (target) => {
    const { clock, aUser, step, counts } = realService(target, { TWO_FACTOR_REQUIRE_PASSWORD: 'true' });
    const SECRET = SECRETS[0] ?? '';
    const missingPassword = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'PASSWORD_REQUIRED',
      message: "body must have required property 'password'",
    };

    it('answers a missing password as disable-account does, with a code of its own', async () => {
      const user = await aUser();
      const account = await user.call('POST', '/api/auth/disable-account', {});
      const twoFactor = await user.call('POST', '/api/auth/2fa', {
        enable: true,
        secret: SECRET,
        verificationCode: totpCode(SECRET, step()),
      });
      expect(twoFactor.body).toEqual(missingPassword);
      expect(twoFactor.status).toBe(account.status);
      expect(twoFactor.body.message).toBe(account.body.message);
    });

    it('stops a stolen token alone from confirming 2FA with its own secret; the password lets the owner', async () => {
      clock.set(new Date('2026-03-11T10:00:00Z'));
      const user = await aUser();
      const confirm = (extra: object) =>
        user.call('POST', '/api/auth/2fa', {
          enable: true,
          secret: SECRET,
          verificationCode: totpCode(SECRET, step()),
          ...extra,
        });

      expect((await confirm({})).body).toEqual(missingPassword);
      const wrong = await confirm({ password: 'guess' });
      expect(wrong.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        code: 'INVALID_PASSWORD',
        message: 'Invalid password',
      });
      expect(await counts(user.id, '192.0.2.1')).toEqual({ client: 1, account: 1 });
      // Setup stores nothing and needs no password.
      expect((await user.call('POST', '/api/auth/2fa', { enable: true })).status).toBe(200);

      const owner = await confirm({ password: PASSWORD });
      expect(owner.status).toBe(200);
      expect(await counts(user.id, '192.0.2.1')).toEqual({ client: 0, account: 0 });
    });

    it('needs the password to regenerate backup codes and to turn 2FA off', async () => {
      clock.set(new Date('2026-03-11T11:00:00Z'));
      const user = await aUser();
      const code = (offset = 0) => totpCode(SECRET, step() + offset);
      expect(
        (
          await user.call('POST', '/api/auth/2fa', {
            enable: true,
            secret: SECRET,
            verificationCode: code(),
            password: PASSWORD,
          })
        ).status,
      ).toBe(200);
      clock.advance(30_000);

      expect(
        (await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: code() })).body,
      ).toEqual(missingPassword);
      expect(
        (
          await user.call('POST', '/api/auth/2fa/backup-codes', {
            verificationCode: code(),
            password: 'guess',
          })
        ).body,
      ).toMatchObject({ statusCode: 401, code: 'INVALID_PASSWORD' });
      const regenerated = await user.call('POST', '/api/auth/2fa/backup-codes', {
        verificationCode: code(),
        password: PASSWORD,
      });
      expect(regenerated.body.backupCodes).toHaveLength(10);
      clock.advance(30_000);

      expect(
        (await user.call('POST', '/api/auth/2fa', { enable: false, verificationCode: code() })).body,
      ).toEqual(missingPassword);
      expect(
        (
          await user.call('POST', '/api/auth/2fa', {
            enable: false,
            verificationCode: code(),
            password: 'guess',
          })
        ).body,
      ).toMatchObject({ statusCode: 401, code: 'INVALID_PASSWORD' });
      const off = await user.call('POST', '/api/auth/2fa', {
        enable: false,
        verificationCode: code(),
        password: PASSWORD,
      });
      expect(off.body).toEqual({ message: '2FA disabled successfully', twoFactorEnabled: false });
    });
  },
);
