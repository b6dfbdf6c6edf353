import { describe, expect, it } from 'vitest';
import type { DomainErrorType } from '@accounts/domain';
import { isCredentialFailure } from '../src/reauthentication/failure-limit.js';
import { PASSWORD, SECRET, setUp } from './support.js';

/** What is true of one re-authentication attempt; `attempt` builds it and runs it. */
type ReauthenticationFacts = {
  account: { hasPasswordHash: boolean; twoFactorEnabled: boolean; hasTwoFactorSecret: boolean } | null;
  passwordMatches: boolean;
  codeProvided: boolean;
  codeMatches: boolean;
};

type Account = NonNullable<ReauthenticationFacts['account']>;

/** The attempt through DisableAccount, whose answer is re-authentication's until it passes. */
async function attempt({ account, passwordMatches, codeProvided, codeMatches }: ReauthenticationFacts) {
  const t = setUp();
  const user = account
    ? t.addUser({
        passwordHash: account.hasPasswordHash ? `fake-hash:${PASSWORD}` : null,
        twoFactorEnabled: account.twoFactorEnabled,
      })
    : null;
  if (user && account?.hasTwoFactorSecret) {
    t.db.users.set(user.id, { ...user, twoFactorSecret: t.ports.secrets.seal(user.id, SECRET) });
  }
  return t.useCases.disableAccount.execute({
    userId: user?.id ?? 'nobody',
    password: passwordMatches ? PASSWORD : 'wrong',
    verificationCode: codeProvided ? (codeMatches ? t.code() : '000000') : undefined,
  });
}

const WITH_2FA: Account = { hasPasswordHash: true, twoFactorEnabled: true, hasTwoFactorSecret: true };
const WITHOUT_2FA: Account = { hasPasswordHash: true, twoFactorEnabled: false, hasTwoFactorSecret: false };

const facts = (overrides: Partial<ReauthenticationFacts>): ReauthenticationFacts => ({
  account: WITH_2FA,
  passwordMatches: true,
  codeProvided: true,
  codeMatches: true,
  ...overrides,
});

const booleans = [true, false];
const everyCombination = booleans.flatMap((passwordMatches) =>
  booleans.flatMap((codeProvided) =>
    booleans.flatMap((codeMatches) =>
      booleans.flatMap((twoFactorEnabled) =>
        booleans.map((hasTwoFactorSecret) => ({
          passwordMatches,
          codeProvided,
          codeMatches,
          twoFactorEnabled,
          hasTwoFactorSecret,
        })),
      ),
    ),
  ),
);

describe('re-authentication', () => {
  describe('step 1: a missing account or password hash is UserNotFound whatever else fails', () => {
    it.each(everyCombination)('no account, %o', async ({ passwordMatches, codeProvided, codeMatches }) => {
      expect(await attempt({ account: null, passwordMatches, codeProvided, codeMatches })).toEqual({
        ok: false,
        error: { type: 'UserNotFound' },
      });
    });

    it.each(everyCombination)(
      'no password hash, %o',
      async ({ twoFactorEnabled, hasTwoFactorSecret, ...rest }) => {
        expect(
          await attempt({
            account: { hasPasswordHash: false, twoFactorEnabled, hasTwoFactorSecret },
            ...rest,
          }),
        ).toEqual({ ok: false, error: { type: 'UserNotFound' } });
      },
    );
  });

  it.each<[string, ReauthenticationFacts, string | null]>([
    ['passes with password and matching code', facts({}), null],
    ['passes without 2FA on the password alone', facts({ account: WITHOUT_2FA, codeProvided: false }), null],
    [
      'ignores a wrong code when 2FA is off',
      facts({ account: WITHOUT_2FA, codeProvided: true, codeMatches: false }),
      null,
    ],
    [
      'ignores a missing secret when 2FA is off',
      facts({ account: { ...WITHOUT_2FA, hasTwoFactorSecret: false }, codeProvided: false }),
      null,
    ],
    ['refuses a wrong password', facts({ passwordMatches: false }), 'InvalidPassword'],
    [
      'puts a wrong password before a missing code',
      facts({ passwordMatches: false, codeProvided: false, codeMatches: false }),
      'InvalidPassword',
    ],
    [
      'puts a wrong password before a missing secret',
      facts({ passwordMatches: false, account: { ...WITH_2FA, hasTwoFactorSecret: false } }),
      'InvalidPassword',
    ],
    [
      'puts a wrong password before a wrong code',
      facts({ passwordMatches: false, codeMatches: false }),
      'InvalidPassword',
    ],
    [
      'refuses a wrong password without 2FA',
      facts({ account: WITHOUT_2FA, passwordMatches: false }),
      'InvalidPassword',
    ],
    [
      'requires a code when 2FA is on',
      facts({ codeProvided: false, codeMatches: false }),
      'TwoFactorCodeRequired',
    ],
    [
      'puts a missing code before a missing secret',
      facts({ codeProvided: false, codeMatches: false, account: { ...WITH_2FA, hasTwoFactorSecret: false } }),
      'TwoFactorCodeRequired',
    ],
    [
      'reports a missing secret when a code is given',
      facts({ account: { ...WITH_2FA, hasTwoFactorSecret: false }, codeMatches: false }),
      'TwoFactorSecretMissing',
    ],
    [
      'reports a missing secret even when the code is said to match',
      facts({ account: { ...WITH_2FA, hasTwoFactorSecret: false }, codeMatches: true }),
      'TwoFactorSecretMissing',
    ],
    ['refuses a code that does not match', facts({ codeMatches: false }), 'InvalidTwoFactorCode'],
  ])('%s', async (_name, input, expected) => {
    expect(await attempt(input)).toEqual(
      expected === null ? { ok: true, value: undefined } : { ok: false, error: { type: expected } },
    );
  });
});

describe('isCredentialFailure', () => {
  const everyKind: DomainErrorType[] = [
    'UserNotFound',
    'InvalidPassword',
    'TwoFactorCodeRequired',
    'TwoFactorSecretMissing',
    'InvalidTwoFactorCode',
    'TooManyAttempts',
    'InvalidVerificationCode',
    'DisableCodeRequired',
    'TwoFactorNotEnabled',
    'TwoFactorAlreadyEnabled',
    'InvalidSecret',
    'EnterprisePlanRequired',
    'InvalidDomainFormat',
    'DomainInUse',
    'AccountNotDisabled',
    'AccountNotBanned',
    'AccountDisabled',
    'AccountBanned',
    'BillingCustomerMissing',
    'BillingCustomerUnknown',
    'BillingCheckFailed',
  ];
  const counted = new Set(['InvalidPassword', 'InvalidTwoFactorCode', 'InvalidVerificationCode']);

  it.each(everyKind.map((type) => [type, counted.has(type)] as const))(
    '%s counts towards the failure limit: %s',
    (type, expected) => {
      expect(isCredentialFailure({ type })).toBe(expected);
    },
  );
});
