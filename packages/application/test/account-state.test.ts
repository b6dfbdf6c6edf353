import { describe, expect, it } from 'vitest';
import type { AccountFlags, ErrorOf } from '@accounts/domain';
import type { ReauthenticationInput, UseCases, UserAccount } from '@accounts/application';
import { BACKUP_CODES, PASSWORD, SECRET, setUp, type TestContext } from './support.js';

const LIMIT = { maxFailures: 3, windowMs: 60_000 };

type Operation = {
  name: string;
  /** The flags the account needs for the operation to succeed. */
  precondition: Partial<AccountFlags>;
  deletes: boolean;
  run: (
    useCases: UseCases,
    input: ReauthenticationInput,
  ) => Promise<{ ok: boolean; error?: { type: string } }>;
};

const OPERATIONS: Operation[] = [
  { name: 'DisableAccount', precondition: {}, deletes: false, run: (u, i) => u.disableAccount.execute(i) },
  {
    name: 'EnableAccount',
    precondition: { disabled: true },
    deletes: false,
    run: (u, i) => u.enableAccount.execute(i),
  },
  { name: 'BanAccount', precondition: {}, deletes: false, run: (u, i) => u.banAccount.execute(i) },
  {
    name: 'UnbanAccount',
    precondition: { banned: true },
    deletes: false,
    run: (u, i) => u.unbanAccount.execute(i),
  },
  { name: 'DeleteAccount', precondition: {}, deletes: true, run: (u, i) => u.deleteAccount.execute(i) },
];

/** The two writes of a state change (the audit record, the user's row), each made to fail. */
const FAILING_WRITES = [
  ['the audit record', (t: TestContext) => (t.audit.failing = true)],
  ['the user', (t: TestContext) => (t.users.failingWrites = true)],
] as const;

const refusal = (type: string) => ({ ok: false, error: { type } });

/** What a refused request must leave: the account as it was, and `failures` counted (from the client and on the account). */
function expectUntouched(t: TestContext, user: UserAccount, failures = 0) {
  expect(t.userIn(user.id) ?? user).toEqual(user);
  expect(t.failures(user.id)).toEqual({ client: failures, account: failures });
  expect(t.db.auditRecords).toEqual([]);
  expect(t.ports.billing.cancellations).toEqual([]);
}

describe.each(OPERATIONS)('$name re-authenticates', (operation) => {
  const withSubscription = (t: TestContext, user: UserAccount) =>
    t.addEntitlement(user.id, { billingSubscriptionId: `sub-${user.id}` });

  it('answers UserNotFound for an unknown user', async () => {
    const t = setUp();
    expect(await operation.run(t.useCases, { userId: 'nobody', password: PASSWORD })).toEqual(
      refusal('UserNotFound'),
    );
  });

  it('answers UserNotFound for a user without a password hash, whatever the password', async () => {
    const t = setUp();
    const user = t.addUser({ ...operation.precondition, passwordHash: null });
    withSubscription(t, user);

    for (const password of [PASSWORD, 'wrong', '']) {
      expect(await operation.run(t.useCases, { userId: user.id, password })).toEqual(refusal('UserNotFound'));
    }
    expectUntouched(t, user);
  });

  it('refuses a wrong password and counts the failure', async () => {
    const t = setUp();
    const user = t.addUser(operation.precondition);
    withSubscription(t, user);

    expect(await operation.run(t.useCases, { userId: user.id, password: 'wrong' })).toEqual(
      refusal('InvalidPassword'),
    );
    expectUntouched(t, user, 1);
  });

  it('succeeds on the password alone when 2FA is off, ignoring any code', async () => {
    const t = setUp();
    const user = t.addUser(operation.precondition);

    expect(
      await operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode: '000000' }),
    ).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it.each([
    {
      name: 'asks for a code (undefined)',
      verificationCode: undefined,
      refused: 'TwoFactorCodeRequired',
      failures: 0,
    },
    { name: 'asks for a code ("")', verificationCode: '', refused: 'TwoFactorCodeRequired', failures: 0 },
    {
      name: 'refuses a wrong TOTP code',
      verificationCode: '000000',
      refused: 'InvalidTwoFactorCode',
      failures: 1,
    },
    {
      name: 'refuses an unknown backup code',
      verificationCode: 'zzzzz-zzzzz',
      refused: 'InvalidTwoFactorCode',
      failures: 1,
    },
    {
      name: 'refuses neither a TOTP nor a backup code',
      verificationCode: 'hello',
      refused: 'InvalidTwoFactorCode',
      failures: 1,
    },
  ])(
    '$name when 2FA is on: $refused, $failures failures counted, no code used',
    async ({ verificationCode, refused, failures }) => {
      const t = setUp();
      const user = t.addUserWithTwoFactor(operation.precondition);
      withSubscription(t, user);

      expect(
        await operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode }),
      ).toEqual(refusal(refused));
      expectUntouched(t, user, failures);
      expect(t.backupCodesOf(user.id)).toHaveLength(BACKUP_CODES.length);
    },
  );

  it('puts a wrong password before a missing code', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor(operation.precondition);

    expect(await operation.run(t.useCases, { userId: user.id, password: 'wrong' })).toEqual(
      refusal('InvalidPassword'),
    );
  });

  it('puts a wrong password before a stored secret that cannot be opened', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({
      ...operation.precondition,
      twoFactorSecret: t.ports.secrets.seal('someone-else', SECRET),
    });

    expect(
      await operation.run(t.useCases, { userId: user.id, password: 'wrong', verificationCode: t.code() }),
    ).toEqual(refusal('InvalidPassword'));
    expectUntouched(t, user, 1);
  });

  it('fails (500) rather than passing or refusing when the stored secret cannot be opened', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({
      ...operation.precondition,
      twoFactorSecret: t.ports.secrets.seal('someone-else', SECRET),
    });

    await expect(
      operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode: t.code() }),
    ).rejects.toThrow();
    expectUntouched(t, user, 0);
  });

  it('answers TwoFactorSecretMissing when 2FA is on but no secret is stored', async () => {
    const t = setUp();
    const user = t.addUser({ ...operation.precondition, twoFactorEnabled: true, twoFactorSecret: null });
    withSubscription(t, user);

    expect(
      await operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode: t.code() }),
    ).toEqual(refusal('TwoFactorSecretMissing'));
    expectUntouched(t, user, 0);
  });

  it('accepts a TOTP code and records its step', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor(operation.precondition);

    const result = await operation.run(t.useCases, {
      userId: user.id,
      password: PASSWORD,
      verificationCode: t.code(1),
    });

    expect(result.ok).toBe(true);
    if (!operation.deletes) expect(t.userIn(user.id)?.twoFactorLastStep).toBe(t.currentStep() + 1);
  });

  it.each([0, -1])('refuses a TOTP code %i steps from the last used one', async (offset) => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ ...operation.precondition, twoFactorLastStep: t.currentStep() });
    withSubscription(t, user);

    expect(
      await operation.run(t.useCases, {
        userId: user.id,
        password: PASSWORD,
        verificationCode: t.code(offset),
      }),
    ).toEqual(refusal('InvalidTwoFactorCode'));
    expectUntouched(t, user, 1);
  });

  it.each(['mnpqr-stuvw', 'MNPQRSTUVW'])(
    'accepts the backup code %s once and uses it up',
    async (backupCode) => {
      const t = setUp();
      const user = t.addUserWithTwoFactor(operation.precondition);

      const result = await operation.run(t.useCases, {
        userId: user.id,
        password: PASSWORD,
        verificationCode: backupCode,
      });

      expect(result.ok).toBe(true);
      expect(t.backupCodesOf(user.id)).toEqual(operation.deletes ? [] : ['23456789zz', 'abcdefghjk']);
    },
  );

  /** A user with 2FA on, the valid code `makeCode` gives, and the operation with it and `password`. */
  function withValidCode(makeCode: (t: TestContext) => string | undefined) {
    const t = setUp();
    const user = t.addUserWithTwoFactor(operation.precondition);
    const verificationCode = makeCode(t);
    const send = (password: string) =>
      operation.run(t.useCases, { userId: user.id, password, verificationCode });
    return { t, user, send };
  }

  it.each([
    ['TOTP code', (t: TestContext) => t.code()],
    ['backup code', () => BACKUP_CODES[1]],
  ])('keeps a %s used by a request that failed afterwards used up', async (_name, makeCode) => {
    const { t, send } = withValidCode(makeCode);

    t.audit.failing = true;
    await expect(send(PASSWORD)).rejects.toThrow();
    t.audit.failing = false;

    expect(await send(PASSWORD)).toEqual(refusal('InvalidTwoFactorCode'));
  });

  it.each([
    ['TOTP code', (t: TestContext) => t.code()],
    ['backup code', () => BACKUP_CODES[0]],
  ])('does not use up a valid %s sent with a wrong password', async (_name, makeCode) => {
    const { t, user, send } = withValidCode(makeCode);

    expect(await send('wrong')).toEqual(refusal('InvalidPassword'));
    expect(t.userIn(user.id)?.twoFactorLastStep).toBeNull();
    expect(t.backupCodesOf(user.id)).toHaveLength(BACKUP_CODES.length);

    expect((await send(PASSWORD)).ok).toBe(true);
  });

  it('locks after the maximum number of failures, even with the right password and code, until the window passes', async () => {
    const t = setUp({ failureLimit: LIMIT });
    const user = t.addUserWithTwoFactor(operation.precondition);
    withSubscription(t, user);

    expect(await operation.run(t.useCases, { userId: user.id, password: 'wrong' })).toEqual(
      refusal('InvalidPassword'),
    );
    expect(
      await operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode: '000000' }),
    ).toEqual(refusal('InvalidTwoFactorCode'));
    t.ports.clock.advance(15_000);
    expect(await operation.run(t.useCases, { userId: user.id, password: 'wrong' })).toEqual(
      refusal('InvalidPassword'),
    );

    // The lock lasts one window from the attempt that reached the maximum.
    const locked = { ok: false, error: { type: 'TooManyAttempts', retryAfterSeconds: 60 } };
    expect(
      await operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode: t.code() }),
    ).toEqual(locked);
    expect(await operation.run(t.useCases, { userId: user.id, password: 'wrong' })).toEqual(locked);
    expect(t.userIn(user.id)).toMatchObject({ ...operation.precondition, twoFactorLastStep: null });
    expect(t.failures(user.id)).toEqual({ client: LIMIT.maxFailures, account: LIMIT.maxFailures });
    expect(t.ports.billing.cancellations).toEqual([]);
    expect(t.db.auditRecords).toEqual([]);

    t.ports.clock.advance(59_000);
    expect(await operation.run(t.useCases, { userId: user.id, password: PASSWORD })).toEqual({
      ok: false,
      error: { type: 'TooManyAttempts', retryAfterSeconds: 1 },
    });
    t.ports.clock.advance(1_000);
    expect(
      (await operation.run(t.useCases, { userId: user.id, password: PASSWORD, verificationCode: t.code() }))
        .ok,
    ).toBe(true);
  });

  it('resets the failure count when the checks pass', async () => {
    const t = setUp({ failureLimit: LIMIT });
    const user = t.addUser(operation.precondition);

    await operation.run(t.useCases, { userId: user.id, password: 'wrong' });
    await operation.run(t.useCases, { userId: user.id, password: 'wrong' });
    expect(t.failures(user.id)).toEqual({ client: 2, account: 2 });

    // Make the operation itself fail after the checks, so that a deleted account can be looked at too.
    t.audit.failing = true;
    await expect(operation.run(t.useCases, { userId: user.id, password: PASSWORD })).rejects.toThrow();
    expect(t.failures(user.id)).toEqual({ client: 0, account: 0 });
  });
});

describe.each([
  {
    name: 'DisableAccount',
    run: (u: UseCases, i: ReauthenticationInput) => u.disableAccount.execute(i),
    flag: 'disabled',
    event: 'USER_DISABLE',
  },
  {
    name: 'BanAccount',
    run: (u: UseCases, i: ReauthenticationInput) => u.banAccount.execute(i),
    flag: 'banned',
    event: 'USER_BAN',
  },
] as const)('$name', ({ run, flag, event }) => {
  function withSubscriptions() {
    const t = setUp();
    const user = t.addUser({ email: 'ada@example.com' });
    t.addEntitlement(user.id, { billingSubscriptionId: 'sub_drop' });
    t.addEntitlement(user.id, { service: 'OTHER', billingSubscriptionId: 'sub_other' });
    t.addEntitlement(user.id, { service: 'FREE', billingSubscriptionId: null });
    const other = t.addUser();
    t.addEntitlement(other.id, { billingSubscriptionId: 'sub_foreign' });
    return { t, user, other };
  }

  it(`sets ${flag}, writes ${event} with the email and cancels every subscription at period end`, async () => {
    const { t, user, other } = withSubscriptions();

    expect(await run(t.useCases, { userId: user.id, password: PASSWORD })).toEqual({
      ok: true,
      value: undefined,
    });

    expect(t.userIn(user.id)).toEqual({ ...user, [flag]: true });
    expect(t.userIn(other.id)).toMatchObject({ disabled: false, banned: false });
    expect(t.db.auditRecords).toEqual([{ userId: user.id, event, details: { email: 'ada@example.com' } }]);
    expect(
      [...t.ports.billing.cancellations].sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId)),
    ).toEqual([
      { subscriptionId: 'sub_drop', mode: 'at-period-end' },
      { subscriptionId: 'sub_other', mode: 'at-period-end' },
    ]);
  });

  it.each<[string, Partial<AccountFlags>, 'AccountDisabled' | 'AccountBanned']>([
    ['disabled', { disabled: true }, 'AccountDisabled'],
    ['banned', { banned: true }, 'AccountBanned'],
    ['disabled and banned', { disabled: true, banned: true }, 'AccountBanned'],
  ])('refuses a %s account as the gate does, and changes nothing', async (_name, flags, refused) => {
    const t = setUp();
    const user = t.addUser({ email: 'ada@example.com', ...flags });
    t.addEntitlement(user.id, { billingSubscriptionId: 'sub_drop' });

    expect(await run(t.useCases, { userId: user.id, password: PASSWORD })).toEqual(refusal(refused));
    expectUntouched(t, user);
  });

  it('logs a failed cancellation and still succeeds', async () => {
    const { t, user } = withSubscriptions();
    t.ports.billing.cancellationBehaviour.set('sub_drop', 'fail');

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);

    expect(t.userIn(user.id)?.[flag]).toBe(true);
    expect(t.db.auditOf(user.id).map((r) => r.event)).toEqual([event]);
    expect(t.ports.billing.cancellations.map((c) => c.subscriptionId).sort()).toEqual([
      'sub_drop',
      'sub_other',
    ]);
    expect(t.ports.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({ subscriptionId: 'sub_drop' }) as unknown,
      }),
    );
  });

  it('counts a subscription the provider no longer knows as done', async () => {
    const { t, user } = withSubscriptions();
    t.ports.billing.cancellationBehaviour.set('sub_drop', 'already-gone');

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);
    expect(t.ports.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('skips cancellation with a log entry when billing is not configured, and still succeeds', async () => {
    const { t, user } = withSubscriptions();
    t.ports.billing.isConfigured = false;

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);

    expect(t.userIn(user.id)?.[flag]).toBe(true);
    expect(t.ports.billing.cancellations).toEqual([]);
    expect(t.ports.logger.entries).toContainEqual(expect.objectContaining({ level: 'warn' }));
  });

  it.each(FAILING_WRITES)(
    'changes nothing and leaves no audit record when %s cannot be written',
    async (_name, breakIt) => {
      const { t, user } = withSubscriptions();
      breakIt(t);

      await expect(run(t.useCases, { userId: user.id, password: PASSWORD })).rejects.toThrow();
      expect(t.userIn(user.id)).toEqual(user);
      expect(t.db.auditRecords).toEqual([]);
    },
  );

  it('cancels nothing when re-authentication fails', async () => {
    const { t, user } = withSubscriptions();

    expect((await run(t.useCases, { userId: user.id, password: 'wrong' })).ok).toBe(false);
    expect(t.ports.billing.cancellations).toEqual([]);
  });
});

describe('DeleteAccount', () => {
  function withData() {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ email: 'ada@example.com' });
    t.addEntitlement(user.id, {
      billingSubscriptionId: 'sub_drop',
      metadata: { customDomain: 'ada.example' },
    });
    t.addEntitlement(user.id, { service: 'OTHER', billingSubscriptionId: 'sub_other' });
    t.db.auditRecords.push({ userId: user.id, event: 'TWO_FACTOR_ENABLE', details: {} });
    const other = t.addUserWithTwoFactor();
    const otherEntitlement = t.addEntitlement(other.id, { billingSubscriptionId: 'sub_foreign' });
    const otherAudit = {
      userId: other.id,
      event: 'USER_UPDATE' as const,
      details: { field: 'customDomain' },
    };
    t.db.auditRecords.push(otherAudit);
    /** The user deletes the account, re-authenticated with the password and a current code. */
    const remove = () =>
      t.useCases.deleteAccount.execute({ userId: user.id, password: PASSWORD, verificationCode: t.code() });
    return { t, user, other, otherEntitlement, otherAudit, remove };
  }

  it('removes the user with entitlements, audit records and backup codes, and nobody else', async () => {
    const { t, user, other, otherEntitlement, otherAudit, remove } = withData();

    expect(await remove()).toEqual({ ok: true, value: undefined });

    expect(t.userIn(user.id)).toBeUndefined();
    expect(t.db.entitlements).toEqual([otherEntitlement]);
    expect(t.db.auditRecords).toEqual([otherAudit]);
    expect(t.db.backupCodes.has(user.id)).toBe(false);
    expect(t.userIn(other.id)).toEqual(other);
    expect(t.backupCodesOf(other.id)).toHaveLength(BACKUP_CODES.length);
  });

  it('writes USER_DELETE with the email before removing the user', async () => {
    const { t, user, remove } = withData();

    await remove();

    expect(t.audit.appended).toEqual([
      { userId: user.id, event: 'USER_DELETE', details: { email: 'ada@example.com' } },
    ]);
  });

  it('revokes every subscription at once and logs the deletion', async () => {
    const { t, user, remove } = withData();

    await remove();

    expect(
      [...t.ports.billing.cancellations].sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId)),
    ).toEqual([
      { subscriptionId: 'sub_drop', mode: 'immediately' },
      { subscriptionId: 'sub_other', mode: 'immediately' },
    ]);
    expect(t.ports.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        details: expect.objectContaining({ event: 'USER_DELETE', userId: user.id }) as unknown,
      }),
    );
  });

  it('deletes the account even when every cancellation fails', async () => {
    const { t, user, remove } = withData();
    t.ports.billing.cancellationBehaviour.set('sub_drop', 'fail');
    t.ports.billing.cancellationBehaviour.set('sub_other', 'fail');

    expect((await remove()).ok).toBe(true);
    expect(t.userIn(user.id)).toBeUndefined();
    expect(t.ports.logger.entries.filter((e) => e.level === 'error')).toHaveLength(2);
  });

  it('deletes the account without cancelling when billing is not configured, with a log entry', async () => {
    const { t, user, remove } = withData();
    t.ports.billing.isConfigured = false;

    expect((await remove()).ok).toBe(true);
    expect(t.userIn(user.id)).toBeUndefined();
    expect(t.ports.billing.cancellations).toEqual([]);
    expect(t.ports.logger.entries).toContainEqual(expect.objectContaining({ level: 'warn' }));
  });

  it.each(FAILING_WRITES)('keeps everything when %s cannot be written', async (_name, breakIt) => {
    const { t, user, remove } = withData();
    const entitlementsBefore = [...t.db.entitlements];
    const auditBefore = [...t.db.auditRecords];
    breakIt(t);

    await expect(remove()).rejects.toThrow();
    expect(t.userIn(user.id)).toMatchObject({ id: user.id, email: user.email });
    expect(t.db.entitlements).toEqual(entitlementsBefore);
    expect(t.db.auditRecords).toEqual(auditBefore);
    expect(t.backupCodesOf(user.id)).toHaveLength(BACKUP_CODES.length);
  });

  it.each<[string, Partial<AccountFlags>]>([
    ['disabled', { disabled: true }],
    ['banned', { banned: true }],
    ['disabled and banned', { disabled: true, banned: true }],
  ])('deletes a %s account', async (_name, flags) => {
    const t = setUp();
    const user = t.addUser(flags);

    expect((await t.useCases.deleteAccount.execute({ userId: user.id, password: PASSWORD })).ok).toBe(true);
    expect(t.userIn(user.id)).toBeUndefined();
  });
});

describe.each([
  {
    name: 'EnableAccount',
    run: (u: UseCases, i: ReauthenticationInput) => u.enableAccount.execute(i),
    flag: 'disabled',
    other: 'banned',
    notInState: 'AccountNotDisabled',
    gateRefusal: 'AccountBanned',
    action: 'account_enabled',
  },
  {
    name: 'UnbanAccount',
    run: (u: UseCases, i: ReauthenticationInput) => u.unbanAccount.execute(i),
    flag: 'banned',
    other: 'disabled',
    notInState: 'AccountNotBanned',
    gateRefusal: 'AccountDisabled',
    action: 'account_unbanned',
  },
] as const)('$name', ({ run, flag, other, notInState, gateRefusal, action }) => {
  it(`answers ${notInState} for an active account and changes nothing`, async () => {
    const t = setUp();
    const user = t.addUser();

    expect(await run(t.useCases, { userId: user.id, password: PASSWORD })).toEqual({
      ok: false,
      error: { type: notInState } satisfies ErrorOf<typeof notInState>,
    });
    expect(t.userIn(user.id)).toEqual(user);
    expect(t.db.auditRecords).toEqual([]);
  });

  it(`answers ${gateRefusal} for an account that is only ${other}, as the gate does`, async () => {
    const t = setUp();
    const user = t.addUser({ [other]: true });

    expect(await run(t.useCases, { userId: user.id, password: PASSWORD })).toEqual(refusal(gateRefusal));
    expect(t.userIn(user.id)).toEqual(user);
    expect(t.db.auditRecords).toEqual([]);
  });

  it(`checks the password before the state: a wrong password on an account that is not ${flag}`, async () => {
    const t = setUp();
    const user = t.addUser();

    expect(await run(t.useCases, { userId: user.id, password: 'wrong' })).toEqual(refusal('InvalidPassword'));
  });

  it(`clears ${flag}, writes USER_UPDATE with action ${action} and touches no subscription`, async () => {
    const t = setUp();
    const user = t.addUser({ [flag]: true });
    t.addEntitlement(user.id, { billingSubscriptionId: 'sub_drop' });

    expect(await run(t.useCases, { userId: user.id, password: PASSWORD })).toEqual({
      ok: true,
      value: undefined,
    });

    expect(t.userIn(user.id)).toEqual({ ...user, [flag]: false });
    expect(t.db.auditRecords).toEqual([{ userId: user.id, event: 'USER_UPDATE', details: { action } }]);
    expect(t.ports.billing.cancellations).toEqual([]);
  });

  it(`clears only ${flag} on an account that is also ${other}`, async () => {
    const t = setUp();
    const user = t.addUser({ disabled: true, banned: true });

    expect((await run(t.useCases, { userId: user.id, password: PASSWORD })).ok).toBe(true);
    expect(t.userIn(user.id)).toMatchObject({ [flag]: false, [other]: true });
  });

  it.each(FAILING_WRITES)(
    `stays ${flag} with no audit record when %s cannot be written`,
    async (_name, breakIt) => {
      const t = setUp();
      const user = t.addUser({ [flag]: true });
      breakIt(t);

      await expect(run(t.useCases, { userId: user.id, password: PASSWORD })).rejects.toThrow();
      expect(t.userIn(user.id)).toEqual(user);
      expect(t.db.auditRecords).toEqual([]);
    },
  );
});
