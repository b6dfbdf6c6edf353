import { mayCall, ok, type AccountOperation, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';

export type AuthorizeAccountError = ErrorOf<'AccountDisabled' | 'AccountBanned'>;

/**
 * The gate after the token verifies: a disabled or banned account may call only what the domain
 * allows. A user that no longer exists passes; the operation answers UserNotFound itself.
 */
export class AuthorizeAccount {
  constructor(private readonly deps: Pick<Ports, 'users'>) {}

  async execute(input: {
    userId: string;
    operation: AccountOperation;
  }): Promise<Result<void, AuthorizeAccountError>> {
    const flags = await this.deps.users.findFlags(input.userId);
    return flags ? mayCall(flags, input.operation) : ok();
  }
}
