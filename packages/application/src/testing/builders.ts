import type { Entitlement } from '@accounts/domain';
import type { UserAccount } from '../ports.js';

let sequence = 0;

export function aUser(overrides: Partial<UserAccount> = {}): UserAccount {
  sequence++;
  return {
    id: `user-${sequence}`,
    email: `user${sequence}@example.com`,
    displayName: `User ${sequence}`,
    passwordHash: 'fake-hash:correct horse',
    twoFactorEnabled: false,
    twoFactorSecret: null,
    twoFactorLastStep: null,
    disabled: false,
    banned: false,
    ...overrides,
  };
}

export function aDropEntitlement(userId: string, overrides: Partial<Entitlement> = {}): Entitlement {
  return {
    userId,
    service: 'DROP',
    tier: 'enterprise',
    billingSubscriptionId: null,
    billingCustomerId: null,
    metadata: null,
    ...overrides,
  };
}
