import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';

/** A passkey as its owner sees it: never the credential id or the public key. */
export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

/** The caller's passkeys, oldest first. */
export class ListPasskeys {
  constructor(private readonly deps: Pick<Ports, 'users' | 'passkeys'>) {}

  async execute(input: { userId: string }): Promise<Result<PasskeySummary[], ErrorOf<'UserNotFound'>>> {
    const user = await this.deps.users.findById(input.userId);
    if (!user) return err({ type: 'UserNotFound' });
    const passkeys = await this.deps.passkeys.listByUser(user.id);
    return ok(passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })));
  }
}
