import { ok, type Result } from '@accounts/domain';
import { queueCancellations } from '../outbox/queue-cancellations.js';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

/**
 * Deletes the account for good: USER_DELETE, the cancellations (revoked at once) and the removal
 * of the user (with everything that cascades from it) commit in one transaction.
 */
export class DeleteAccount {
  constructor(
    private readonly deps: Pick<Ports, 'billing' | 'unitOfWork' | 'logger'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, ReauthenticateError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const { id, email } = user.value;

    await this.deps.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({ userId: id, event: 'USER_DELETE', details: { email } });
      await queueCancellations(tx, this.deps, id, 'immediately');
      await tx.users.delete(id);
      return ok();
    });
    this.deps.logger.info({ event: 'USER_DELETE', userId: id }, 'Account deleted');
    return ok();
  }
}
