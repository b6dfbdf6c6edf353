import { setTimeout as sleep } from 'node:timers/promises';
import type { BillingGateway, CancellationMode, Logger } from '@accounts/application';
import type { DeliveryOutcome } from '@accounts/domain';

export type BillingServer = 'sandbox' | 'production';

/** Polar's public endpoints: the API of each server, and the portal (its host gets `sandbox-` in sandbox mode). */
export const BILLING_DEFAULTS = {
  apiUrl: { production: 'https://api.polar.sh', sandbox: 'https://sandbox-api.polar.sh' },
  portalUrl: 'https://polar.sh',
} as const;

export function defaultBillingApiUrl(server: BillingServer): string {
  return BILLING_DEFAULTS.apiUrl[server];
}

export type HttpBillingGatewayOptions = {
  /** BILLING_ACCESS_TOKEN; unset or empty: the gateway is not configured and sends nothing. */
  accessToken?: string;
  server: BillingServer;
  /** BILLING_API_URL; default: the server's (defaultBillingApiUrl), else used as given (no sandbox prefix). */
  apiUrl?: string;
  /** BILLING_PORTAL_URL; default BILLING_DEFAULTS.portalUrl. Its host gets `sandbox-` in sandbox mode. */
  portalUrl?: string;
  /** Bounds every call, retries included. */
  timeoutMs: number;
  logger?: Logger;
};

const ALREADY_GONE = new Set([404, 409, 422]);
const MAX_ATTEMPTS = 4;
const FIRST_BACKOFF_MS = 100;

/** One failed attempt: whether another may help, and what to say about it (never the token). */
type Failure = { transient: boolean; problem: string; retryAfterMs?: number };

/**
 * Polar's REST API: customer lookup for the portal redirect, and subscription cancellation
 * (DELETE revokes at once, PATCH `cancel_at_period_end` ends at the paid period's end).
 */
export class HttpBillingGateway implements BillingGateway {
  readonly isConfigured: boolean;
  private readonly accessToken: string;
  private readonly apiUrl: string;
  private readonly portalBase: string;
  private readonly timeoutMs: number;
  private readonly logger: Logger | undefined;

  constructor(options: HttpBillingGatewayOptions) {
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new RangeError('Billing timeout must be a positive number of milliseconds');
    }
    this.accessToken = options.accessToken ?? '';
    this.isConfigured = this.accessToken.length > 0;
    this.apiUrl = withoutTrailingSlash(new URL(options.apiUrl ?? defaultBillingApiUrl(options.server)).href);
    this.portalBase = portalBase(
      options.portalUrl ?? BILLING_DEFAULTS.portalUrl,
      options.server === 'sandbox',
    );
    this.timeoutMs = options.timeoutMs;
    this.logger = options.logger;
  }

  async findCustomer(customerId: string): Promise<'found' | 'not-found'> {
    this.requireToken();
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await this.send('GET', `/v1/customers/${encodeURIComponent(customerId)}`, signal);
    } catch (error) {
      throw new Error(`Billing provider customer lookup failed: ${this.describe(error, signal)}`, {
        cause: error,
      });
    }
    await discardBody(response);
    return response.ok ? 'found' : 'not-found';
  }

  /**
   * Never throws for the provider's answer: 2xx and already gone (404, 409, 422) are done;
   * network errors, timeouts, 429 and 5xx are transient; any other status is permanent.
   */
  async cancelSubscription(subscriptionId: string, mode: CancellationMode): Promise<DeliveryOutcome> {
    this.requireToken();
    const path = `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`;
    const started = performance.now();
    const signal = AbortSignal.timeout(this.timeoutMs); // one deadline for every attempt and pause
    let failure: Failure = { transient: false, problem: 'not attempted' };

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        const response =
          mode === 'immediately'
            ? await this.send('DELETE', path, signal)
            : await this.send('PATCH', path, signal, { cancel_at_period_end: true });
        await discardBody(response);
        if (response.ok) return { outcome: 'done', note: 'cancelled' };
        if (ALREADY_GONE.has(response.status)) return { outcome: 'done', note: 'already-gone' };
        failure = {
          transient: response.status === 429 || response.status >= 500,
          problem: `HTTP ${response.status}`,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        };
      } catch (error) {
        failure = { transient: true, problem: this.describe(error, signal) };
        if (signal.aborted) break;
      }
      if (!failure.transient || attempt === MAX_ATTEMPTS) break;

      const pause = Math.max(FIRST_BACKOFF_MS * 2 ** (attempt - 1), failure.retryAfterMs ?? 0);
      const remaining = this.timeoutMs - (performance.now() - started);
      if (pause >= remaining) break; // no time left for another attempt
      this.logger?.warn(
        { subscriptionId, attempt, problem: failure.problem, retryInMs: pause },
        'Billing provider cancellation failed; retrying',
      );
      try {
        await sleep(pause, undefined, { signal });
      } catch {
        failure = { transient: true, problem: `timed out after ${this.timeoutMs} ms` };
        break;
      }
    }
    return failure.transient
      ? { outcome: 'transient', problem: failure.problem }
      : { outcome: 'permanent', problem: failure.problem };
  }

  portalUrl(customerId: string): string {
    return `${this.portalBase}/portal/${encodeURIComponent(customerId)}`;
  }

  private requireToken(): void {
    if (!this.isConfigured) throw new Error('Billing access token is not configured');
  }

  private async send(method: string, path: string, signal: AbortSignal, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.accessToken}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${this.apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal,
      redirect: 'error', // never replay the bearer token to another address
    });
  }

  /** A short account of a thrown request, built from error codes only, never echoing a header. */
  private describe(error: unknown, signal: AbortSignal): string {
    if (signal.aborted) return `timed out after ${this.timeoutMs} ms`;
    const cause = error instanceof Error ? error.cause : undefined;
    const code = hasCode(cause) ? cause.code : hasCode(error) ? error.code : undefined;
    return code ? `network error (${code})` : 'network error';
  }
}

function portalBase(configured: string, sandbox: boolean): string {
  const url = new URL(configured);
  if (sandbox) url.hostname = `sandbox-${url.hostname}`;
  return `${url.origin}${withoutTrailingSlash(url.pathname)}`;
}

function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

/** Frees the connection: the answer's content is never needed. */
async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // already closed
  }
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim()) * 1000;
}

function hasCode(value: unknown): value is { code: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string'
  );
}
