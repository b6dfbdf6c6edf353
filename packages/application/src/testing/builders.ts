import { SSF_EVENTS_SUPPORTED, SSF_PUSH, type Entitlement } from '@accounts/domain';
import type { UserAccount } from '../ports.js';
import type { SsfStream } from '../ssf/ssf-streams.js';

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

/** An enabled push stream `id` of the receiver `rx-<id>`, taking every supported event. */
export function anSsfStream(id: string, overrides: Partial<SsfStream> = {}): SsfStream {
  const at = new Date('2026-01-01T00:00:00.000Z');
  return {
    id,
    receiver: `rx-${id}`,
    delivery: { method: SSF_PUSH, endpointUrl: `https://${id}.example/events`, authorizationHeader: null },
    eventsRequested: null,
    eventsDelivered: [...SSF_EVENTS_SUPPORTED],
    description: null,
    status: 'enabled',
    statusReason: null,
    lastVerificationAt: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
