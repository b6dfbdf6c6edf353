/**
 * The service's channels' kinds: a billing cancellation, an account-event webhook, an SSF SET. Other channels
 * add kinds of their own (the application's `OutboxPayloads`).
 */
export type OutboxKind = 'billing.cancel' | 'webhook' | 'ssf';
export const OUTBOX_KINDS: readonly OutboxKind[] = ['billing.cancel', 'webhook', 'ssf'];

export type OutboxStatus = 'pending' | 'done' | 'failed';
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['pending', 'done', 'failed'];

/** DELIVERY_RETRY_BASE_MS, DELIVERY_RETRY_MAX_MS and WEBHOOK_MAX_AGE_MS. */
export type DeliveryPolicy = { retryBaseMs: number; retryMaxMs: number; webhookMaxAgeMs: number };

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryBaseMs: 5_000,
  retryMaxMs: 3_600_000,
  webhookMaxAgeMs: 259_200_000,
};

/**
 * One attempt's result: `done` (confirmed, or nothing left to do), `transient` (worth another
 * try), `permanent` (another try cannot help) or `held` (not a failure: nothing to send now; kept
 * until the channel's age limit, unless something makes it due sooner).
 */
export type DeliveryOutcome =
  | { outcome: 'done'; note: string }
  | { outcome: 'transient'; problem: string }
  | { outcome: 'permanent'; problem: string }
  | { outcome: 'held'; reason: string };

/**
 * Where an entry goes after an attempt. A retry is due `retryInMs` after the outcome is recorded
 * (counted on the store's clock, which decides what is due).
 */
export type NextState =
  | { status: 'done' }
  | { status: 'failed'; error: string }
  | { status: 'pending'; error: string; retryInMs: number };

/**
 * The pause before retry number `attempt` (1 = the first retry): DELIVERY_RETRY_BASE_MS doubling,
 * spread ±25 % by `jitter` (uniform in [0, 1)) so that entries failed together do not retry
 * together, never shorter than the base nor longer than the maximum.
 */
export function retryDelayMs(attempt: number, policy: DeliveryPolicy, jitter: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 52);
  const delay = Math.min(policy.retryBaseMs * 2 ** exponent, policy.retryMaxMs);
  const spread = delay * (1 + (jitter - 0.5) / 2);
  return Math.round(Math.min(Math.max(spread, policy.retryBaseMs), policy.retryMaxMs));
}

/**
 * The state after attempt number `attempts` (counting this one) of an entry created at
 * `createdAt`: transient failures are retried until `maxAgeMs` after the change (null: without
 * end; each channel says which), a permanent failure ends it.
 */
export function stateAfterAttempt(
  entry: { createdAt: Date; attempts: number },
  result: DeliveryOutcome,
  context: { now: Date; policy: DeliveryPolicy; jitter: number; maxAgeMs: number | null },
): NextState {
  switch (result.outcome) {
    case 'done':
      return { status: 'done' };
    case 'permanent':
      return { status: 'failed', error: result.problem };
    case 'held': {
      const age = context.now.getTime() - entry.createdAt.getTime();
      if (context.maxAgeMs === null) {
        return { status: 'pending', error: result.reason, retryInMs: context.policy.retryMaxMs };
      }
      if (age >= context.maxAgeMs) {
        return { status: 'failed', error: `${result.reason} (given up after ${age} ms)` };
      }
      return { status: 'pending', error: result.reason, retryInMs: context.maxAgeMs - age };
    }
    case 'transient': {
      const age = context.now.getTime() - entry.createdAt.getTime();
      if (context.maxAgeMs !== null && age >= context.maxAgeMs) {
        return { status: 'failed', error: `${result.problem} (given up after ${age} ms)` };
      }
      return {
        status: 'pending',
        error: result.problem,
        retryInMs: retryDelayMs(entry.attempts, context.policy, context.jitter),
      };
    }
  }
}

const PLAIN_BILLING_IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/;

/** Billing ids that are not plain identifiers never go into a provider URL (`..` would climb). */
export function isPlainBillingIdentifier(id: string): boolean {
  return PLAIN_BILLING_IDENTIFIER.test(id);
}
