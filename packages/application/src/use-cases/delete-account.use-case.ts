import { ok, type Result } from '@accounts/domain';
import { cancelSubscriptions } from '../cancel-subscriptions.js';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

/**
 * Deletes the account for good: subscriptions are revoked at once, then USER_DELETE is written
 * and the user removed (with everything that cascades from it) in one transaction.
 */
export class DeleteAccount {
  constructor(
    private readonly deps: Pick<Ports, 'entitlements' | 'billing' | 'unitOfWork' | 'logger'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, ReauthenticateError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const { id, email } = user.value;

    await cancelSubscriptions(this.deps, id, 'immediately');
    await this.deps.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({ userId: id, event: 'USER_DELETE', details: { email } });
      await tx.users.delete(id);
      return ok();
    });
    this.deps.logger.info({ event: 'USER_DELETE', userId: id }, 'Account deleted');
    return ok();
  }
}
