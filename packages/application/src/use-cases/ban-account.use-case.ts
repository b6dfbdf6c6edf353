import type { Result } from '@accounts/domain';
import type { AccountStateChange, AccountStateChangeError } from '../account-state/account-state-change.js';
import { ACCOUNT_STATE_CHANGES } from '../account-state/state-changes.js';
import type { ReauthenticationInput } from '../reauthentication/reauthenticate.js';

/** Bans an active account: flag, audit and the cancellations (at period end) commit together. */
export class BanAccount {
  constructor(private readonly accountState: AccountStateChange) {}

  execute(input: ReauthenticationInput): Promise<Result<void, AccountStateChangeError>> {
    return this.accountState.execute(input, ACCOUNT_STATE_CHANGES.ban);
  }
}
