import type { Result } from '@accounts/domain';
import type { AccountStateChange, AccountStateChangeError } from '../account-state/account-state-change.js';
import { ACCOUNT_STATE_CHANGES } from '../account-state/state-changes.js';
import type { ReauthenticationInput } from '../reauthentication/reauthenticate.js';

/** Re-enables a disabled account; billing is not touched. */
export class EnableAccount {
  constructor(private readonly accountState: AccountStateChange) {}

  execute(input: ReauthenticationInput): Promise<Result<void, AccountStateChangeError>> {
    return this.accountState.execute(input, ACCOUNT_STATE_CHANGES.enable);
  }
}
