import { disableAccount, ok, type Result } from '@accounts/domain';
import { cancelSubscriptions } from '../cancel-subscriptions.js';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

/** Suspends the account: subscriptions are cancelled at period end, then audit and flag together. */
export class DisableAccount {
  constructor(
    private readonly deps: Pick<Ports, 'entitlements' | 'billing' | 'unitOfWork' | 'logger'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, ReauthenticateError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const { id, email } = user.value;

    await cancelSubscriptions(this.deps, id, 'at-period-end');
    return this.deps.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({ userId: id, event: 'USER_DISABLE', details: { email } });
      await tx.users.setFlags(id, { disabled: disableAccount(user.value).disabled });
      return ok();
    });
  }
}
