import type { WebhookSender } from '@accounts/application';
import type { DeliveryOutcome } from '@accounts/domain';
import { Webhook } from 'standardwebhooks';

export type HttpWebhookSenderOptions = {
  /** WEBHOOK_URL; unset: not configured, nothing is sent. */
  url?: string | null;
  /** WEBHOOK_SECRET: `whsec_` and the base64 of at least 24 random bytes. */
  secret?: string | null;
  /** WEBHOOK_TIMEOUT_MS: bounds each attempt. */
  timeoutMs: number;
};

const SECRET_PREFIX = 'whsec_';
export const MIN_WEBHOOK_SECRET_BYTES = 24;

/** `whsec_` followed by standard base64 of at least 24 bytes, as Standard Webhooks secrets are. */
export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(SECRET_PREFIX)) return false;
  const encoded = value.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return false;
  return Buffer.from(encoded, 'base64').length >= MIN_WEBHOOK_SECRET_BYTES;
}

/**
 * Account-event webhooks as Standard Webhooks specify them: a POST of the JSON body with
 * `webhook-id`, `webhook-timestamp` (this attempt) and `webhook-signature`, signed by the
 * `standardwebhooks` library. Redirects are not followed; only a 2xx counts as delivered.
 */
export class HttpWebhookSender implements WebhookSender {
  readonly isConfigured: boolean;
  private readonly url: string;
  private readonly signer: Webhook | null;
  private readonly timeoutMs: number;

  constructor(options: HttpWebhookSenderOptions) {
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new RangeError('Webhook timeout must be a positive number of milliseconds');
    }
    this.url = options.url ?? '';
    this.isConfigured = this.url.length > 0;
    if (this.isConfigured && !isWebhookSecret(options.secret ?? '')) {
      throw new Error(
        `A webhook secret (${SECRET_PREFIX} and at least ${MIN_WEBHOOK_SECRET_BYTES} bytes in base64) is required with a webhook URL`,
      );
    }
    this.signer = this.isConfigured ? new Webhook(options.secret ?? '') : null;
    this.timeoutMs = options.timeoutMs;
  }

  async send(message: { id: string; body: string }): Promise<DeliveryOutcome> {
    if (!this.signer) throw new Error('Webhooks are not configured');
    const timestamp = new Date();
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': this.signer.sign(message.id, timestamp, message.body),
        },
        body: message.body,
        signal,
        redirect: 'manual',
      });
    } catch (error) {
      return { outcome: 'transient', problem: this.describe(error, signal) };
    }
    try {
      await response.body?.cancel();
    } catch {
      // already closed
    }
    if (response.status >= 200 && response.status < 300) {
      return { outcome: 'done', note: `HTTP ${response.status}` };
    }
    const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
    return { outcome: 'transient', problem: `HTTP ${response.status}${redirect}` };
  }

  private describe(error: unknown, signal: AbortSignal): string {
    if (signal.aborted) return `timed out after ${this.timeoutMs} ms`;
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
    return typeof cause?.code === 'string' ? `network error (${cause.code})` : 'network error';
  }
}
