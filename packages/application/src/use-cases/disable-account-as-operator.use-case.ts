import type { Result } from '@accounts/domain';
import type { AccountStateChange } from '../account-state/account-state-change.js';
import {
  changeStateAsOperator,
  type OperatorInput,
  type OperatorStateChangeError,
} from '../operator/operator-state-change.js';

/** An operator suspends the account; its subscriptions are cancelled at period end. No password or second factor is asked. */
export class DisableAccountAsOperator {
  constructor(private readonly accountState: AccountStateChange) {}

  execute(input: OperatorInput): Promise<Result<void, OperatorStateChangeError>> {
    return changeStateAsOperator(this.accountState, input, {
      operation: 'disable-account',
      audit: (user) => ({ event: 'USER_DISABLE', details: { email: user.email } }),
      cancellations: 'at-period-end',
    });
  }
}
