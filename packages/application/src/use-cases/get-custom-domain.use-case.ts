import { customDomainView, DROP_SERVICE, type CustomDomainView } from '@accounts/domain';
import type { Ports } from '../ports.js';

export class GetCustomDomain {
  constructor(private readonly deps: Pick<Ports, 'entitlements'>) {}

  async execute(input: { userId: string }): Promise<CustomDomainView> {
    return customDomainView(await this.deps.entitlements.findByService(input.userId, DROP_SERVICE));
  }
}
