import type { Result } from '@accounts/domain';
import type { AccountStateChange, AccountStateChangeError } from '../account-state/account-state-change.js';
import type { Ports } from '../ports.js';
import type { ReauthenticationInput } from '../reauthentication/reauthenticate.js';

/**
 * Deletes the account for good, from any state: USER_DELETE, the cancellations (revoked at once)
 * and the removal of the user (with everything that cascades from it) commit in one transaction.
 */
export class DeleteAccount {
  constructor(
    private readonly deps: Pick<Ports, 'logger'>,
    private readonly accountState: AccountStateChange,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, AccountStateChangeError>> {
    const deleted = await this.accountState.execute(input, {
      operation: 'delete-account',
      audit: (user) => ({ event: 'USER_DELETE', details: { email: user.email } }),
      cancellations: 'immediately',
    });
    if (deleted.ok) this.deps.logger.info({ event: 'USER_DELETE', userId: input.userId }, 'Account deleted');
    return deleted;
  }
}
