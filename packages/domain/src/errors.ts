import { assertNever } from './result.js';

/** Every outcome a client can act on, as plain objects. */
export type DomainError =
  | { type: 'UserNotFound' }
  | { type: 'InvalidPassword' }
  | { type: 'TwoFactorCodeRequired' }
  | { type: 'TwoFactorSecretMissing' }
  | { type: 'InvalidTwoFactorCode' }
  | { type: 'TooManyAttempts'; retryAfterSeconds: number }
  | { type: 'InvalidVerificationCode' }
  | { type: 'DisableCodeRequired' }
  | { type: 'TwoFactorNotEnabled' }
  | { type: 'TwoFactorAlreadyEnabled' }
  | { type: 'InvalidSecret' }
  | { type: 'EnterprisePlanRequired' }
  | { type: 'InvalidDomainFormat' }
  | { type: 'DomainInUse' }
  | { type: 'AccountNotDisabled' }
  | { type: 'AccountNotBanned' }
  | { type: 'AccountDisabled' }
  | { type: 'AccountBanned' }
  | { type: 'BillingCustomerMissing' }
  | { type: 'BillingCustomerUnknown' }
  | { type: 'BillingCheckFailed' }
  | { type: 'CustomDomainNotSet' }
  | { type: 'VerificationCodeMissing' }
  | { type: 'InvalidPageLimit' }
  | { type: 'InvalidCursor' };

export type DomainErrorType = DomainError['type'];
export type ErrorOf<T extends DomainErrorType> = Extract<DomainError, { type: T }>;

export type ErrorDescription = { status: number; code: string; message: string };

/** Status, stable code and the specification's exact message for each error kind. */
export function describeError(error: DomainError): ErrorDescription {
  switch (error.type) {
    case 'UserNotFound':
      return { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' };
    case 'InvalidPassword':
      return { status: 401, code: 'INVALID_PASSWORD', message: 'Invalid password' };
    case 'TwoFactorCodeRequired':
      return { status: 401, code: 'TWO_FACTOR_CODE_REQUIRED', message: '2FA verification code is required' };
    case 'TwoFactorSecretMissing':
      return {
        status: 500,
        code: 'TWO_FACTOR_SECRET_MISSING',
        message: '2FA is enabled but secret is missing',
      };
    case 'InvalidTwoFactorCode':
      return { status: 401, code: 'INVALID_TWO_FACTOR_CODE', message: 'Invalid 2FA verification code' };
    case 'TooManyAttempts':
      return {
        status: 429,
        code: 'TOO_MANY_ATTEMPTS',
        message: `Too many failed attempts, retry in ${error.retryAfterSeconds} seconds`,
      };
    case 'InvalidVerificationCode':
      return { status: 400, code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code' };
    case 'DisableCodeRequired':
      return {
        status: 400,
        code: 'VERIFICATION_CODE_REQUIRED',
        message: '2FA verification code is required to disable 2FA',
      };
    case 'TwoFactorNotEnabled':
      return { status: 400, code: 'TWO_FACTOR_NOT_ENABLED', message: '2FA is not enabled' };
    case 'TwoFactorAlreadyEnabled':
      return { status: 400, code: 'TWO_FACTOR_ALREADY_ENABLED', message: '2FA is already enabled' };
    case 'InvalidSecret':
      return { status: 400, code: 'INVALID_SECRET', message: 'Invalid secret' };
    case 'EnterprisePlanRequired':
      return {
        status: 403,
        code: 'ENTERPRISE_PLAN_REQUIRED',
        message: 'Enterprise plan required for custom domains',
      };
    case 'InvalidDomainFormat':
      return { status: 400, code: 'INVALID_DOMAIN_FORMAT', message: 'Invalid domain format' };
    case 'DomainInUse':
      return { status: 409, code: 'DOMAIN_IN_USE', message: 'Domain is already in use' };
    case 'AccountNotDisabled':
      return { status: 400, code: 'ACCOUNT_NOT_DISABLED', message: 'Account is not disabled' };
    case 'AccountNotBanned':
      return { status: 400, code: 'ACCOUNT_NOT_BANNED', message: 'Account is not banned' };
    case 'AccountDisabled':
      return { status: 401, code: 'ACCOUNT_DISABLED', message: 'Account is disabled' };
    case 'AccountBanned':
      return { status: 401, code: 'ACCOUNT_BANNED', message: 'Account is banned' };
    case 'BillingCustomerMissing':
      return {
        status: 400,
        code: 'BILLING_CUSTOMER_MISSING',
        message: 'No billing customer ID found for this account. Please contact support.',
      };
    case 'BillingCustomerUnknown':
      return {
        status: 400,
        code: 'BILLING_CUSTOMER_NOT_FOUND',
        message: 'Customer not found at the billing provider. Please contact support.',
      };
    case 'BillingCheckFailed':
      return {
        status: 500,
        code: 'BILLING_CHECK_FAILED',
        message: 'Failed to verify customer. Please contact support.',
      };
    case 'CustomDomainNotSet':
      return { status: 404, code: 'CUSTOM_DOMAIN_NOT_SET', message: 'No custom domain is set' };
    case 'VerificationCodeMissing':
      return {
        status: 400,
        code: 'VERIFICATION_CODE_MISSING',
        message: '2FA verification code is required',
      };
    case 'InvalidPageLimit':
      return {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'limit must be a whole number from 1 to 100',
      };
    case 'InvalidCursor':
      return { status: 400, code: 'INVALID_CURSOR', message: 'Invalid cursor' };
    default:
      return assertNever(error);
  }
}

/** One example of every error kind, so that tables over all kinds stay complete. */
export const ERROR_EXAMPLES: readonly DomainError[] = [
  { type: 'UserNotFound' },
  { type: 'InvalidPassword' },
  { type: 'TwoFactorCodeRequired' },
  { type: 'TwoFactorSecretMissing' },
  { type: 'InvalidTwoFactorCode' },
  { type: 'TooManyAttempts', retryAfterSeconds: 60 },
  { type: 'InvalidVerificationCode' },
  { type: 'DisableCodeRequired' },
  { type: 'TwoFactorNotEnabled' },
  { type: 'TwoFactorAlreadyEnabled' },
  { type: 'InvalidSecret' },
  { type: 'EnterprisePlanRequired' },
  { type: 'InvalidDomainFormat' },
  { type: 'DomainInUse' },
  { type: 'AccountNotDisabled' },
  { type: 'AccountNotBanned' },
  { type: 'AccountDisabled' },
  { type: 'AccountBanned' },
  { type: 'BillingCustomerMissing' },
  { type: 'BillingCustomerUnknown' },
  { type: 'BillingCheckFailed' },
  { type: 'CustomDomainNotSet' },
  { type: 'VerificationCodeMissing' },
  { type: 'InvalidPageLimit' },
  { type: 'InvalidCursor' },
];
