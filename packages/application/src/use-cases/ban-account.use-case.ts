import { banAccount, ok, type Result } from '@accounts/domain';
import { cancelSubscriptions } from '../cancel-subscriptions.js';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

/** Bans the account: subscriptions are cancelled at period end, then audit and flag together. */
export class BanAccount {
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
      await tx.auditLog.append({ userId: id, event: 'USER_BAN', details: { email } });
      await tx.users.setFlags(id, { banned: banAccount(user.value).banned });
      return ok();
    });
  }
}
