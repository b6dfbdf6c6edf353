import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';

export type TwoFactorState = { readonly enabled: boolean; readonly hasSecret: boolean };

export type TwoFactorRequest = {
  enable: boolean;
  secret?: string | undefined;
  verificationCode?: string | undefined;
};

export type TwoFactorRequestKind = 'set-up' | 'confirm' | 'disable';

/** Which of the three cases of POST /api/auth/2fa a request is; an empty value counts as absent. */
export function twoFactorRequestKind(request: TwoFactorRequest): TwoFactorRequestKind {
  if (!request.enable) return 'disable';
  return request.secret && request.verificationCode ? 'confirm' : 'set-up';
}

/** Setting up or confirming while 2FA is on would let a token holder replace the second factor. */
export function checkCanEnable(state: TwoFactorState): Result<void, ErrorOf<'TwoFactorAlreadyEnabled'>> {
  return state.enabled ? err({ type: 'TwoFactorAlreadyEnabled' }) : ok();
}

export function checkCanDisable(state: TwoFactorState): Result<void, ErrorOf<'TwoFactorNotEnabled'>> {
  return state.enabled && state.hasSecret ? ok() : err({ type: 'TwoFactorNotEnabled' });
}
