import { createPublicKey } from 'node:crypto';
import { ConfigError } from './config-error.js';

/** How bearer tokens are verified: an HMAC secret, or a public key with the one algorithm it fits. */
export type JwtKey =
  | { kind: 'secret'; secret: string; algorithms: ['HS256'] }
  | { kind: 'public-key'; publicKey: string; algorithms: [PublicKeyAlgorithm] };

type PublicKeyAlgorithm = 'RS256' | 'ES256' | 'EdDSA';

const MIN_JWT_SECRET_BYTES = 32;

/** JWT_SECRET: HS256, with a secret long enough not to be guessed. */
export function secretKey(secret: string): JwtKey {
  if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError('JWT_SECRET', `must be at least ${MIN_JWT_SECRET_BYTES} bytes long`);
  }
  return { kind: 'secret', secret, algorithms: ['HS256'] };
}

/** JWT_PUBLIC_KEY: the algorithm follows from the key; a key of another kind or size is refused. */
export function publicKey(raw: string): JwtKey {
  const pem = raw.includes('\\n') ? raw.replaceAll('\\n', '\n') : raw;
  if (!pem.includes('-----BEGIN PUBLIC KEY-----')) {
    throw new ConfigError('JWT_PUBLIC_KEY', 'must be a PEM public key ("-----BEGIN PUBLIC KEY-----")');
  }
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new ConfigError('JWT_PUBLIC_KEY', 'is not a readable PEM public key');
  }
  const details = key.asymmetricKeyDetails;
  const type = key.asymmetricKeyType;
  if (type === 'rsa') {
    if ((details?.modulusLength ?? 0) < 2048) {
      throw new ConfigError('JWT_PUBLIC_KEY', 'is an RSA key shorter than 2048 bits');
    }
    return { kind: 'public-key', publicKey: pem, algorithms: ['RS256'] };
  }
  if (type === 'ec') {
    if (details?.namedCurve !== 'prime256v1') {
      throw new ConfigError('JWT_PUBLIC_KEY', 'is an EC key on a curve other than P-256 (ES256)');
    }
    return { kind: 'public-key', publicKey: pem, algorithms: ['ES256'] };
  }
  if (type === 'ed25519') return { kind: 'public-key', publicKey: pem, algorithms: ['EdDSA'] };
  throw new ConfigError(
    'JWT_PUBLIC_KEY',
    `is a ${type ?? 'unknown'} key; use RSA (RS256), EC P-256 (ES256) or Ed25519 (EdDSA)`,
  );
}
