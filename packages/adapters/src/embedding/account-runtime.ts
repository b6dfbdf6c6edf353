import {
  createUseCases,
  OutboxDelivery,
  OutboxWorker,
  type AuthCheckObserver,
  type DeliveryObserver,
  type OutboxChannel,
  type Ports,
  type ProviderLogoutOptions,
  type UseCases,
} from '@accounts/application';
import {
  DEFAULT_DELIVERY_POLICY,
  DEFAULT_DOMAIN_VERIFICATION_POLICY,
  type FailureLimitPolicy,
} from '@accounts/domain';
import { PeriodicTask } from './periodic-task.js';

/** DELIVERY_POLL_MS's default. */
export const DEFAULT_DELIVERY_POLL_MS = 1_000;
/** Added to twice the longest attempt: how long a claimed outbox entry is left to its claimer. */
const LEASE_MARGIN_MS = 1_000;

/** The use cases' policies: every part has the default of docs/operations.md. */
export type AccountRuntimeOptions = {
  /** AUTH_MAX_FAILURES, AUTH_FAILURE_WINDOW_MS, AUTH_MAX_ACCOUNT_FAILURES. */
  failureLimit?: Partial<FailureLimitPolicy>;
  /** TWO_FACTOR_REQUIRE_PASSWORD; default false. */
  twoFactorRequiresPassword?: boolean;
  /** DOMAIN_RECHECK_MS, DOMAIN_VERIFICATION_TTL_MS. */
  domainVerification?: { recheckMs?: number; ttlMs?: number };
  /** DELIVERY_RETRY_BASE_MS, DELIVERY_RETRY_MAX_MS, DELIVERY_POLL_MS, WEBHOOK_MAX_AGE_MS. */
  delivery?: { retryBaseMs?: number; retryMaxMs?: number; pollMs?: number; webhookMaxAgeMs?: number };
  /** Told of failed checks and locks (metrics). */
  authChecks?: AuthCheckObserver;
  /** Told of every delivery attempt (metrics). */
  deliveryObserver?: DeliveryObserver;
  /**
   * Outbox channels beside the built-in two (billing cancellations, webhooks), each of a kind of
   * its own: queued for every audited change, delivered by the worker (the embedding guide).
   */
  channels?: readonly OutboxChannel[];
  /** The identity provider's back-channel logout (OIDC_LOGOUT_AUDIENCE); none: off. */
  providerLogout?: ProviderLogoutOptions;
  /** Wraps the use cases before the re-check uses them (the HTTP service counts executions). */
  wrap?: (useCases: UseCases) => UseCases;
};

export type AccountRuntime = {
  useCases: UseCases;
  /** Delivers the outbox (billing cancellations, webhooks, the extra channels) with retries. */
  outboxWorker: OutboxWorker;
  /** Re-checks pending custom domains every `recheckMs`. */
  domainRecheck: PeriodicTask;
  /** Starts the outbox worker and the domain re-check. */
  start(): void;
};

/**
 * The use cases over `ports`, with the two pieces of background work a running service needs: the
 * outbox worker (woken after each commit that queued something) and the re-check of pending
 * custom domains. Nothing runs until `start()`; stop `domainRecheck`, then `outboxWorker`.
 */
export function createAccountRuntime(
  ports: Ports,
  timeouts: { billingMs: number; webhookMs: number },
  options: AccountRuntimeOptions = {},
): AccountRuntime {
  const delivery = options.delivery ?? {};
  const policy = {
    retryBaseMs: delivery.retryBaseMs ?? DEFAULT_DELIVERY_POLICY.retryBaseMs,
    retryMaxMs: delivery.retryMaxMs ?? DEFAULT_DELIVERY_POLICY.retryMaxMs,
    webhookMaxAgeMs: delivery.webhookMaxAgeMs ?? DEFAULT_DELIVERY_POLICY.webhookMaxAgeMs,
  };
  const leaseMs = 2 * Math.max(timeouts.billingMs, timeouts.webhookMs) + LEASE_MARGIN_MS;
  const observer = options.deliveryObserver;
  const channels = options.channels ?? [];
  const outboxWorker = new OutboxWorker(ports, new OutboxDelivery(ports, policy, observer, channels), {
    pollMs: delivery.pollMs ?? DEFAULT_DELIVERY_POLL_MS,
    leaseMs,
  });
  const verification = {
    recheckMs: options.domainVerification?.recheckMs ?? DEFAULT_DOMAIN_VERIFICATION_POLICY.recheckMs,
    ttlMs: options.domainVerification?.ttlMs ?? DEFAULT_DOMAIN_VERIFICATION_POLICY.ttlMs,
  };
  const created = createUseCases(ports, {
    ...(options.failureLimit ? { failureLimit: options.failureLimit } : {}),
    twoFactorRequiresPassword: options.twoFactorRequiresPassword ?? false,
    domainVerification: verification,
    ...(options.authChecks ? { authChecks: options.authChecks } : {}),
    ...(options.providerLogout ? { providerLogout: options.providerLogout } : {}),
    outbox: {
      policy,
      leaseMs,
      onQueued: () => outboxWorker.wake(),
      ...(observer ? { observer } : {}),
      channels,
    },
  });
  const useCases = options.wrap ? options.wrap(created) : created;
  const { logger } = ports;
  const domainRecheck = new PeriodicTask(
    async () => {
      const summary = await useCases.recheckPendingDomains.execute();
      if (summary.checked > 0 || summary.expired > 0)
        logger.info(summary, 'Pending custom domains re-checked');
    },
    verification.recheckMs,
    (error: unknown) => logger.error({ err: error }, 'Re-check of pending custom domains failed'),
  );
  return {
    useCases,
    outboxWorker,
    domainRecheck,
    start() {
      domainRecheck.start();
      outboxWorker.start();
    },
  };
}
