import { createPublicKey, type JsonWebKey } from 'node:crypto';
import type { KeySetAlgorithm } from '@accounts/application';
import type { JWK } from 'jose';
import { KeySetReadError } from './bounded-fetch.js';

/** At most this many keys of a set are looked at (decisions.md, "Keys from the provider"). */
const MAX_KEYS = 100;

const MIN_RSA_BITS = 2048;

/** A key set as read: the keys usable for the accepted algorithms, and every `kid` it names. */
export type UsableKeys = { keys: JWK[]; kids: ReadonlySet<string> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The algorithms a key of this kind can verify: RSA both RSA ones, P-256 ES256, Ed25519 EdDSA. */
function algorithmsOf(jwk: Record<string, unknown>): readonly KeySetAlgorithm[] {
  if (jwk.kty === 'RSA') return ['RS256', 'PS256'];
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return ['ES256'];
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return ['EdDSA'];
  return [];
}

/**
 * Whether a member of the set may ever verify a token: a public key (no private member), whose
 * `use`, when present, is `sig`, whose `alg`, when present, is accepted, of a kind one of the
 * accepted algorithms takes, that Node can read, and an RSA key of at least 2048 bits. jose's key
 * choice applies `kid`, the token's `alg` and `key_ops` on top.
 */
function isUsable(jwk: Record<string, unknown>, accepted: readonly KeySetAlgorithm[]): boolean {
  if ('d' in jwk) return false;
  if (jwk.use !== undefined && jwk.use !== 'sig') return false;
  const kinds = algorithmsOf(jwk).filter((alg) => accepted.includes(alg));
  if (kinds.length === 0) return false;
  if (jwk.alg !== undefined && !(kinds as readonly unknown[]).includes(jwk.alg)) return false;
  try {
    const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    return jwk.kty !== 'RSA' || (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS;
  } catch {
    return false;
  }
}

/**
 * The usable keys of a key set document (RFC 7517), among its first MAX_KEYS members. A document
 * that is not a key set is a failed read; a set with no usable key is not (every token is refused).
 */
export function usableKeys(document: unknown, accepted: readonly KeySetAlgorithm[]): UsableKeys {
  if (!isRecord(document) || !Array.isArray(document.keys)) {
    throw new KeySetReadError('the key set is not a JSON Web Key Set ({"keys": […]})');
  }
  const members = document.keys.slice(0, MAX_KEYS).filter(isRecord);
  const kids = new Set<string>();
  for (const member of members) if (typeof member.kid === 'string') kids.add(member.kid);
  return { keys: members.filter((jwk) => isUsable(jwk, accepted)), kids };
}
