import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { PasskeyCeremony, UnitOfWork } from '../ports.js';

/**
 * Keeps a new challenge for the caller in a unit of work that takes the account's row first (the
 * lock order of an account's writes), so that options asked for beside a delete-account wait for
 * it and then answer UserNotFound, instead of failing on the challenge's foreign key.
 */
export function keepPasskeyChallenge(
  unitOfWork: UnitOfWork,
  challenge: { userId: string; ceremony: PasskeyCeremony; challenge: string; expiresAt: Date },
): Promise<Result<null, ErrorOf<'UserNotFound'>>> {
  return unitOfWork.run(async (tx): Promise<Result<null, ErrorOf<'UserNotFound'>>> => {
    if (!(await tx.users.lock(challenge.userId))) return err({ type: 'UserNotFound' });
    await tx.passkeyChallenges.save(challenge);
    return ok(null);
  });
}
