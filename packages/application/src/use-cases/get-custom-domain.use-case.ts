import {
  customDomainView,
  DROP_SERVICE,
  err,
  ok,
  type CustomDomainView,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import type { Ports } from '../ports.js';

export type GetCustomDomainError = ErrorOf<'UserNotFound'>;

/** The custom domain of the DROP entitlement, read after the gate (AuthorizeAccount) let the caller in. */
export class GetCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements'>) {}

  async execute(input: { userId: string }): Promise<Result<CustomDomainView, GetCustomDomainError>> {
    const { flags, metadata } = await this.deps.entitlements.findMetadataWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    return ok(customDomainView(metadata));
  }
}
