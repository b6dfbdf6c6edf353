import type { Result } from '@accounts/domain';

/**
 * The algorithms a provider's key set may sign with (decisions.md, "Meeting the identity
 * provider"): never `none` or an HMAC one, whose key would be the set itself.
 */
export const KEY_SET_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;

export type KeySetAlgorithm = (typeof KEY_SET_ALGORITHMS)[number];

export const isKeySetAlgorithm = (value: unknown): value is KeySetAlgorithm =>
  (KEY_SET_ALGORITHMS as readonly unknown[]).includes(value);

/** What key choice reads of a token's protected header; the rest of the header is the verifier's. */
export type TokenHeader = { readonly alg?: unknown; readonly kid?: unknown };

/**
 * Why no key of the set verifies a token. `KeysUnavailable`: the set has never been read (the
 * token is neither accepted nor refused: 503). The others refuse the token: its `alg` is not on
 * the list, no usable key fits its header (its `kid` unknown even after a re-read), or more than
 * one does (a token without `kid` is taken only when exactly one key fits).
 */
export type KeyRefusal =
  | { type: 'KeysUnavailable' }
  | { type: 'AlgorithmNotAccepted' }
  | { type: 'NoMatchingKey' }
  | { type: 'AmbiguousKey' };

/**
 * The identity provider's signing keys, read from its key set and kept fresh by the adapter
 * (the fetch, its bounds, the re-reads and their cooldown are the adapter's). Whatever verifies a
 * token the provider signed asks it for the key: the access-token verifier, and the back-channel
 * logout token's, under the same cooldown.
 */
export interface ProviderKeySet {
  /** The issuer its tokens carry in `iss`. */
  readonly issuer: string;
  /** The accepted algorithms, in the configured order. */
  readonly algorithms: readonly KeySetAlgorithm[];
  /** True from the first successful read of the set on (readiness). */
  isReady(): boolean;
  /**
   * The public key (SPKI PEM) that verifies a token with this header. A `kid` that is not in the
   * set re-reads it first, at most once per cooldown, and the choice is made on the fresh set.
   */
  keyFor(header: TokenHeader): Promise<Result<string, KeyRefusal>>;
}
