import { acceptableSteps, timeStepAt, TOTP_POLICY, type DeliveryOutcome } from '@accounts/domain';
import type {
  BillingGateway,
  CancellationMode,
  Clock,
  CursorSealer,
  DnsResolver,
  Logger,
  PasswordHasher,
  QrCodeRenderer,
  RandomSource,
  SecretCipher,
  Totp,
  WebhookSender,
} from '../ports.js';

export class FixedClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T00:00:00Z')) {}

  now() {
    return new Date(this.current);
  }

  set(at: Date) {
    this.current = new Date(at);
  }

  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Not a hash: readable, so that tests can see what was stored. */
export class FakePasswordHasher implements PasswordHasher {
  hash(password: string) {
    return Promise.resolve(`fake-hash:${password}`);
  }

  verify(hash: string, password: string) {
    return Promise.resolve(hash === `fake-hash:${password}`);
  }
}

/** A deterministic stand-in for TOTP: the code of a step is derived from the secret and the step. */
export class FakeTotp implements Totp {
  private secrets = 0;

  generateSecret() {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    let n = ++this.secrets;
    let secret = '';
    while (secret.length < TOTP_POLICY.secretLength) {
      secret = `${alphabet[n % 32]}${secret}`;
      n = Math.floor(n / 32);
    }
    return secret;
  }

  keyUri({ secret, accountName }: { secret: string; accountName: string }) {
    return `otpauth://totp/Test:${encodeURIComponent(accountName)}?secret=${secret}&issuer=Test`;
  }

  verify({ secret, code, at }: { secret: string; code: string; at: Date }) {
    const step = acceptableSteps(at).find((s) => FakeTotp.codeForStep(secret, s) === code);
    return Promise.resolve(step ?? null);
  }

  static codeAt(secret: string, at: Date, stepOffset = 0): string {
    return FakeTotp.codeForStep(secret, timeStepAt(at) + stepOffset);
  }

  static codeForStep(secret: string, step: number): string {
    let hash = 5381;
    for (const char of `${secret}:${step}`) hash = (hash * 33 + char.charCodeAt(0)) >>> 0;
    return String(hash % 10 ** TOTP_POLICY.digits).padStart(TOTP_POLICY.digits, '0');
  }
}

export class FakeQrCodeRenderer implements QrCodeRenderer {
  toPngDataUri(text: string) {
    return Promise.resolve(`data:image/png;base64,${Buffer.from(text).toString('base64')}`);
  }
}

/** Binds the value to the user id like the real cipher, so a copied value fails to open. */
export class FakeSecretCipher implements SecretCipher {
  seal(userId: string, secret: string) {
    return `sealed:${userId}:${secret}`;
  }

  /** A bare value is stale: this cipher always has a key. */
  needsReseal(stored: string) {
    return !stored.startsWith('sealed:');
  }

  open(userId: string, stored: string) {
    if (!stored.startsWith('sealed:')) return stored;
    const prefix = `sealed:${userId}:`;
    if (!stored.startsWith(prefix)) throw new Error('secret sealed for another user');
    return stored.slice(prefix.length);
  }
}

export class SequenceRandom implements RandomSource {
  private next = 0;

  integers(count: number, maxExclusive: number) {
    return Array.from({ length: count }, () => this.next++ % maxExclusive);
  }
}

/**
 * `cancelled` / `already-gone`: done; `transient` (provider down) and `rejected` (a 4xx it will
 * not change its mind about): reported; `fail`: throws, as an adapter bug would.
 */
type CancellationBehaviour = 'cancelled' | 'already-gone' | 'transient' | 'rejected' | 'fail';

export class FakeBillingGateway implements BillingGateway {
  readonly cancellations: { subscriptionId: string; mode: CancellationMode }[] = [];
  readonly customerLookups: string[] = [];
  cancellationBehaviour = new Map<string, CancellationBehaviour>();
  customers = new Map<string, 'found' | 'not-found' | 'fail'>();

  constructor(public isConfigured = true) {}

  cancelSubscription(subscriptionId: string, mode: CancellationMode) {
    this.cancellations.push({ subscriptionId, mode });
    const behaviour = this.cancellationBehaviour.get(subscriptionId) ?? 'cancelled';
    const outcomes: Record<Exclude<CancellationBehaviour, 'fail'>, DeliveryOutcome> = {
      cancelled: { outcome: 'done', note: 'cancelled' },
      'already-gone': { outcome: 'done', note: 'already-gone' },
      transient: { outcome: 'transient', problem: 'HTTP 503' },
      rejected: { outcome: 'permanent', problem: 'HTTP 401' },
    };
    if (behaviour === 'fail') return Promise.reject(new Error('billing provider unavailable'));
    return Promise.resolve(outcomes[behaviour]);
  }

  findCustomer(customerId: string) {
    this.customerLookups.push(customerId);
    const answer = this.customers.get(customerId) ?? 'not-found';
    if (answer === 'fail') return Promise.reject(new Error('billing provider unavailable'));
    return Promise.resolve(answer);
  }

  portalUrl(customerId: string) {
    return `https://billing.test/portal/${encodeURIComponent(customerId)}`;
  }
}

/** Records what it was asked to send; `answer` decides the outcome of the next sends. */
export class FakeWebhookSender implements WebhookSender {
  readonly sent: { id: string; body: string }[] = [];
  answer: DeliveryOutcome = { outcome: 'done', note: 'HTTP 204' };

  constructor(public isConfigured = true) {}

  send(message: { id: string; body: string }) {
    this.sent.push(message);
    return Promise.resolve(this.answer);
  }

  /** The parsed bodies, in the order sent. */
  events(): { type: string; timestamp: string; data: Record<string, string> }[] {
    return this.sent.map(
      (message) => JSON.parse(message.body) as ReturnType<FakeWebhookSender['events']>[number],
    );
  }
}

export type LogEntry = {
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
};

export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  info(details: Record<string, unknown>, message: string) {
    this.entries.push({ level: 'info', details, message });
  }

  warn(details: Record<string, unknown>, message: string) {
    this.entries.push({ level: 'warn', details, message });
  }

  error(details: Record<string, unknown>, message: string) {
    this.entries.push({ level: 'error', details, message });
  }
}

/** TXT records by name (each record's chunks, as a real server holds them); can be told to fail. */
export class FakeDnsResolver implements DnsResolver {
  readonly records = new Map<string, string[][]>();
  readonly lookups: string[] = [];
  failing = false;

  resolveTxt(name: string) {
    this.lookups.push(name);
    if (this.failing) return Promise.reject(new Error('queryTxt ETIMEOUT'));
    const records = this.records.get(name.toLowerCase()) ?? [];
    return Promise.resolve(records.map((chunks) => chunks.join('')));
  }
}

/** Remembers what it sealed for whom: any other text, or another user's cursor, does not open. */
export class FakeCursorSealer implements CursorSealer {
  private readonly sealed = new Map<string, { userId: string; payload: string }>();

  seal(userId: string, payload: string) {
    const cursor = `cursor-${this.sealed.size + 1}-${Buffer.from(payload).toString('base64url')}`;
    this.sealed.set(cursor, { userId, payload });
    return cursor;
  }

  open(userId: string, cursor: string) {
    const entry = this.sealed.get(cursor);
    return entry?.userId === userId ? entry.payload : null;
  }
}
