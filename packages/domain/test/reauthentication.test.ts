import { describe, expect, it } from 'vitest';
import {
  checkReauthentication,
  isCredentialFailure,
  type DomainErrorType,
  type ReauthenticationFacts,
} from '@accounts/domain';

type Account = NonNullable<ReauthenticationFacts['account']>;

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

describe('checkReauthentication', () => {
  describe('step 1: a missing account or password hash is UserNotFound whatever else fails', () => {
    it.each(everyCombination)('no account, %o', ({ passwordMatches, codeProvided, codeMatches }) => {
      expect(checkReauthentication({ account: null, passwordMatches, codeProvided, codeMatches })).toEqual({
        ok: false,
        error: { type: 'UserNotFound' },
      });
    });

    it.each(everyCombination)('no password hash, %o', ({ twoFactorEnabled, hasTwoFactorSecret, ...rest }) => {
      expect(
        checkReauthentication({
          account: { hasPasswordHash: false, twoFactorEnabled, hasTwoFactorSecret },
          ...rest,
        }),
      ).toEqual({ ok: false, error: { type: 'UserNotFound' } });
    });
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
  ])('%s', (_name, input, expected) => {
    expect(checkReauthentication(input)).toEqual(
      expected === null ? { ok: true, value: undefined } : { ok: false, error: { type: expected } },
    );
  });
});

describe('isCredentialFailure', () => {
  const everyKind = Object.keys({
    UserNotFound: 0,
    InvalidPassword: 0,
    TwoFactorCodeRequired: 0,
    TwoFactorSecretMissing: 0,
    InvalidTwoFactorCode: 0,
    TooManyAttempts: 0,
    InvalidVerificationCode: 0,
    DisableCodeRequired: 0,
    TwoFactorNotEnabled: 0,
    TwoFactorAlreadyEnabled: 0,
    InvalidSecret: 0,
    EnterprisePlanRequired: 0,
    InvalidDomainFormat: 0,
    DomainInUse: 0,
    AccountNotDisabled: 0,
    AccountNotBanned: 0,
    AccountDisabled: 0,
    AccountBanned: 0,
    BillingCustomerMissing: 0,
    BillingCustomerUnknown: 0,
    BillingCheckFailed: 0,
  } satisfies Record<DomainErrorType, 0>) as DomainErrorType[];
  const counted = new Set(['InvalidPassword', 'InvalidTwoFactorCode', 'InvalidVerificationCode']);

  it.each(everyKind.map((type) => [type, counted.has(type)] as const))(
    '%s counts towards the failure limit: %s',
    (type, expected) => {
      expect(isCredentialFailure({ type })).toBe(expected);
    },
  );
});
