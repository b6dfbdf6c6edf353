/** A DPoP proof whose signature verified with the key in its own header. */
export type SignedDpopProof = {
  claims: Readonly<Record<string, unknown>>;
  /** The RFC 7638 SHA-256 thumbprint of the header's `jwk`, base64url. */
  thumbprint: string;
};

/** Reads DPoP proofs (RFC 9449 §4.2): a JWS signed by the key its header embeds. */
export interface DpopProofReader {
  /** The proof's protected header, unverified; null when the proof is no compact JWS. */
  headerOf(proof: string): Readonly<Record<string, unknown>> | null;
  /** The claims and key thumbprint once the signature verifies with the header's `jwk`; else null. */
  verify(proof: string): Promise<SignedDpopProof | null>;
}
