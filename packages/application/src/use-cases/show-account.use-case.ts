import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import { entitlementView, type AccountView } from '../operator/account-view.js';
import type { AccountRecord, Ports } from '../ports.js';

/** One account as an operator sees it, by id or by email (exact, case-insensitive). */
export class ShowAccount {
  constructor(private readonly deps: Pick<Ports, 'accounts' | 'passkeys'>) {}

  async execute(
    input: { userId: string } | { email: string },
  ): Promise<Result<AccountView, ErrorOf<'UserNotFound'>>> {
    const account =
      'userId' in input
        ? await this.deps.accounts.findById(input.userId)
        : await this.deps.accounts.findByEmail(input.email);
    if (!account) return err({ type: 'UserNotFound' });
    return ok(await this.view(account));
  }

  private async view(account: AccountRecord): Promise<AccountView> {
    const [entitlements, passkeys] = await Promise.all([
      this.deps.accounts.entitlementsOf(account.id),
      this.deps.passkeys.countByUser(account.id),
    ]);
    return { ...account, passkeys, entitlements: entitlements.map(entitlementView) };
  }
}
