import { disableAccount, ok, type Result } from '@accounts/domain';
import { queueCancellations } from '../outbox/queue-cancellations.js';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

/** Suspends the account: audit, flag and the cancellations (at period end) commit together. */
export class DisableAccount {
  constructor(
    private readonly deps: Pick<Ports, 'billing' | 'unitOfWork' | 'logger'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, ReauthenticateError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const { id, email } = user.value;

    return this.deps.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({ userId: id, event: 'USER_DISABLE', details: { email } });
      await tx.users.setFlags(id, { disabled: disableAccount(user.value).disabled });
      await queueCancellations(tx, this.deps, id, 'at-period-end');
      return ok();
    });
  }
}
