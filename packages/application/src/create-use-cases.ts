import {
  DEFAULT_DELIVERY_POLICY,
  DEFAULT_FAILURE_LIMIT,
  type DeliveryPolicy,
  type FailureLimitPolicy,
} from '@accounts/domain';
import { OutboxDelivery, type DeliveryObserver } from './outbox/outbox-delivery.js';
import { OutboxingUnitOfWork } from './outbox/outboxing-unit-of-work.js';
import type { Ports } from './ports.js';
import { FailureLimit } from './reauthentication/failure-limit.js';
import { Reauthenticate } from './reauthentication/reauthenticate.js';
import { SecondFactor } from './reauthentication/second-factor.js';
import { AuthorizeAccount } from './use-cases/authorize-account.use-case.js';
import { BanAccount } from './use-cases/ban-account.use-case.js';
import { ConfirmTwoFactor } from './use-cases/confirm-two-factor.use-case.js';
import { ConnectCustomDomain } from './use-cases/connect-custom-domain.use-case.js';
import { DeleteAccount } from './use-cases/delete-account.use-case.js';
import { DisableAccount } from './use-cases/disable-account.use-case.js';
import { DisableTwoFactor } from './use-cases/disable-two-factor.use-case.js';
import { DisconnectCustomDomain } from './use-cases/disconnect-custom-domain.use-case.js';
import { EnableAccount } from './use-cases/enable-account.use-case.js';
import { GetCustomDomain } from './use-cases/get-custom-domain.use-case.js';
import { OpenBillingPortal } from './use-cases/open-billing-portal.use-case.js';
import { SetUpTwoFactor } from './use-cases/set-up-two-factor.use-case.js';
import { UnbanAccount } from './use-cases/unban-account.use-case.js';

export type OutboxOptions = {
  policy?: DeliveryPolicy;
  /** How long a request's own billing entries are left to it; default 60 s. */
  leaseMs?: number;
  /** Called after a commit that queued entries for the worker: the worker's `wake`. */
  onQueued?: () => void;
  observer?: DeliveryObserver;
};

export type UseCaseOptions = { failureLimit?: FailureLimitPolicy; outbox?: OutboxOptions };

export const DEFAULT_LEASE_MS = 60_000;

/** The one factory the composition root and embedding services call. */
export function createUseCases(ports: Ports, options: UseCaseOptions = {}) {
  const outbox = options.outbox ?? {};
  const delivery = new OutboxDelivery(ports, outbox.policy ?? DEFAULT_DELIVERY_POLICY, outbox.observer);
  ports = {
    ...ports,
    unitOfWork: new OutboxingUnitOfWork(ports.unitOfWork, ports, delivery, {
      leaseMs: outbox.leaseMs ?? DEFAULT_LEASE_MS,
      ...(outbox.onQueued ? { onQueued: outbox.onQueued } : {}),
    }),
  };
  const failureLimit = new FailureLimit(ports, options.failureLimit ?? DEFAULT_FAILURE_LIMIT);
  const secondFactor = new SecondFactor(ports);
  const reauthenticate = new Reauthenticate(ports, failureLimit, secondFactor);
  return {
    authorizeAccount: new AuthorizeAccount(ports),
    setUpTwoFactor: new SetUpTwoFactor(ports),
    confirmTwoFactor: new ConfirmTwoFactor(ports, failureLimit, secondFactor),
    disableTwoFactor: new DisableTwoFactor(ports, failureLimit, secondFactor),
    getCustomDomain: new GetCustomDomain(ports),
    connectCustomDomain: new ConnectCustomDomain(ports),
    disconnectCustomDomain: new DisconnectCustomDomain(ports),
    disableAccount: new DisableAccount(ports, reauthenticate),
    enableAccount: new EnableAccount(ports, reauthenticate),
    banAccount: new BanAccount(ports, reauthenticate),
    unbanAccount: new UnbanAccount(ports, reauthenticate),
    deleteAccount: new DeleteAccount(ports, reauthenticate),
    openBillingPortal: new OpenBillingPortal(ports),
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
