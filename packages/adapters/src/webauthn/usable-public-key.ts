import { createPublicKey, type JsonWebKey } from 'node:crypto';

// COSE labels and values (RFC 9053; IANA COSE registries) of the two algorithms the service
// offers: ES256 (-7, an EC2 key on P-256) and RS256 (-257, an RSA key).
const KTY = 1;
const ALG = 3;
const KTY_EC2 = 2;
const KTY_RSA = 3;
const CRV_P256 = 1;
const ES256 = -7;
const RS256 = -257;
const EC2_CRV = -1;
const EC2_X = -2;
const EC2_Y = -3;
const RSA_N = -1;
const RSA_E = -2;
const P256_COORDINATE_BYTES = 32;

/** A decoded COSE key: its values by label. */
type CoseKey = { get(label: number): unknown };

function bytes(value: unknown): Buffer | null {
  return value instanceof Uint8Array ? Buffer.from(value) : null;
}

/** The JWK a verifier would import for this COSE key, or null when the key is not one of the offered kinds. */
function jwkOf(key: CoseKey): JsonWebKey | null {
  const alg = key.get(ALG);
  const kty = key.get(KTY);
  if (alg === ES256 && kty === KTY_EC2 && key.get(EC2_CRV) === CRV_P256) {
    const x = bytes(key.get(EC2_X));
    const y = bytes(key.get(EC2_Y));
    if (x?.length !== P256_COORDINATE_BYTES || y?.length !== P256_COORDINATE_BYTES) return null;
    return { kty: 'EC', crv: 'P-256', x: x.toString('base64url'), y: y.toString('base64url') };
  }
  if (alg === RS256 && kty === KTY_RSA) {
    const n = bytes(key.get(RSA_N));
    const e = bytes(key.get(RSA_E));
    if (!n?.length || !e?.length) return null;
    return { kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') };
  }
  return null;
}

/**
 * Whether a credential's COSE public key is one an assertion can later be verified with: ES256 on
 * P-256 with a point on the curve, or RS256, and importable by node:crypto (which refuses a point
 * off the curve). An attestation `none` signs nothing at registration, so without this check a
 * key that can never verify would be stored and the account would need a passkey nobody has.
 */
export function isUsablePublicKey(key: CoseKey): boolean {
  const jwk = jwkOf(key);
  if (!jwk) return false;
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}
