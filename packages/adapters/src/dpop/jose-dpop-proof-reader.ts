import type { DpopProofReader, SignedDpopProof } from '@accounts/application';
import { DPOP_ALGORITHMS } from '@accounts/domain';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';

const PROOF_TYPE = 'dpop+jwt';

/**
 * DPoP proofs through jose: the signature verified with the header's own `jwk` (jose's
 * EmbeddedJWK, which takes only a public key), with the accepted algorithms and `typ` checked
 * again by jose; the key's RFC 7638 SHA-256 thumbprint.
 */
export class JoseDpopProofReader implements DpopProofReader {
  headerOf(proof: string): Readonly<Record<string, unknown>> | null {
    try {
      return decodeProtectedHeader(proof);
    } catch {
      return null;
    }
  }

  async verify(proof: string): Promise<SignedDpopProof | null> {
    try {
      const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
        algorithms: [...DPOP_ALGORITHMS],
        typ: PROOF_TYPE,
      });
      if (protectedHeader.jwk === undefined) return null;
      return { claims: payload, thumbprint: await calculateJwkThumbprint(protectedHeader.jwk, 'sha256') };
    } catch {
      return null;
    }
  }
}
