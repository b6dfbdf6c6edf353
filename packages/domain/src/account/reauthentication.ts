import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';

export type ReauthenticationError = ErrorOf<
  | 'UserNotFound'
  | 'InvalidPassword'
  | 'TwoFactorCodeRequired'
  | 'TwoFactorSecretMissing'
  | 'InvalidTwoFactorCode'
>;

/** What is known about one re-authentication attempt; the checks themselves run elsewhere. */
export type ReauthenticationFacts = {
  account: { hasPasswordHash: boolean; twoFactorEnabled: boolean; hasTwoFactorSecret: boolean } | null;
  passwordMatches: boolean;
  codeProvided: boolean;
  codeMatches: boolean;
};

/**
 * The ordered checks shared by disable, enable, ban, unban and delete (specification 4.5, steps
 * 1 to 3): the first that fails decides the answer.
 */
export function checkReauthentication(facts: ReauthenticationFacts): Result<void, ReauthenticationError> {
  const { account } = facts;
  if (!account || !account.hasPasswordHash) return err({ type: 'UserNotFound' });
  if (!facts.passwordMatches) return err({ type: 'InvalidPassword' });
  if (!account.twoFactorEnabled) return ok();
  if (!facts.codeProvided) return err({ type: 'TwoFactorCodeRequired' });
  if (!account.hasTwoFactorSecret) return err({ type: 'TwoFactorSecretMissing' });
  if (!facts.codeMatches) return err({ type: 'InvalidTwoFactorCode' });
  return ok();
}

/** A refusal that counts towards the per-account failure limit. */
export function isCredentialFailure(error: { type: string }): boolean {
  return (
    error.type === 'InvalidPassword' ||
    error.type === 'InvalidTwoFactorCode' ||
    error.type === 'InvalidVerificationCode'
  );
}
