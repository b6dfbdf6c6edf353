import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

export type RemovePasskeyError = ReauthenticateError | ErrorOf<'PasskeyNotFound'>;

/**
 * Removes one of the caller's passkeys after the account operations' re-authentication (password,
 * then the second factor). PASSKEY_REMOVE is audited with it.
 */
export class RemovePasskey {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(
    input: ReauthenticationInput & { passkeyId: string },
  ): Promise<Result<void, RemovePasskeyError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    const userId = user.value.id;
    return this.deps.unitOfWork.run(async (tx): Promise<Result<void, RemovePasskeyError>> => {
      const removed = await tx.passkeys.remove(userId, input.passkeyId);
      if (!removed) return err({ type: 'PasskeyNotFound' });
      await tx.auditLog.append({
        userId,
        event: 'PASSKEY_REMOVE',
        details: { passkeyId: removed.id, name: removed.name },
        removedPasskeyTransports: removed.transports,
      });
      return ok();
    });
  }
}
