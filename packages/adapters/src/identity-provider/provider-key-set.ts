import {
  isKeySetAlgorithm,
  KEY_SET_ALGORITHMS,
  type Clock,
  type KeySetAlgorithm,
  type Logger,
} from '@accounts/application';
import { SystemClock } from '../clock/system-clock.js';
import { isKeySetUrl } from './bounded-fetch.js';
import { JoseProviderKeySet } from './jose-provider-key-set.js';
import { keySetReader } from './key-set-reader.js';

export { isKeySetUrl } from './bounded-fetch.js';
export { JoseProviderKeySet } from './jose-provider-key-set.js';

/** The defaults of docs/operations.md (JWKS_TIMEOUT_MS, JWKS_MAX_AGE_S, JWKS_COOLDOWN_S). */
export const KEY_SET_DEFAULTS = { timeoutMs: 5_000, maxAgeSeconds: 600, cooldownSeconds: 30 } as const;

/** The identity provider whose key set verifies tokens (decisions.md, "Keys from the provider"). */
export type KeySetOptions = {
  /**
   * OIDC_ISSUER: the provider's issuer URL, its keys found by discovery; with `jwksUrl`,
   * JWT_ISSUER. Tokens' `iss` must equal it.
   */
  issuer: string;
  /** JWT_JWKS_URL: the key set's URL, read directly (no discovery). */
  jwksUrl?: string | null | undefined;
  /** JWT_ALGORITHMS: a part of RS256, PS256, ES256, EdDSA (the default: all four). */
  algorithms?: readonly KeySetAlgorithm[];
  /** JWKS_TIMEOUT_MS: each fetch; default 5000. */
  timeoutMs?: number;
  /** JWKS_MAX_AGE_S: the background re-read; default 600. */
  maxAgeSeconds?: number;
  /** JWKS_COOLDOWN_S: the least time between an attempt and a re-read for an unknown `kid`; default 30. */
  cooldownSeconds?: number;
};

const positive = (value: number, name: string) => {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
  return value;
};

/**
 * The provider's key set, not yet started (`start()` reads it, `close()` stops the re-reads).
 * Throws on options the contract refuses: a URL neither `https://` nor loopback `http://`, an
 * algorithm off the list (`none`, HS*), none at all.
 */
export function createProviderKeySet(
  options: KeySetOptions,
  context: { logger: Logger; clock?: Clock },
): JoseProviderKeySet {
  const jwksUrl = options.jwksUrl ?? null;
  if (!isKeySetUrl(options.issuer) && jwksUrl === null) {
    throw new Error('The issuer must be an https:// URL (http:// on a loopback host only) to be discovered');
  }
  if (jwksUrl !== null && !isKeySetUrl(jwksUrl)) {
    throw new Error('The key set URL must be https:// (http:// on a loopback host only)');
  }
  const algorithms = options.algorithms ?? KEY_SET_ALGORITHMS;
  const refused = algorithms.filter((alg) => !isKeySetAlgorithm(alg));
  if (algorithms.length === 0 || refused.length > 0) {
    throw new Error(`Key set algorithms must be some of ${KEY_SET_ALGORITHMS.join(', ')}`);
  }
  const timeoutMs = positive(options.timeoutMs ?? KEY_SET_DEFAULTS.timeoutMs, 'The key set timeout');
  const maxAge = positive(options.maxAgeSeconds ?? KEY_SET_DEFAULTS.maxAgeSeconds, 'The key set max age');
  const cooldown = positive(options.cooldownSeconds ?? KEY_SET_DEFAULTS.cooldownSeconds, 'The cooldown');
  return new JoseProviderKeySet({
    issuer: options.issuer,
    algorithms,
    read: keySetReader({ issuer: options.issuer, jwksUrl, timeoutMs }),
    source: jwksUrl ?? options.issuer,
    maxAgeMs: maxAge * 1000,
    cooldownMs: cooldown * 1000,
    clock: context.clock ?? new SystemClock(),
    logger: context.logger,
  });
}
