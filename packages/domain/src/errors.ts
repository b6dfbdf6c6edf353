/** Every outcome a client can act on, as plain objects; how a transport answers each is its own. */
export type DomainError =
  | { type: 'UserNotFound' }
  | { type: 'InvalidPassword' }
  | { type: 'PasswordRequired' }
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
  | { type: 'InvalidCursor' }
  | { type: 'InvalidPasskeyResponse' }
  | { type: 'PasskeyAlreadyRegistered' }
  | { type: 'TooManyPasskeys' }
  | { type: 'NoPasskeyRegistered' }
  | { type: 'PasskeyNotFound' }
  | { type: 'AccountAlreadyDisabled' }
  | { type: 'AccountAlreadyBanned' }
  | { type: 'InvalidReason' }
  | { type: 'SessionRevoked' }
  | { type: 'InsufficientUserAuthentication' }
  | { type: 'SessionNotFound' };

export type DomainErrorType = DomainError['type'];
export type ErrorOf<T extends DomainErrorType> = Extract<DomainError, { type: T }>;
