import { ok, unbanAccount, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

export type UnbanAccountError = ReauthenticateError | ErrorOf<'AccountNotBanned'>;

/** Lifts a ban; billing is not touched. */
export class UnbanAccount {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, UnbanAccountError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const unbanned = unbanAccount(user.value);
    if (!unbanned.ok) return unbanned;

    return this.deps.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({
        userId: user.value.id,
        event: 'USER_UPDATE',
        details: { action: 'account_unbanned' },
      });
      await tx.users.setFlags(user.value.id, { banned: unbanned.value.banned });
      return ok();
    });
  }
}
