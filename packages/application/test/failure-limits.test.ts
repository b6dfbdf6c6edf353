import { setImmediate as nextTurn } from 'node:timers/promises';
import { FakePasswordHasher } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { PASSWORD, SECRET, setUp, type TestContext } from './support.js';

/** The fake hasher, counting its checks, each taking a turn of the event loop as argon2 does. */
class CountingHasher extends FakePasswordHasher {
  verifications = 0;

  override async verify(hash: string, password: string) {
    this.verifications++;
    await nextTurn();
    return super.verify(hash, password);
  }
}

const LIMIT = { maxFailures: 10, windowMs: 60_000, maxAccountFailures: 100 };

function withCountingHasher(limit: Partial<typeof LIMIT> = LIMIT) {
  const hasher = new CountingHasher();
  const t = setUp({ failureLimit: { ...LIMIT, ...limit } }, (ports) => {
    ports.hasher = hasher;
  });
  return { t, hasher };
}

const disable = (t: TestContext, userId: string, password: string, client?: string) =>
  t.useCases.disableAccount.execute({ userId, password, ...(client ? { client } : {}) });

const INVALID_PASSWORD = { ok: false, error: { type: 'InvalidPassword' } };

const typesOf = (results: { ok: boolean; error?: { type: string } }[]) =>
  results.map((result) => (result.ok ? 'ok' : result.error?.type)).sort();

describe('attempts are reserved before the check', () => {
  it('runs exactly AUTH_MAX_FAILURES password checks for 20 parallel wrong passwords; the rest are refused unchecked', async () => {
    const { t, hasher } = withCountingHasher();
    const user = t.addUser();

    const results = await Promise.all(Array.from({ length: 20 }, () => disable(t, user.id, 'wrong')));

    expect(hasher.verifications).toBe(10);
    expect(typesOf(results)).toEqual([
      ...Array<string>(10).fill('InvalidPassword'),
      ...Array<string>(10).fill('TooManyAttempts'),
    ]);
    expect(t.failures(user.id)).toEqual({ client: 10, account: 10 });
    // The attempt that took the last one placed the lock: nothing more is checked.
    expect(await disable(t, user.id, PASSWORD)).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 60 },
    });
    expect(hasher.verifications).toBe(10);
  });

  it('lets parallel right passwords through when they fit the budget', async () => {
    const { t, hasher } = withCountingHasher({ maxFailures: 3 });
    const user = t.addUser({ disabled: true });

    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD }),
      ),
    );
    // Every check ran; one request re-enabled the account, the others found it enabled.
    expect(hasher.verifications).toBe(3);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => result.error)).toEqual([
      { type: 'AccountNotDisabled' },
      { type: 'AccountNotDisabled' },
    ]);
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
  });

  it('gives the attempt back when the request ends without a verdict on the credentials', async () => {
    const t = setUp({ failureLimit: { maxFailures: 2 } });
    const user = t.addUserWithTwoFactor();
    for (let i = 0; i < 5; i++) {
      expect(await t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD })).toEqual({
        ok: false,
        error: { type: 'TwoFactorCodeRequired' },
      });
    }
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
  });
});

describe('when the counts cannot be kept', () => {
  it("throws the check's own error when giving the attempt back fails too, and logs that", async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ twoFactorSecret: 'sealed:someone-else:SECRET' });
    const save = t.ports.authFailures.save.bind(t.ports.authFailures);
    let saves = 0;
    t.ports.authFailures.save = (...args) =>
      ++saves === 1 ? save(...args) : Promise.reject(new Error('database unavailable'));

    await expect(
      t.useCases.disableAccount.execute({ userId: user.id, password: PASSWORD, verificationCode: t.code() }),
    ).rejects.toThrow('secret sealed for another user');
    expect(t.ports.logger.entries.map((entry) => entry.details.event)).toContain(
      'auth_attempt_release_failed',
    );
  });

  it('gives up with an error, checking nothing, when parallel requests keep changing the counts first', async () => {
    const { t, hasher } = withCountingHasher();
    const user = t.addUser();
    t.ports.authFailures.save = () => Promise.resolve(false);
    await expect(disable(t, user.id, PASSWORD)).rejects.toThrow(/kept changing/);
    expect(hasher.verifications).toBe(0);
  });
});

describe('failures count per account and client', () => {
  it('does not lock the owner on another address out when a token holder locks its own', async () => {
    const t = setUp({ failureLimit: LIMIT });
    const user = t.addUser();
    for (let i = 0; i < 10; i++) {
      expect(await disable(t, user.id, 'guess', '203.0.113.7')).toEqual(INVALID_PASSWORD);
    }
    expect(await disable(t, user.id, PASSWORD, '203.0.113.7')).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 60 },
    });

    expect(await disable(t, user.id, PASSWORD, '198.51.100.2')).toEqual({ ok: true, value: undefined });
    // The owner's success resets the account's count and the owner's; the holder stays locked.
    expect(t.failures(user.id, '198.51.100.2')).toEqual({ client: 0, account: 0 });
    expect(t.failures(user.id, '203.0.113.7')).toEqual({ client: 10, account: 0 });
  });

  it('locks the account from every address after maxAccountFailures failures without a success', async () => {
    const t = setUp({ failureLimit: { ...LIMIT, maxFailures: 3, maxAccountFailures: 5 } });
    const user = t.addUser();
    for (const client of ['a', 'a', 'a', 'b', 'b']) {
      expect(await disable(t, user.id, 'guess', client)).toEqual(INVALID_PASSWORD);
    }
    for (const client of ['b', 'c', 'owner']) {
      expect(await disable(t, user.id, PASSWORD, client)).toEqual({
        ok: false,
        error: { type: 'TooManyAttempts', retryAfterSeconds: 60 },
      });
    }
    t.ports.clock.advance(60_000);
    expect((await disable(t, user.id, PASSWORD, 'owner')).ok).toBe(true);
    expect(t.failures(user.id, 'b')).toEqual({ client: 2, account: 0 });
  });

  it('tells the logger which scope locked, never the password', async () => {
    const t = setUp({ failureLimit: { ...LIMIT, maxFailures: 2, maxAccountFailures: 2 } });
    const user = t.addUser();
    await disable(t, user.id, 'secret guess 1', '203.0.113.7');
    await disable(t, user.id, 'secret guess 2', '203.0.113.7');
    const locks = t.ports.logger.entries.filter((entry) => entry.details.event === 'account_locked');
    expect(locks.map((entry) => entry.details)).toEqual([
      { event: 'account_locked', userId: user.id, scope: 'client', client: '203.0.113.7' },
      { event: 'account_locked', userId: user.id, scope: 'account' },
    ]);
    expect(JSON.stringify(t.ports.logger.entries)).not.toContain('secret guess');
  });
});

describe('escalating locks', () => {
  it('makes each lock that follows one without a success twice as long, up to 24 hours', async () => {
    const t = setUp({ failureLimit: { maxFailures: 2, windowMs: 3_600_000, maxAccountFailures: 1_000 } });
    const user = t.addUser();
    const hours: number[] = [];
    for (let lock = 0; lock < 7; lock++) {
      await disable(t, user.id, 'guess', 'x');
      await disable(t, user.id, 'guess', 'x');
      const refused = await disable(t, user.id, PASSWORD, 'x');
      const seconds =
        !refused.ok && refused.error.type === 'TooManyAttempts' ? refused.error.retryAfterSeconds : 0;
      hours.push(seconds / 3600);
      t.ports.clock.advance(seconds * 1000);
    }
    expect(hours).toEqual([1, 2, 4, 8, 16, 24, 24]);

    // A success ends the streak: the next lock is a first lock again.
    expect((await disable(t, user.id, PASSWORD, 'x')).ok).toBe(true);
    await t.useCases.enableAccount.execute({ userId: user.id, password: 'guess', client: 'x' });
    await t.useCases.enableAccount.execute({ userId: user.id, password: 'guess', client: 'x' });
    expect(
      await t.useCases.enableAccount.execute({ userId: user.id, password: PASSWORD, client: 'x' }),
    ).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 3600 },
    });
  });
});

describe('2FA confirm is conditional', () => {
  const SECRETS = [SECRET, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE4TT'];

  it('turns 2FA on for exactly one of parallel confirms with different secrets', async () => {
    const t = setUp();
    const user = t.addUser();
    const results = await Promise.all(
      SECRETS.map((secret) =>
        t.useCases.confirmTwoFactor.execute({ userId: user.id, secret, verificationCode: t.code(0, secret) }),
      ),
    );

    expect(typesOf(results)).toEqual(['TwoFactorAlreadyEnabled', 'TwoFactorAlreadyEnabled', 'ok']);
    const winner = results.findIndex((result) => result.ok);
    const won = results[winner];
    expect(t.db.auditOf(user.id)).toEqual([{ userId: user.id, event: 'TWO_FACTOR_ENABLE', details: {} }]);
    expect(t.userIn(user.id)?.twoFactorSecret).toBe(t.ports.secrets.seal(user.id, SECRETS[winner] ?? ''));
    expect(t.backupCodesOf(user.id)).toEqual(
      [...(won?.ok ? won.value.backupCodes : [])].map((code) => code.replace('-', '')).sort(),
    );
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
  });

  it('answers 2FA is already enabled, not an invalid code, to parallel confirms of one time step', async () => {
    const t = setUp();
    const user = t.addUser();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.useCases.confirmTwoFactor.execute({ userId: user.id, secret: SECRET, verificationCode: t.code() }),
      ),
    );
    expect(typesOf(results)).toEqual([
      'TwoFactorAlreadyEnabled',
      'TwoFactorAlreadyEnabled',
      'TwoFactorAlreadyEnabled',
      'ok',
    ]);
    expect(t.db.auditOf(user.id)).toHaveLength(1);
  });
});

describe('TWO_FACTOR_REQUIRE_PASSWORD', () => {
  const requiring = () => setUp({ twoFactorRequiresPassword: true, failureLimit: { maxFailures: 3 } });

  type Case = {
    name: string;
    user: (t: TestContext) => { id: string };
    run: (
      t: TestContext,
      input: { userId: string; password?: string; client?: string },
    ) => Promise<{ ok: boolean; error?: { type: string } }>;
  };
  const CASES: Case[] = [
    {
      name: '2FA confirm',
      user: (t) => t.addUser(),
      run: (t, input) =>
        t.useCases.confirmTwoFactor.execute({ ...input, secret: SECRET, verificationCode: t.code() }),
    },
    {
      name: '2FA disable',
      user: (t) => t.addUserWithTwoFactor(),
      run: (t, input) => t.useCases.disableTwoFactor.execute({ ...input, verificationCode: t.code() }),
    },
    {
      name: 'backup-code regeneration',
      user: (t) => t.addUserWithTwoFactor(),
      run: (t, input) => t.useCases.regenerateBackupCodes.execute({ ...input, verificationCode: t.code() }),
    },
  ];

  describe.each(CASES)('$name', ({ user: addUser, run }) => {
    it('needs the password: missing is PasswordRequired, before the user is looked up', async () => {
      const t = requiring();
      const user = addUser(t);
      expect(await run(t, { userId: user.id })).toEqual({ ok: false, error: { type: 'PasswordRequired' } });
      expect(await run(t, { userId: 'nobody' })).toEqual({ ok: false, error: { type: 'PasswordRequired' } });
      expect(t.db.auditRecords).toEqual([]);
    });

    it('checks it first: a wrong one is InvalidPassword, counted, and changes nothing', async () => {
      const t = requiring();
      const user = addUser(t);
      const before = t.userIn(user.id);
      expect(await run(t, { userId: user.id, password: 'guess', client: 'a' })).toEqual({
        ok: false,
        error: { type: 'InvalidPassword' },
      });
      expect(t.failures(user.id, 'a')).toEqual({ client: 1, account: 1 });
      expect(t.userIn(user.id)).toEqual(before);
      expect(t.db.auditRecords).toEqual([]);
    });

    it('locks after too many wrong passwords, even for the right one', async () => {
      const t = requiring();
      const user = addUser(t);
      for (let i = 0; i < 3; i++) await run(t, { userId: user.id, password: 'guess' });
      expect(await run(t, { userId: user.id, password: PASSWORD })).toMatchObject({
        ok: false,
        error: { type: 'TooManyAttempts' },
      });
    });

    it('answers UserNotFound for an account without a password hash, and for no account', async () => {
      const t = requiring();
      const user = addUser(t);
      const stored = t.userIn(user.id);
      if (stored) t.db.users.set(user.id, { ...stored, passwordHash: null });
      expect(await run(t, { userId: user.id, password: PASSWORD })).toEqual({
        ok: false,
        error: { type: 'UserNotFound' },
      });
      expect(await run(t, { userId: 'nobody', password: PASSWORD })).toEqual({
        ok: false,
        error: { type: 'UserNotFound' },
      });
    });

    it('goes through with the right password and code, and resets the counts', async () => {
      const t = requiring();
      const user = addUser(t);
      await run(t, { userId: user.id, password: 'guess' });
      expect((await run(t, { userId: user.id, password: PASSWORD })).ok).toBe(true);
      expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
    });
  });

  it('puts the password before the 2FA state: a wrong password is answered as such when 2FA is on', async () => {
    const t = requiring();
    const user = t.addUserWithTwoFactor();
    expect(
      await t.useCases.confirmTwoFactor.execute({
        userId: user.id,
        password: 'guess',
        secret: SECRET,
        verificationCode: t.code(),
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidPassword' } });
    expect(
      await t.useCases.confirmTwoFactor.execute({
        userId: user.id,
        password: PASSWORD,
        secret: SECRET,
        verificationCode: t.code(),
      }),
    ).toEqual({ ok: false, error: { type: 'TwoFactorAlreadyEnabled' } });
    // The state check gave the attempt back; only the wrong password counts.
    expect(t.failures(user.id)).toEqual({ client: 1, account: 1 });
  });

  it('ignores a password when not required', async () => {
    const t = setUp();
    const user = t.addUser({ passwordHash: null });
    expect(
      (
        await t.useCases.confirmTwoFactor.execute({
          userId: user.id,
          password: 'anything',
          secret: SECRET,
          verificationCode: t.code(),
        })
      ).ok,
    ).toBe(true);
  });
});

describe('a user deleted by a parallel request after it was read', () => {
  it('is answered UserNotFound without a check when it is gone before the attempt is reserved', async () => {
    const { t, hasher } = withCountingHasher();
    const user = t.addUser();
    // Deleted right after the user and its counts were read together, before the reservation.
    const findWithUser = t.ports.users.findWithFailureCounts.bind(t.ports.users);
    t.ports.users.findWithFailureCounts = async (...args) => {
      const found = await findWithUser(...args);
      t.db.users.delete(user.id);
      return found;
    };

    expect(await disable(t, user.id, PASSWORD)).toEqual({ ok: false, error: { type: 'UserNotFound' } });
    expect(hasher.verifications).toBe(0);
  });

  it('has no attempt to give back when it is gone before the check ends', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    const verify = t.ports.hasher.verify.bind(t.ports.hasher);
    t.ports.hasher.verify = (...args) => {
      t.db.users.delete(user.id);
      return verify(...args);
    };

    expect(await disable(t, user.id, PASSWORD)).toEqual({
      ok: false,
      error: { type: 'TwoFactorCodeRequired' },
    });
  });
});
