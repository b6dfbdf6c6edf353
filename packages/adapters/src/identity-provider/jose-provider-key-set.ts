import { KeyObject, type webcrypto } from 'node:crypto';
import type {
  Clock,
  KeyRefusal,
  KeySetAlgorithm,
  Logger,
  ProviderKeySet,
  TokenHeader,
} from '@accounts/application';
import { err, ok, type Result } from '@accounts/domain';
import { createLocalJWKSet, errors } from 'jose';
import { IssuerChanged } from './key-set-reader.js';
import { usableKeys } from './usable-keys.js';

/** Before the first successful read, the next attempt comes this long after the last one began. */
const FIRST_READ_RETRY_MS = 5_000;

export type JoseProviderKeySetOptions = {
  issuer: string;
  algorithms: readonly KeySetAlgorithm[];
  /** One read of the provider's key set document (discovery included): throws when it fails. */
  read: () => Promise<unknown>;
  /** Where the set is read from, for the log. */
  source: string;
  /** JWKS_MAX_AGE_S, in ms: the background re-read. */
  maxAgeMs: number;
  /** JWKS_COOLDOWN_S, in ms: the least time between an attempt and a re-read for an unknown `kid`. */
  cooldownMs: number;
  clock: Clock;
  logger: Logger;
};

type LoadedSet = {
  select: ReturnType<typeof createLocalJWKSet>;
  kids: ReadonlySet<string>;
};

/**
 * The provider's key set (decisions.md, "Keys from the provider"): the usable keys of the last
 * successful read, chosen with jose's createLocalJWKSet (called directly: it applies `kid`, `alg`,
 * `use` and `key_ops`; more than one fitting key is a refusal). This class owns what jose's
 * remote set does not do as the contract words it: the background re-read every max age; the
 * re-read for an unknown `kid`, at most once per cooldown counted from the last attempt whatever
 * its outcome, that token then chosen on the fresh set; and outages, which keep the last keys
 * (no wait, no 500), logged once each.
 */
export class JoseProviderKeySet implements ProviderKeySet {
  readonly issuer: string;
  readonly algorithms: readonly KeySetAlgorithm[];
  private current: LoadedSet | null = null;
  private reading: Promise<boolean> | null = null;
  /** When the last read began (ms), successful or not; the cooldown counts from it. */
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** What the log last said of the current outage (null: no outage). */
  private outage: string | null = null;
  /** PEM of each key jose imported (it keeps one CryptoKey per key and algorithm). */
  private readonly pems = new WeakMap<webcrypto.CryptoKey, string>();

  constructor(private readonly options: JoseProviderKeySetOptions) {
    this.issuer = options.issuer;
    this.algorithms = [...options.algorithms];
  }

  /** The first read, at once; then the schedule keeps it going. */
  start(): void {
    if (!this.closed) void this.reread();
  }

  /** Stops the schedule and waits for a read under way (each is bounded by its timeout). */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    await this.reading;
  }

  isReady(): boolean {
    return this.current !== null;
  }

  async keyFor(header: TokenHeader): Promise<Result<string, KeyRefusal>> {
    const set = this.current;
    if (set === null) return err({ type: 'KeysUnavailable' });
    const { alg, kid } = header;
    if (!this.algorithms.some((accepted) => accepted === alg)) return err({ type: 'AlgorithmNotAccepted' });
    if (kid !== undefined && typeof kid !== 'string') return err({ type: 'NoMatchingKey' });
    const chosen = await this.choose(set, alg as KeySetAlgorithm, kid);
    if (chosen.ok || chosen.error.type !== 'NoMatchingKey') return chosen;
    // A kid the set names, whose key is not usable: a re-read would not change that.
    if (kid !== undefined && set.kids.has(kid)) return chosen;
    if (!(await this.rereadForUnknownKey())) return chosen;
    return this.choose(this.current ?? set, alg as KeySetAlgorithm, kid);
  }

  private async choose(
    set: LoadedSet,
    alg: KeySetAlgorithm,
    kid: string | undefined,
  ): Promise<Result<string, KeyRefusal>> {
    try {
      const key = await set.select(kid === undefined ? { alg } : { alg, kid });
      return ok(this.pemOf(key));
    } catch (error) {
      if (error instanceof errors.JWKSMultipleMatchingKeys) return err({ type: 'AmbiguousKey' });
      return err({ type: 'NoMatchingKey' });
    }
  }

  /** fast-jwt (through @fastify/jwt) takes a PEM, and keeps one verifier per PEM. */
  private pemOf(key: webcrypto.CryptoKey): string {
    let pem = this.pems.get(key);
    if (pem === undefined) {
      pem = KeyObject.from(key).export({ type: 'spki', format: 'pem' }).toString();
      this.pems.set(key, pem);
    }
    return pem;
  }

  /** Joins a read under way, or starts one when the cooldown allows; true when the set was read. */
  private rereadForUnknownKey(): Promise<boolean> {
    if (this.reading) return this.reading;
    if (this.closed) return Promise.resolve(false);
    const since = this.options.clock.now().getTime() - this.lastAttemptAt;
    if (since < this.options.cooldownMs) return Promise.resolve(false);
    return this.reread();
  }

  /** One read at a time: every caller meanwhile waits for the same one. */
  private reread(): Promise<boolean> {
    this.reading ??= this.attempt().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async attempt(): Promise<boolean> {
    this.lastAttemptAt = this.options.clock.now().getTime();
    this.clearTimer();
    try {
      const { keys, kids } = usableKeys(await this.options.read(), this.algorithms);
      this.current = { select: createLocalJWKSet({ keys }), kids };
      if (this.outage !== null) {
        this.options.logger.info({ source: this.options.source }, 'Identity provider keys read again');
      }
      this.outage = null;
      this.schedule(this.options.maxAgeMs);
      return true;
    } catch (error) {
      this.report(error);
      const ready = this.current !== null;
      this.schedule(ready ? Math.min(this.options.cooldownMs, this.options.maxAgeMs) : FIRST_READ_RETRY_MS);
      return false;
    }
  }

  /**
   * A failed read, logged once per outage (and again only when its cause changes): at warn, or at
   * error with both values when the discovery document names another issuer.
   */
  private report(error: unknown) {
    const cause = error instanceof Error ? error.message : String(error);
    if (this.outage === cause) return;
    this.outage = cause;
    const { logger, source } = this.options;
    const effect =
      this.current === null
        ? 'token routes answer 503 until a read succeeds'
        : 'the keys read before stay in use';
    if (error instanceof IssuerChanged) {
      logger.error(
        { source, expected: error.expected, received: error.received },
        `Identity provider keys could not be read: the discovery document names another issuer; ${effect}`,
      );
    } else {
      logger.warn({ source, cause }, `Identity provider keys could not be read; ${effect}`);
    }
  }

  private schedule(delayMs: number) {
    if (this.closed) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.reread();
    }, delayMs);
    this.timer.unref();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
