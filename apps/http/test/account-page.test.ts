import { FixedClock } from '@accounts/application/testing';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { describe, expect, it } from 'vitest';
import { auditRecords, PASSWORD, realServiceSuite, totpCode, UNTHROTTLED } from './real-service.js';
import { enableTwoFactor, seedSignedInUser, type SignedInUser } from './signed-in-user.js';

// The reads and the regeneration an account page needs, through HTTP on the real adapters.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const START = new Date('2026-03-01T12:00:00Z');
const stepAt = (at: Date) => Math.floor(at.getTime() / 30_000);

describe.each(await testDatabaseTargets())('account page through HTTP on $label', (target) => {
  const clock = new FixedClock(START);
  const real = realServiceSuite(target, {
    env: UNTHROTTLED,
    clock,
  });

  const aUser = () => seedSignedInUser(real, { passwordHash: real.passwordHash });

  /** The code of the step `offset` steps from the clock's. */
  const code = (offset = 0) => totpCode(SECRET, stepAt(clock.now()) + offset);

  async function withTwoFactor() {
    const user = await aUser();
    const backupCodes = await enableTwoFactor(user, SECRET, code());
    clock.advance(30_000);
    return { ...user, backupCodes };
  }

  /** A backup code passes re-authentication when the answer is the state check (400), not 401. */
  const reauthenticateWith = async (user: SignedInUser, verificationCode: string) =>
    (await user.call('DELETE', '/api/auth/disable-account', { password: PASSWORD, verificationCode })).body
      .code;

  describe('2FA status and backup codes', () => {
    it('answers 2FA off with 0 codes, then on with 10, and follows every use', async () => {
      const user = await aUser();
      expect(await user.call('GET', '/api/auth/2fa')).toEqual({
        status: 200,
        body: { twoFactorEnabled: false, backupCodesRemaining: 0, passkeys: 0 },
      });
      const confirmed = await user.call('POST', '/api/auth/2fa', {
        enable: true,
        secret: SECRET,
        verificationCode: code(),
      });
      const codes = confirmed.body.backupCodes as string[];
      expect((await user.call('GET', '/api/auth/2fa')).body).toEqual({
        twoFactorEnabled: true,
        backupCodesRemaining: 10,
        passkeys: 0,
      });
      for (let used = 1; used <= 3; used++) {
        expect(await reauthenticateWith(user, codes[used]!)).toBe('ACCOUNT_NOT_DISABLED');
        expect((await user.call('GET', '/api/auth/2fa')).body).toEqual({
          twoFactorEnabled: true,
          backupCodesRemaining: 10 - used,
          passkeys: 0,
        });
      }
    });

    it('regenerates: the old codes stop working, the new ten work once each, and the count follows', async () => {
      const user = await withTwoFactor();
      const regenerated = await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: code() });
      expect(regenerated.status).toBe(200);
      const fresh = regenerated.body.backupCodes as string[];
      expect(Object.keys(regenerated.body)).toEqual(['backupCodes']);
      expect(fresh).toHaveLength(10);
      expect(new Set(fresh).size).toBe(10);
      for (const old of user.backupCodes.slice(0, 3)) {
        expect(await reauthenticateWith(user, old)).toBe('INVALID_TWO_FACTOR_CODE');
      }
      for (const [i, backupCode] of fresh.entries()) {
        expect(await reauthenticateWith(user, backupCode)).toBe('ACCOUNT_NOT_DISABLED');
        expect(await reauthenticateWith(user, backupCode)).toBe('INVALID_TWO_FACTOR_CODE');
        expect((await user.call('GET', '/api/auth/2fa')).body).toMatchObject({ backupCodesRemaining: 9 - i });
      }
      const audit = await auditRecords(
        real.service.database.db,
        user.id,
        'TWO_FACTOR_BACKUP_CODES_REGENERATE',
      );
      expect(audit).toEqual([{ event: 'TWO_FACTOR_BACKUP_CODES_REGENERATE', details: {} }]);
    });

    it('refuses a backup code, a used TOTP code, and a missing code, keeping the codes', async () => {
      const user = await withTwoFactor();
      const invalid = {
        statusCode: 400,
        error: 'Bad Request',
        code: 'INVALID_VERIFICATION_CODE',
        message: 'Invalid verification code',
      };
      expect(
        await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: user.backupCodes[0] }),
      ).toEqual({
        status: 400,
        body: invalid,
      });
      const now = code();
      expect((await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: now })).status).toBe(
        200,
      );
      expect(await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: now })).toEqual({
        status: 400,
        body: invalid,
      });
      expect(await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: code(-1) })).toEqual({
        status: 400,
        body: invalid,
      });
      expect(await user.call('POST', '/api/auth/2fa/backup-codes', {})).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VERIFICATION_CODE_MISSING',
          message: '2FA verification code is required',
        },
      });
      expect((await user.call('GET', '/api/auth/2fa')).body).toMatchObject({ backupCodesRemaining: 10 });
    });

    it('lets one of parallel regenerations with one code through: one audit record, the winning codes', async () => {
      const user = await withTwoFactor();
      const verificationCode = code();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode }),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners).toHaveLength(1);
      expect(answers.filter((answer) => answer.body.code === 'INVALID_VERIFICATION_CODE')).toHaveLength(4);
      const audit = await auditRecords(
        real.service.database.db,
        user.id,
        'TWO_FACTOR_BACKUP_CODES_REGENERATE',
      );
      expect(audit).toHaveLength(1);
      const winnersCodes = winners[0]!.body.backupCodes as string[];
      expect(await reauthenticateWith(user, winnersCodes[0]!)).toBe('ACCOUNT_NOT_DISABLED');
    });

    it('answers 400 2FA is not enabled while 2FA is off, before asking for a code', async () => {
      const user = await aUser();
      for (const body of [{}, { verificationCode: code() }]) {
        expect(await user.call('POST', '/api/auth/2fa/backup-codes', body)).toEqual({
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            code: 'TWO_FACTOR_NOT_ENABLED',
            message: '2FA is not enabled',
          },
        });
      }
    });

    it('refuses the reads and the regeneration to a disabled account, like GET custom-domain', async () => {
      const user = await withTwoFactor();
      await real.service.database.db
        .updateTable('users')
        .set({ disabled: true })
        .where('id', '=', user.id)
        .execute();
      for (const [method, path, body] of [
        ['GET', '/api/auth/2fa', undefined],
        ['POST', '/api/auth/2fa/backup-codes', { verificationCode: code() }],
        ['GET', '/api/user/security-events', undefined],
        ['GET', '/api/user/custom-domain', undefined],
      ] as const) {
        expect((await user.call(method, path, body)).body).toMatchObject({
          statusCode: 401,
          code: 'ACCOUNT_DISABLED',
        });
      }
    });
  });

  describe('security events', () => {
    const RECORDS = 95;
    const LIMIT = 20;

    async function withRecords() {
      const user = await aUser();
      const other = await aUser();
      // Three records of each user per second, so that pages also split records of one time.
      await real.service.database.db
        .insertInto('audit_logs')
        .values(
          Array.from({ length: RECORDS * 2 }, (_, n) => ({
            user_id: n % 2 === 0 ? user.id : other.id,
            event: 'USER_UPDATE',
            details: { n: Math.floor(n / 2) },
            created_at: new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 6) * 1000),
          })),
        )
        .execute();
      return { user, other };
    }

    async function allPages(user: Awaited<ReturnType<typeof aUser>>, limit: number) {
      const pages: Record<string, unknown>[][] = [];
      let cursor: string | null = null;
      do {
        const query = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await user.call('GET', `/api/user/security-events${query}`);
        expect(page.status).toBe(200);
        pages.push(page.body.events as Record<string, unknown>[]);
        cursor = page.body.nextCursor as string | null;
      } while (cursor);
      return pages;
    }

    it('lists every record of the caller once, newest first, in pages of limit', async () => {
      const { user } = await withRecords();
      const pages = await allPages(user, LIMIT);

      expect(pages.map((page) => page.length)).toEqual([20, 20, 20, 20, 15]);
      const events = pages.flat();
      expect(events.map((event) => (event.details as { n: number }).n)).toEqual(
        Array.from({ length: RECORDS }, (_, i) => RECORDS - 1 - i),
      );
      expect(events[0]).toEqual({
        id: expect.stringMatching(/^\d+$/) as string,
        event: 'USER_UPDATE',
        details: { n: RECORDS - 1 },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      });
      const times = events.map((event) => Date.parse(event.createdAt as string));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('lists what the account did itself, newest first', async () => {
      const user = await withTwoFactor();
      await user.call('POST', '/api/auth/2fa/backup-codes', { verificationCode: code() });
      const page = await user.call('GET', '/api/user/security-events');
      expect((page.body.events as { event: string }[]).map((event) => event.event)).toEqual([
        'TWO_FACTOR_BACKUP_CODES_REGENERATE',
        'TWO_FACTOR_ENABLE',
      ]);
      expect(page.body.nextCursor).toBeNull();
    });

    it("never shows another user's records, and refuses another user's cursor", async () => {
      const { user, other } = await withRecords();
      const mine = (await allPages(user, 50)).flat().map((event) => event.id);
      const theirs = (await allPages(other, 50)).flat().map((event) => event.id);
      expect(mine).toHaveLength(RECORDS);
      expect(theirs).toHaveLength(RECORDS);
      expect(mine.filter((id) => theirs.includes(id))).toEqual([]);

      const theirCursor = (await other.call('GET', '/api/user/security-events?limit=5')).body
        .nextCursor as string;
      expect(
        await user.call('GET', `/api/user/security-events?cursor=${encodeURIComponent(theirCursor)}`),
      ).toEqual({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', code: 'INVALID_CURSOR', message: 'Invalid cursor' },
      });
    });

    it('refuses a cursor with any character changed', async () => {
      const { user } = await withRecords();
      const cursor = (await user.call('GET', '/api/user/security-events?limit=3')).body.nextCursor as string;
      for (let i = 0; i < cursor.length; i++) {
        const changed = `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`;
        const answer = await user.call(
          'GET',
          `/api/user/security-events?cursor=${encodeURIComponent(changed)}`,
        );
        expect(answer.body).toMatchObject({ statusCode: 400, code: 'INVALID_CURSOR' });
      }
      expect(
        (await user.call('GET', `/api/user/security-events?cursor=${encodeURIComponent(cursor)}`)).status,
      ).toBe(200);
    });

    it.each(['0', '101', '-1', 'ten', '2.5', '1e2', ''])('refuses limit=%s with 400', async (limit) => {
      const user = await aUser();
      expect(await user.call('GET', `/api/user/security-events?limit=${limit}`)).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_ERROR',
          message: 'limit must be a whole number from 1 to 100',
        },
      });
    });
  });
});
