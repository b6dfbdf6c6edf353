import { describe, expect, it } from 'vitest';
import { parseTotpSecret } from '@accounts/domain';
import { BACKUP_CODE_SHAPE, BACKUP_CODES, OTHER_SECRET, SECRET, setUp } from './support.js';

const LIMIT = { maxFailures: 3, windowMs: 60_000 };

describe('SetUpTwoFactor', () => {
  it('returns a new secret, an otpauth URL labelled with the email and a PNG data URI', async () => {
    const { useCases, addUser } = setUp();
    const user = addUser({ email: 'ada@example.com' });

    const result = await useCases.setUpTwoFactor.execute({ userId: user.id });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { secret, otpauthUrl, qrCode } = result.value;
    expect(parseTotpSecret(secret)).toBe(secret);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(encodeURIComponent('ada@example.com'));
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(qrCode.split(',')[1] ?? '', 'base64').toString()).toBe(otpauthUrl);
  });

  it('gives a different secret each time', async () => {
    const { useCases, addUser } = setUp();
    const user = addUser();

    const first = await useCases.setUpTwoFactor.execute({ userId: user.id });
    const second = await useCases.setUpTwoFactor.execute({ userId: user.id });

    expect(first.ok && second.ok && first.value.secret !== second.value.secret).toBe(true);
  });

  it('stores nothing', async () => {
    const { useCases, addUser, db, userIn } = setUp();
    const user = addUser();

    await useCases.setUpTwoFactor.execute({ userId: user.id });

    expect(userIn(user.id)).toEqual(user);
    expect(db.auditRecords).toEqual([]);
    expect(db.backupCodes.size).toBe(0);
  });

  it('answers UserNotFound for an unknown user', async () => {
    const { useCases } = setUp();
    expect(await useCases.setUpTwoFactor.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });

  it('refuses while 2FA is already on, and leaves the stored secret alone', async () => {
    const { useCases, addUserWithTwoFactor, userIn } = setUp();
    const user = addUserWithTwoFactor();

    expect(await useCases.setUpTwoFactor.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'TwoFactorAlreadyEnabled' },
    });
    expect(userIn(user.id)).toEqual(user);
  });
});

describe('ConfirmTwoFactor', () => {
  it('turns 2FA on with the sealed secret, writes TWO_FACTOR_ENABLE and returns ten backup codes', async () => {
    const { useCases, ports, addUser, userIn, db, backupCodesOf, code, currentStep } = setUp();
    const user = addUser();

    const result = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: code(),
    });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const stored = userIn(user.id);
    expect(stored?.twoFactorEnabled).toBe(true);
    expect(stored?.twoFactorSecret).toBe(ports.secrets.seal(user.id, SECRET));
    expect(stored?.twoFactorSecret).not.toBe(SECRET);
    expect(stored?.twoFactorLastStep).toBe(currentStep());
    expect(db.auditOf(user.id)).toEqual([{ userId: user.id, event: 'TWO_FACTOR_ENABLE', details: {} }]);

    const { backupCodes } = result.value;
    expect(backupCodes).toHaveLength(10);
    for (const backupCode of backupCodes) expect(backupCode).toMatch(BACKUP_CODE_SHAPE);
    expect(new Set(backupCodes).size).toBe(10);
    expect(backupCodesOf(user.id)).toEqual(backupCodes.map((c) => c.replace('-', '')).sort());
  });

  it('replaces backup codes left from before', async () => {
    const { useCases, addUser, db, backupCodesOf, code } = setUp();
    const user = addUser();
    db.backupCodes.set(user.id, new Set(['oldcode222', 'oldcode333']));

    const result = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: code(),
    });

    expect(result.ok).toBe(true);
    expect(backupCodesOf(user.id)).toHaveLength(10);
    expect(backupCodesOf(user.id)).not.toContain('oldcode222');
  });

  it('accepts a lower-case secret and stores it in canonical form', async () => {
    const { useCases, ports, addUser, userIn, code } = setUp();
    const user = addUser();

    const result = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET.toLowerCase(),
      verificationCode: code(),
    });

    expect(result.ok).toBe(true);
    expect(userIn(user.id)?.twoFactorSecret).toBe(ports.secrets.seal(user.id, SECRET));
  });

  it.each([-1, 1])('accepts a code from %i step away', async (offset) => {
    const { useCases, addUser, userIn, code, currentStep } = setUp();
    const user = addUser();

    const result = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: code(offset),
    });

    expect(result.ok).toBe(true);
    expect(userIn(user.id)?.twoFactorLastStep).toBe(currentStep() + offset);
  });

  it.each<[string, (code: (offset?: number, secret?: string) => string) => string]>([
    ['a wrong code', () => '000000'],
    ['a code two steps ahead', (code) => code(2)],
    ['a code two steps behind', (code) => code(-2)],
    ['a code of another secret', (code) => code(0, OTHER_SECRET)],
    ['a code of the wrong shape', () => 'abcdef'],
  ])(
    'refuses %s with InvalidVerificationCode and stores nothing but the failure',
    async (_name, makeCode) => {
      const { useCases, addUser, userIn, db, code, failures } = setUp();
      const user = addUser();

      const result = await useCases.confirmTwoFactor.execute({
        userId: user.id,
        secret: SECRET,
        verificationCode: makeCode(code),
      });

      expect(result).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });
      expect(userIn(user.id)).toEqual(user);
      expect(failures(user.id)).toEqual({ client: 1, account: 1 });
      expect(db.auditRecords).toEqual([]);
      expect(db.backupCodes.size).toBe(0);
    },
  );

  it.each([SECRET.slice(0, 31), `${SECRET}A`, `${SECRET.slice(0, 31)}1`, `${SECRET.slice(0, 28)}====`])(
    'refuses the secret %s with InvalidSecret, not counted as a failure',
    async (secret) => {
      const { useCases, addUser, userIn, code } = setUp();
      const user = addUser();

      const result = await useCases.confirmTwoFactor.execute({
        userId: user.id,
        secret,
        verificationCode: code(),
      });

      expect(result).toEqual({ ok: false, error: { type: 'InvalidSecret' } });
      expect(userIn(user.id)).toEqual(user);
    },
  );

  it('refuses while 2FA is already on, and keeps the stored secret and codes', async () => {
    const { useCases, addUserWithTwoFactor, userIn, backupCodesOf, code } = setUp();
    const user = addUserWithTwoFactor();
    const codesBefore = backupCodesOf(user.id);

    const result = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: OTHER_SECRET,
      verificationCode: code(0, OTHER_SECRET),
    });

    expect(result).toEqual({ ok: false, error: { type: 'TwoFactorAlreadyEnabled' } });
    expect(userIn(user.id)).toEqual(user);
    expect(backupCodesOf(user.id)).toEqual(codesBefore);
  });

  it('answers UserNotFound for an unknown user', async () => {
    const { useCases, code } = setUp();
    expect(
      await useCases.confirmTwoFactor.execute({ userId: 'nobody', secret: SECRET, verificationCode: code() }),
    ).toEqual({ ok: false, error: { type: 'UserNotFound' } });
  });

  it('refuses a code of a step already used, and accepts the next step', async () => {
    const { useCases, addUser, userIn, code, currentStep } = setUp();
    const user = addUser({ twoFactorLastStep: currentStep() });

    const replay = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: code(),
    });
    expect(replay).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });
    expect(userIn(user.id)?.twoFactorEnabled).toBe(false);

    const earlier = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: code(-1),
    });
    expect(earlier).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });

    const next = await useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: code(1),
    });
    expect(next.ok).toBe(true);
    expect(userIn(user.id)?.twoFactorLastStep).toBe(currentStep() + 1);
  });

  it('locks after the maximum number of failures, even for the right code', async () => {
    const { useCases, ports, addUser, userIn, db, code, failures } = setUp({ failureLimit: LIMIT });
    const user = addUser();
    const attempt = (verificationCode: string) =>
      useCases.confirmTwoFactor.execute({ userId: user.id, secret: SECRET, verificationCode });

    for (let i = 0; i < LIMIT.maxFailures; i++) {
      expect(await attempt('000000')).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });
    }
    ports.clock.advance(10_000);

    expect(await attempt(code())).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 50 },
    });
    expect(await attempt('000000')).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 50 },
    });
    expect(failures(user.id)).toEqual({ client: LIMIT.maxFailures, account: LIMIT.maxFailures });
    expect(userIn(user.id)?.twoFactorEnabled).toBe(false);
    expect(userIn(user.id)?.twoFactorLastStep).toBeNull();
    expect(db.auditRecords).toEqual([]);

    ports.clock.advance(50_000);
    expect((await attempt(code())).ok).toBe(true);
    expect(userIn(user.id)?.twoFactorEnabled).toBe(true);
  });

  it('resets the failure count on success', async () => {
    const { useCases, addUser, code, failures } = setUp({ failureLimit: LIMIT });
    const user = addUser();
    const attempt = (verificationCode: string) =>
      useCases.confirmTwoFactor.execute({ userId: user.id, secret: SECRET, verificationCode });

    await attempt('000000');
    await attempt('000000');
    expect(failures(user.id)).toEqual({ client: 2, account: 2 });

    expect((await attempt(code())).ok).toBe(true);
    expect(failures(user.id)).toEqual({ client: 0, account: 0 });
  });
});

describe('DisableTwoFactor', () => {
  it.each([undefined, ''])(
    'answers DisableCodeRequired for code %j before looking the user up',
    async (verificationCode) => {
      const { useCases, addUserWithTwoFactor, userIn } = setUp();
      const user = addUserWithTwoFactor();

      expect(await useCases.disableTwoFactor.execute({ userId: 'nobody', verificationCode })).toEqual({
        ok: false,
        error: { type: 'DisableCodeRequired' },
      });
      expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode })).toEqual({
        ok: false,
        error: { type: 'DisableCodeRequired' },
      });
      expect(userIn(user.id)).toEqual(user);
    },
  );

  it('answers UserNotFound for an unknown user', async () => {
    const { useCases } = setUp();
    expect(await useCases.disableTwoFactor.execute({ userId: 'nobody', verificationCode: '123456' })).toEqual(
      {
        ok: false,
        error: { type: 'UserNotFound' },
      },
    );
  });

  it.each([
    ['2FA is off', { twoFactorEnabled: false, twoFactorSecret: null }],
    ['2FA is on but no secret is stored', { twoFactorEnabled: true, twoFactorSecret: null }],
  ])('answers TwoFactorNotEnabled when %s', async (_name, state) => {
    const { useCases, addUser, userIn, code } = setUp();
    const user = addUser(state);

    expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code() })).toEqual({
      ok: false,
      error: { type: 'TwoFactorNotEnabled' },
    });
    expect(userIn(user.id)).toEqual(user);
  });

  it.each([
    ['a wrong TOTP code', () => '000000'],
    ['an unknown backup code', () => 'zzzzz-zzzzz'],
    ['a code of another secret', () => 'other'],
  ])('refuses %s with InvalidVerificationCode and keeps 2FA on', async (_name, makeCode) => {
    const { useCases, addUserWithTwoFactor, userIn, db, backupCodesOf, code, failures } = setUp();
    const user = addUserWithTwoFactor();
    const verificationCode = makeCode() === 'other' ? code(0, OTHER_SECRET) : makeCode();

    expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(userIn(user.id)).toEqual(user);
    expect(failures(user.id)).toEqual({ client: 1, account: 1 });
    expect(backupCodesOf(user.id)).toHaveLength(BACKUP_CODES.length);
    expect(db.auditRecords).toEqual([]);
  });

  it('turns 2FA off with a TOTP code: secret cleared, backup codes deleted, TWO_FACTOR_DISABLE written', async () => {
    const { useCases, addUserWithTwoFactor, userIn, db, backupCodesOf, code, currentStep } = setUp();
    const user = addUserWithTwoFactor();

    expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code() })).toEqual({
      ok: true,
      value: undefined,
    });

    expect(userIn(user.id)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorLastStep: currentStep(),
    });
    expect(backupCodesOf(user.id)).toEqual([]);
    expect(db.auditOf(user.id)).toEqual([{ userId: user.id, event: 'TWO_FACTOR_DISABLE', details: {} }]);
  });

  it.each(['mnpqr-stuvw', 'mnpqrstuvw', 'MNPQR-STUVW', 'MnPqRsTuVw'])(
    'turns 2FA off with the backup code written as %s',
    async (backupCode) => {
      const { useCases, addUserWithTwoFactor, userIn, backupCodesOf, db } = setUp();
      const user = addUserWithTwoFactor();

      expect(
        (await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: backupCode })).ok,
      ).toBe(true);
      expect(userIn(user.id)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
      expect(backupCodesOf(user.id)).toEqual([]);
      expect(db.auditOf(user.id).map((r) => r.event)).toEqual(['TWO_FACTOR_DISABLE']);
    },
  );

  it('refuses a backup code already used elsewhere, and still accepts an unused one', async () => {
    const { useCases, addUserWithTwoFactor, userIn, backupCodesOf } = setUp();
    const user = addUserWithTwoFactor();
    const [used, unused] = BACKUP_CODES;

    expect(
      (
        await useCases.banAccount.execute({
          userId: user.id,
          password: 'correct horse',
          verificationCode: used,
        })
      ).ok,
    ).toBe(true);
    expect(backupCodesOf(user.id)).not.toContain(used.replace('-', ''));

    expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: used })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(userIn(user.id)?.twoFactorEnabled).toBe(true);
    expect((await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: unused })).ok).toBe(
      true,
    );
  });

  it('refuses a TOTP code of a step already used', async () => {
    const { useCases, addUserWithTwoFactor, userIn, code } = setUp();
    const user = addUserWithTwoFactor();

    expect(
      (
        await useCases.unbanAccount.execute({
          userId: user.id,
          password: 'correct horse',
          verificationCode: code(),
        })
      ).ok,
    ).toBe(false); // AccountNotBanned, but the code passed re-authentication and is used up
    expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code() })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code(-1) })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(userIn(user.id)?.twoFactorEnabled).toBe(true);

    expect((await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code(1) })).ok).toBe(
      true,
    );
  });

  it('keeps the last step through disable, so re-enabling with a replayed code fails', async () => {
    const { useCases, ports, addUser, userIn, code, currentStep } = setUp();
    const user = addUser();
    const confirmCode = code();

    expect(
      (
        await useCases.confirmTwoFactor.execute({
          userId: user.id,
          secret: SECRET,
          verificationCode: confirmCode,
        })
      ).ok,
    ).toBe(true);
    const disableCode = code(1);
    expect(
      (await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: disableCode })).ok,
    ).toBe(true);
    expect(userIn(user.id)?.twoFactorLastStep).toBe(currentStep() + 1);

    for (const replayed of [confirmCode, disableCode]) {
      expect(
        await useCases.confirmTwoFactor.execute({
          userId: user.id,
          secret: SECRET,
          verificationCode: replayed,
        }),
      ).toEqual({
        ok: false,
        error: { type: 'InvalidVerificationCode' },
      });
    }
    expect(userIn(user.id)?.twoFactorEnabled).toBe(false);

    ports.clock.advance(60_000);
    expect(
      (await useCases.confirmTwoFactor.execute({ userId: user.id, secret: SECRET, verificationCode: code() }))
        .ok,
    ).toBe(true);
  });

  it('locks after the maximum number of failures, even for the right code', async () => {
    const { useCases, addUserWithTwoFactor, userIn, backupCodesOf, code, failures } = setUp({
      failureLimit: LIMIT,
    });
    const user = addUserWithTwoFactor();

    for (let i = 0; i < LIMIT.maxFailures; i++) {
      await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: '000000' });
    }

    for (const verificationCode of [code(), BACKUP_CODES[0]]) {
      expect(await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode })).toEqual({
        ok: false,
        error: { type: 'TooManyAttempts', retryAfterSeconds: 60 },
      });
    }
    expect(userIn(user.id)).toMatchObject({ twoFactorEnabled: true, twoFactorLastStep: null });
    expect(failures(user.id)).toEqual({ client: LIMIT.maxFailures, account: LIMIT.maxFailures });
    expect(backupCodesOf(user.id)).toHaveLength(BACKUP_CODES.length);
  });

  it('resets the failure count on success', async () => {
    const { useCases, addUserWithTwoFactor, code, failures } = setUp({ failureLimit: LIMIT });
    const user = addUserWithTwoFactor();

    await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: '000000' });
    await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: 'zzzzz-zzzzz' });
    expect(failures(user.id)).toEqual({ client: 2, account: 2 });

    expect((await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code() })).ok).toBe(
      true,
    );
    expect(failures(user.id)).toEqual({ client: 0, account: 0 });
  });

  it('fails (500) rather than passing or refusing when the stored secret cannot be opened', async () => {
    const { useCases, ports, addUserWithTwoFactor, userIn, code } = setUp();
    const user = addUserWithTwoFactor();
    const foreign = { ...user, twoFactorSecret: ports.secrets.seal('someone-else', SECRET) };
    ports.db.users.set(user.id, foreign);

    await expect(
      useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code() }),
    ).rejects.toThrow();
    expect(userIn(user.id)).toEqual(foreign);
  });

  it('reads a bare base32 secret written before a key was set', async () => {
    const { useCases, db, addUserWithTwoFactor, userIn, code } = setUp();
    const user = addUserWithTwoFactor();
    db.users.set(user.id, { ...user, twoFactorSecret: SECRET });

    expect((await useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: code() })).ok).toBe(
      true,
    );
    expect(userIn(user.id)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
  });
});
