import type { Result } from '@accounts/domain';

/** A token whose signature verified: its protected header and its claims, not yet checked. */
export type SignedToken = {
  readonly header: Readonly<Record<string, unknown>>;
  readonly claims: Readonly<Record<string, unknown>>;
};

/**
 * Reads the provider's logout tokens: the signature verified with a key of its set and an
 * algorithm accepted for access tokens (ProviderKeySet, under the same re-read cooldown).
 * `KeysUnavailable` before the set's first read; `BadSignature` for a token no key verifies, or
 * that is no signed JWT at all.
 */
export interface LogoutTokenReader {
  read(token: string): Promise<Result<SignedToken, { type: 'KeysUnavailable' } | { type: 'BadSignature' }>>;
}
