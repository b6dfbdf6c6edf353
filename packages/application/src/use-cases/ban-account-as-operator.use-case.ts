import type { Result } from '@accounts/domain';
import type { AccountStateChange } from '../account-state/account-state-change.js';
import {
  changeStateAsOperator,
  type OperatorInput,
  type OperatorStateChangeError,
} from '../operator/operator-state-change.js';

/** An operator bans the account; its subscriptions are cancelled at period end. No password or second factor is asked. */
export class BanAccountAsOperator {
  constructor(private readonly accountState: AccountStateChange) {}

  execute(input: OperatorInput): Promise<Result<void, OperatorStateChangeError>> {
    return changeStateAsOperator(this.accountState, input, {
      operation: 'ban-account',
      audit: (user) => ({ event: 'USER_BAN', details: { email: user.email } }),
      cancellations: 'at-period-end',
    });
  }
}
