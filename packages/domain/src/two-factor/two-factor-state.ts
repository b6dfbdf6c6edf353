import type { ErrorOf } from '../errors.js';
import { err, ok, type Result } from '../result.js';

export type TwoFactorState = { readonly enabled: boolean; readonly hasSecret: boolean };

/** Setting up or confirming while 2FA is on would let a token holder replace the second factor. */
export function checkCanEnable(state: TwoFactorState): Result<void, ErrorOf<'TwoFactorAlreadyEnabled'>> {
  return state.enabled ? err({ type: 'TwoFactorAlreadyEnabled' }) : ok();
}

export function checkCanDisable(state: TwoFactorState): Result<void, ErrorOf<'TwoFactorNotEnabled'>> {
  return state.enabled && state.hasSecret ? ok() : err({ type: 'TwoFactorNotEnabled' });
}
