import { enableAccount, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

export type EnableAccountError = ReauthenticateError | ErrorOf<'AccountNotDisabled'>;

/** Re-enables a disabled account; billing is not touched. */
export class EnableAccount {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(input: ReauthenticationInput): Promise<Result<void, EnableAccountError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const enabled = enableAccount(user.value);
    if (!enabled.ok) return enabled;

    return this.deps.unitOfWork.run(async (tx) => {
      await tx.auditLog.append({
        userId: user.value.id,
        event: 'USER_UPDATE',
        details: { action: 'account_enabled' },
      });
      await tx.users.setFlags(user.value.id, { disabled: enabled.value.disabled });
      return ok();
    });
  }
}
