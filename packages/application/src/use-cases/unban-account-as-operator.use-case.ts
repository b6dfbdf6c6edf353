import type { Result } from '@accounts/domain';
import type { AccountStateChange } from '../account-state/account-state-change.js';
import {
  changeStateAsOperator,
  type OperatorInput,
  type OperatorStateChangeError,
} from '../operator/operator-state-change.js';

/** An operator lifts a ban; billing is not touched. No password or second factor is asked. */
export class UnbanAccountAsOperator {
  constructor(private readonly accountState: AccountStateChange) {}

  execute(input: OperatorInput): Promise<Result<void, OperatorStateChangeError>> {
    return changeStateAsOperator(this.accountState, input, {
      operation: 'unban-account',
      audit: () => ({ event: 'USER_UPDATE', details: { action: 'account_unbanned' } }),
    });
  }
}
