import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_SHAPE, BACKUP_CODES, setUp } from './support.js';

describe('GetTwoFactorStatus', () => {
  it('answers off with no backup codes, then on with the count left after each use', async () => {
    const t = setUp();
    const off = t.addUser();
    expect(await t.useCases.getTwoFactorStatus.execute({ userId: off.id })).toEqual({
      ok: true,
      value: { twoFactorEnabled: false, backupCodesRemaining: 0, passkeys: 0 },
    });

    const on = t.addUserWithTwoFactor();
    expect(await t.useCases.getTwoFactorStatus.execute({ userId: on.id })).toEqual({
      ok: true,
      value: { twoFactorEnabled: true, backupCodesRemaining: 3, passkeys: 0 },
    });
    t.db.backupCodes.get(on.id)?.delete(BACKUP_CODES[0].replace('-', ''));
    expect(await t.useCases.getTwoFactorStatus.execute({ userId: on.id })).toMatchObject({
      value: { backupCodesRemaining: 2 },
    });
  });

  it('answers UserNotFound for an unknown user', async () => {
    const t = setUp();
    expect(await t.useCases.getTwoFactorStatus.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });
});

describe('RegenerateBackupCodes', () => {
  it('replaces every backup code with ten new ones, spends the code and writes the audit record', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();

    const regenerated = await t.useCases.regenerateBackupCodes.execute({
      userId: user.id,
      verificationCode: t.code(),
    });

    if (!regenerated.ok) throw new Error(regenerated.error.type);
    const codes = regenerated.value.backupCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(BACKUP_CODE_SHAPE);
    expect(t.backupCodesOf(user.id)).toEqual(codes.map((code) => code.replace('-', '')).sort());
    expect(t.userIn(user.id)?.twoFactorLastStep).toBe(t.currentStep());
    expect(t.db.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'TWO_FACTOR_BACKUP_CODES_REGENERATE', details: {} },
    ]);
  });

  it.each([
    ['2FA off', false, undefined, 'TwoFactorNotEnabled'],
    ['2FA off, even with a code', false, '123456', 'TwoFactorNotEnabled'],
    ['no code', true, undefined, 'VerificationCodeMissing'],
    ['an empty code', true, '', 'VerificationCodeMissing'],
    ['a backup code', true, BACKUP_CODES[0], 'InvalidVerificationCode'],
    ['a wrong code', true, '000000', 'InvalidVerificationCode'],
  ] as const)('refuses %s and changes nothing', async (_name, on, code, type) => {
    const t = setUp();
    const user = on ? t.addUserWithTwoFactor() : t.addUser();
    const before = t.backupCodesOf(user.id);

    const verificationCode = code === '000000' && t.code() === '000000' ? '111111' : code;
    expect(await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode })).toEqual({
      ok: false,
      error: { type },
    });
    expect(t.backupCodesOf(user.id)).toEqual(before);
    expect(t.db.auditOf(user.id)).toEqual([]);
  });

  it('refuses a TOTP code already used', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    const code = t.code();
    expect(
      (await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: code })).ok,
    ).toBe(true);

    expect(
      await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: code }),
    ).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(t.db.auditOf(user.id)).toHaveLength(1);
  });

  it('lets one of two parallel regenerations with one code through', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    const code = t.code();
    const outcomes = await Promise.all([
      t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: code }),
      t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: code }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, error: { type: 'InvalidVerificationCode' } },
    ]);
  });

  it('counts wrong codes towards the failure limit and locks', async () => {
    const t = setUp({ failureLimit: { maxFailures: 2, windowMs: 60_000 } });
    const user = t.addUserWithTwoFactor();
    const wrong = t.code() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: wrong });
    }

    expect(
      await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: t.code() }),
    ).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 60 },
    });
  });
});

describe('ListSecurityEvents', () => {
  async function withEvents(count: number) {
    const t = setUp();
    const user = t.addUser();
    const other = t.addUser();
    for (let i = 0; i < count; i++) {
      await t.ports.auditLog.append({ userId: user.id, event: 'USER_UPDATE', details: { n: i } });
      await t.ports.auditLog.append({ userId: other.id, event: 'USER_UPDATE', details: { n: -i } });
      if (i % 3 === 0) t.ports.clock.advance(1_000);
    }
    return { t, user, other };
  }

  it('pages through every record once, newest first, in pages of limit', async () => {
    const { t, user } = await withEvents(25);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await t.useCases.listSecurityEvents.execute({ userId: user.id, limit: 7, cursor });
      if (!page.ok) throw new Error(page.error.type);
      expect(page.value.events.length).toBe(pages < 3 ? 7 : 4);
      seen.push(...page.value.events.map((event) => Number(event.details.n)));
      cursor = page.value.nextCursor ?? undefined;
      pages++;
    } while (cursor);

    expect(pages).toBe(4);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
  });

  it('answers 20 by default and no next cursor on the last page', async () => {
    const { t, user } = await withEvents(20);
    const page = await t.useCases.listSecurityEvents.execute({ userId: user.id });
    expect(page).toMatchObject({ ok: true, value: { nextCursor: null } });
    expect(page.ok && page.value.events).toHaveLength(20);
    expect(page.ok && page.value.events[0]).toEqual({
      id: expect.any(String) as string,
      event: 'USER_UPDATE',
      details: { n: 19 },
      createdAt: expect.any(Date) as Date,
    });
  });

  it.each([0, 101, 2.5])('refuses limit %s', async (limit) => {
    const { t, user } = await withEvents(1);
    expect(await t.useCases.listSecurityEvents.execute({ userId: user.id, limit })).toEqual({
      ok: false,
      error: { type: 'InvalidPageLimit' },
    });
  });

  it("refuses a made-up cursor and another user's cursor", async () => {
    const { t, user, other } = await withEvents(5);
    const page = await t.useCases.listSecurityEvents.execute({ userId: other.id, limit: 2 });
    const othersCursor = page.ok ? page.value.nextCursor : null;
    expect(othersCursor).toEqual(expect.any(String));

    for (const cursor of ['nope', othersCursor ?? '']) {
      expect(await t.useCases.listSecurityEvents.execute({ userId: user.id, cursor })).toEqual({
        ok: false,
        error: { type: 'InvalidCursor' },
      });
    }
  });

  it('answers an empty page for a user without records', async () => {
    const t = setUp();
    const user = t.addUser();
    expect(await t.useCases.listSecurityEvents.execute({ userId: user.id })).toEqual({
      ok: true,
      value: { events: [], nextCursor: null },
    });
  });

  it('answers UserNotFound for an unknown user, after checking the page size', async () => {
    const t = setUp();
    expect(await t.useCases.listSecurityEvents.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(await t.useCases.listSecurityEvents.execute({ userId: 'nobody', limit: 0 })).toEqual({
      ok: false,
      error: { type: 'InvalidPageLimit' },
    });
  });
});
