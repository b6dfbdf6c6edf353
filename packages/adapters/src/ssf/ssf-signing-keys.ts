import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { SetSigner } from '@accounts/application';
import type { SsfSetClaims } from '@accounts/domain';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose';

/** The least RSA modulus a signing key may have (decisions.md, SSF transmitter). */
const MIN_RSA_BITS = 2048;

/** One key of SSF_SIGNING_KEYS: the private part signs, the public part is published under `kid`. */
export type SsfSigningKey = {
  /** The public key's RFC 7638 SHA-256 thumbprint: the same for the key on every start and instance. */
  readonly kid: string;
  readonly privateKey: KeyObject;
  /** The key set's member: `kty`, `n`, `e`, `kid`, `alg` RS256, `use` sig. */
  readonly publicJwk: JWK;
};

/** SSF_SIGNING_KEYS cannot be used; the message names the block, never its content. */
export class SsfSigningKeysError extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = 'SsfSigningKeysError';
  }
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/**
 * The keys of SSF_SIGNING_KEYS, in their order (the first signs): concatenated PEM private keys
 * (PKCS#8 or PKCS#1), `\n` escapes allowed, each an RSA key of at least 2048 bits.
 */
export async function parseSsfSigningKeys(text: string): Promise<SsfSigningKey[]> {
  const blocks = text.replaceAll('\\n', '\n').match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new SsfSigningKeysError('holds no PEM private key');
  const keys: SsfSigningKey[] = [];
  for (const [index, pem] of blocks.entries()) {
    const which = `key ${index + 1}`;
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey(pem);
    } catch {
      throw new SsfSigningKeysError(`${which} is not a PEM private key`);
    }
    if (privateKey.asymmetricKeyType !== 'rsa') throw new SsfSigningKeysError(`${which} is not an RSA key`);
    const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) {
      throw new SsfSigningKeysError(`${which} has ${bits} bits; at least ${MIN_RSA_BITS} are needed`);
    }
    const jwk = await exportJWK(createPublicKey(privateKey));
    const kid = await calculateJwkThumbprint(jwk, 'sha256');
    if (keys.some((key) => key.kid === kid)) throw new SsfSigningKeysError(`${which} is given twice`);
    keys.push({ kid, privateKey, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } });
  }
  return keys;
}

/** The transmitter's key set (jwks_uri): every key's public part, the signing one first. */
export function ssfJwks(keys: readonly SsfSigningKey[]): { keys: JWK[] } {
  return { keys: keys.map((key) => key.publicJwk) };
}

/**
 * Signs SETs (RFC 8417) with the first key: header `typ` `secevent+jwt`, `alg` RS256 and the
 * key's `kid`. The claims are signed as given: no `exp`, no `sub` is added.
 */
export class JoseSetSigner implements SetSigner {
  private readonly key: SsfSigningKey;

  constructor(keys: readonly SsfSigningKey[]) {
    const first = keys[0];
    if (!first) throw new Error('A SET signer needs a key');
    this.key = first;
  }

  get kid(): string {
    return this.key.kid;
  }

  sign(claims: SsfSetClaims): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'secevent+jwt', kid: this.key.kid })
      .sign(this.key.privateKey);
  }
}
