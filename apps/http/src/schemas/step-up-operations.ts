/**
 * The operations a deployment may list in `STEP_UP_OPERATIONS` (RFC 9470): every operation that
 * takes a user's token through the one gate. Operator routes (client-credentials tokens, with no
 * sign-in behind them) and the probes are not among them. A test holds the list to the OpenAPI
 * description.
 */
export const STEP_UP_OPERATION_IDS = [
  'manageTwoFactor',
  'getTwoFactorStatus',
  'regenerateBackupCodes',
  'getCustomDomain',
  'connectCustomDomain',
  'disconnectCustomDomain',
  'getDomainVerification',
  'verifyCustomDomain',
  'listSecurityEvents',
  'disableAccount',
  'enableAccount',
  'banAccount',
  'unbanAccount',
  'deleteAccount',
  'openBillingPortal',
  'getPasskeyRegistrationOptions',
  'registerPasskey',
  'listPasskeys',
  'getPasskeyAuthenticationOptions',
  'removePasskey',
  'exportAccount',
  'listSessions',
  'revokeCurrentSession',
  'revokeSession',
  'revokeOtherSessions',
  'signOutEverywhere',
] as const;

export const isStepUpOperation = (value: string) =>
  (STEP_UP_OPERATION_IDS as readonly string[]).includes(value);
