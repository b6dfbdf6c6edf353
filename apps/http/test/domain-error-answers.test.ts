import { describe, expect, it } from 'vitest';
import type { DomainError, DomainErrorType } from '@accounts/domain';
import { describeError, DOMAIN_ERROR_ANSWERS } from '../src/errors.js';

const EXPECTED: Record<DomainErrorType, { status: number; code: string; message: string }> = {
  UserNotFound: { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' },
  InvalidPassword: { status: 401, code: 'INVALID_PASSWORD', message: 'Invalid password' },
  PasswordRequired: {
    status: 400,
    code: 'PASSWORD_REQUIRED',
    message: "body must have required property 'password'",
  },
  TwoFactorCodeRequired: {
    status: 401,
    code: 'TWO_FACTOR_CODE_REQUIRED',
    message: '2FA verification code is required',
  },
  TwoFactorSecretMissing: {
    status: 500,
    code: 'TWO_FACTOR_SECRET_MISSING',
    message: '2FA is enabled but secret is missing',
  },
  InvalidTwoFactorCode: {
    status: 401,
    code: 'INVALID_TWO_FACTOR_CODE',
    message: 'Invalid 2FA verification code',
  },
  TooManyAttempts: {
    status: 429,
    code: 'TOO_MANY_ATTEMPTS',
    message: 'Too many failed attempts, retry in 60 seconds',
  },
  InvalidVerificationCode: {
    status: 400,
    code: 'INVALID_VERIFICATION_CODE',
    message: 'Invalid verification code',
  },
  DisableCodeRequired: {
    status: 400,
    code: 'VERIFICATION_CODE_REQUIRED',
    message: '2FA verification code is required to disable 2FA',
  },
  TwoFactorNotEnabled: { status: 400, code: 'TWO_FACTOR_NOT_ENABLED', message: '2FA is not enabled' },
  TwoFactorAlreadyEnabled: {
    status: 400,
    code: 'TWO_FACTOR_ALREADY_ENABLED',
    message: '2FA is already enabled',
  },
  InvalidSecret: { status: 400, code: 'INVALID_SECRET', message: 'Invalid secret' },
  EnterprisePlanRequired: {
    status: 403,
    code: 'ENTERPRISE_PLAN_REQUIRED',
    message: 'Enterprise plan required for custom domains',
  },
  InvalidDomainFormat: { status: 400, code: 'INVALID_DOMAIN_FORMAT', message: 'Invalid domain format' },
  DomainInUse: { status: 409, code: 'DOMAIN_IN_USE', message: 'Domain is already in use' },
  AccountNotDisabled: { status: 400, code: 'ACCOUNT_NOT_DISABLED', message: 'Account is not disabled' },
  AccountNotBanned: { status: 400, code: 'ACCOUNT_NOT_BANNED', message: 'Account is not banned' },
  AccountDisabled: { status: 401, code: 'ACCOUNT_DISABLED', message: 'Account is disabled' },
  AccountBanned: { status: 401, code: 'ACCOUNT_BANNED', message: 'Account is banned' },
  BillingCustomerMissing: {
    status: 400,
    code: 'BILLING_CUSTOMER_MISSING',
    message: 'No billing customer ID found for this account. Please contact support.',
  },
  BillingCustomerUnknown: {
    status: 400,
    code: 'BILLING_CUSTOMER_NOT_FOUND',
    message: 'Customer not found at the billing provider. Please contact support.',
  },
  BillingCheckFailed: {
    status: 500,
    code: 'BILLING_CHECK_FAILED',
    message: 'Failed to verify customer. Please contact support.',
  },
  CustomDomainNotSet: { status: 404, code: 'CUSTOM_DOMAIN_NOT_SET', message: 'No custom domain is set' },
  VerificationCodeMissing: {
    status: 400,
    code: 'VERIFICATION_CODE_MISSING',
    message: '2FA verification code is required',
  },
  InvalidPageLimit: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'limit must be a whole number from 1 to 100',
  },
  InvalidCursor: { status: 400, code: 'INVALID_CURSOR', message: 'Invalid cursor' },
  InvalidPasskeyResponse: {
    status: 400,
    code: 'INVALID_PASSKEY_RESPONSE',
    message: 'Invalid passkey response',
  },
  PasskeyAlreadyRegistered: {
    status: 409,
    code: 'PASSKEY_ALREADY_REGISTERED',
    message: 'Passkey is already registered',
  },
  NoPasskeyRegistered: { status: 400, code: 'NO_PASSKEY_REGISTERED', message: 'No passkey is registered' },
  PasskeyNotFound: { status: 404, code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' },
  AccountAlreadyDisabled: {
    status: 409,
    code: 'ACCOUNT_ALREADY_DISABLED',
    message: 'Account is already disabled',
  },
  AccountAlreadyBanned: { status: 409, code: 'ACCOUNT_ALREADY_BANNED', message: 'Account is already banned' },
  InvalidReason: {
    status: 400,
    code: 'INVALID_REASON',
    message: 'reason must be 1 to 500 characters, not only spaces',
  },
  SessionRevoked: { status: 401, code: 'SESSION_REVOKED', message: 'Session has been revoked' },
  SessionNotFound: { status: 404, code: 'SESSION_NOT_FOUND', message: 'Session not found' },
};

/** One error of every kind (EXPECTED has a key for each: the compiler checks it). */
const ERROR_EXAMPLES = (Object.keys(EXPECTED) as DomainErrorType[]).map((type): DomainError =>
  // Past 25 kinds the compiler no longer splits `{ type }` over the union: the cast says what it is.
  type === 'TooManyAttempts' ? { type, retryAfterSeconds: 60 } : ({ type } as DomainError),
);

describe('DOMAIN_ERROR_ANSWERS', () => {
  it('holds one row for every error kind', () => {
    const types = Object.keys(DOMAIN_ERROR_ANSWERS);
    expect(new Set(types).size).toBe(types.length);
    expect([...types].sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe('describeError', () => {
  it.each(ERROR_EXAMPLES.map((error) => [error.type, error] as const))('%s', (type, error) => {
    expect(describeError(error)).toEqual(EXPECTED[type]);
  });

  it.each([1, 59, 900])('puts %i seconds into the TooManyAttempts message', (retryAfterSeconds) => {
    expect(describeError({ type: 'TooManyAttempts', retryAfterSeconds })).toEqual({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many failed attempts, retry in ${retryAfterSeconds} seconds`,
    });
  });

  it.each([
    ['2FA confirm or disable with a wrong code', 'InvalidVerificationCode', 'Invalid verification code'],
    ['2FA disable without a code', 'DisableCodeRequired', '2FA verification code is required to disable 2FA'],
    ['2FA disable while off', 'TwoFactorNotEnabled', '2FA is not enabled'],
    ['invalid domain format', 'InvalidDomainFormat', 'Invalid domain format'],
    ['wrong password', 'InvalidPassword', 'Invalid password'],
    ['2FA on, code missing', 'TwoFactorCodeRequired', '2FA verification code is required'],
    ['2FA on, code wrong', 'InvalidTwoFactorCode', 'Invalid 2FA verification code'],
    ['no enterprise tier', 'EnterprisePlanRequired', 'Enterprise plan required for custom domains'],
    ['user not found', 'UserNotFound', 'User not found'],
    ['domain in use', 'DomainInUse', 'Domain is already in use'],
    ['2FA on, no secret', 'TwoFactorSecretMissing', '2FA is enabled but secret is missing'],
    ['portal check failed', 'BillingCheckFailed', 'Failed to verify customer. Please contact support.'],
    ['no custom domain to verify', 'CustomDomainNotSet', 'No custom domain is set'],
    [
      'backup-code regeneration without a code',
      'VerificationCodeMissing',
      '2FA verification code is required',
    ],
  ] as const)("uses the specification's exact text for %s", (_name, type, message) => {
    expect(describeError({ type }).message).toBe(message);
  });

  it.each(['BillingCustomerMissing', 'BillingCustomerUnknown'] as const)(
    '%s is a 400 that asks the user to contact support',
    (type) => {
      const description = describeError({ type });
      expect(description.status).toBe(400);
      expect(description.message).toMatch(/contact support/i);
    },
  );

  it('gives every kind a unique UPPER_SNAKE code', () => {
    const codes = ERROR_EXAMPLES.map((error) => describeError(error).code);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
