import {
  customDomainOf,
  domainVerificationView,
  DROP_SERVICE,
  err,
  ok,
  type DomainVerificationView,
  type ErrorOf,
  type Result,
} from '@accounts/domain';
import { currentVerification } from '../domain-verification-check.js';
import type { Ports } from '../ports.js';

export type GetDomainVerificationError = ErrorOf<'UserNotFound' | 'CustomDomainNotSet'>;

/** The DNS record that proves control of the connected domain, and where its check stands. */
export class GetDomainVerification {
  constructor(
    private readonly deps: Pick<Ports, 'entitlements' | 'domainVerifications' | 'random' | 'clock'>,
  ) {}

  async execute(input: {
    userId: string;
  }): Promise<Result<DomainVerificationView, GetDomainVerificationError>> {
    const { flags, entitlement } = await this.deps.entitlements.findWithAccountFlags(
      input.userId,
      DROP_SERVICE,
    );
    if (!flags) return err({ type: 'UserNotFound' });
    const domain = customDomainOf(entitlement);
    if (domain === null) return err({ type: 'CustomDomainNotSet' });
    const verification = await currentVerification(this.deps, input.userId, {
      name: domain,
      verified: entitlement?.metadata?.customDomainVerified === true,
    });
    return ok(domainVerificationView(verification));
  }
}
