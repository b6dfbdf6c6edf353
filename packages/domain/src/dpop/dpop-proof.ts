import { normalizeHttpUrl } from './http-url.js';

/** The proof algorithms the service accepts (decisions.md), as its `DPoP` challenge lists them. */
export const DPOP_ALGORITHMS = ['ES256', 'RS256', 'PS256', 'EdDSA'] as const;

const PROOF_TYPE = 'dpop+jwt';
const MAX_JTI_LENGTH = 255;
/** The members of a JWK that hold private key material (RFC 7518 §6.2.2, §6.3.2, §6.4; RFC 8037 §2). */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** Which rule of a DPoP proof failed (decisions.md, "Sender-constrained tokens"); never the proof itself. */
export type DpopCheck =
  'format' | 'typ' | 'alg' | 'jwk' | 'signature' | 'jti' | 'htm' | 'htu' | 'iat' | 'ath' | 'jkt' | 'replay';

/** What a proof must match: the request, the access token and the time. */
export type DpopExpectation = {
  /** The request's method. */
  method: string;
  /** The request's URL without query and fragment, normalised (normalizeHttpUrl). */
  url: string;
  /** The base64url SHA-256 of the access token. */
  accessTokenHash: string;
  /** The token's `cnf.jkt`. */
  jkt: string;
  /** Now, in seconds since the epoch. */
  now: number;
  iatWindowSeconds: number;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first rule the proof's protected header breaks, or null: `typ` `dpop+jwt`, an accepted
 * `alg`, and a `jwk` that holds no private member (RFC 9449 §4.3 items 4–6).
 */
export function dpopHeaderProblem(header: Readonly<Record<string, unknown>>): DpopCheck | null {
  if (header.typ !== PROOF_TYPE) return 'typ';
  if (!(DPOP_ALGORITHMS as readonly unknown[]).includes(header.alg)) return 'alg';
  const { jwk } = header;
  if (!isRecord(jwk) || PRIVATE_JWK_MEMBERS.some((member) => member in jwk)) return 'jwk';
  return null;
}

/**
 * The first rule the signed proof's claims break, or null (RFC 9449 §4.3 items 7–12, §7.1): a
 * `jti` of at most 255 characters; `htm` the method; `htu` the URL once both are normalised;
 * `iat` within the window either way; `ath` the token's hash; the key's thumbprint the token's
 * `cnf.jkt`. The `jti` is recorded by the caller only once every rule holds.
 */
export function dpopClaimsProblem(
  claims: Readonly<Record<string, unknown>>,
  thumbprint: string,
  expected: DpopExpectation,
): DpopCheck | null {
  const { jti, htm, htu, iat, ath } = claims;
  if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) return 'jti';
  if (htm !== expected.method) return 'htm';
  if (typeof htu !== 'string' || normalizeHttpUrl(htu) !== expected.url) return 'htu';
  if (typeof iat !== 'number' || !(Math.abs(expected.now - iat) <= expected.iatWindowSeconds)) return 'iat';
  if (ath !== expected.accessTokenHash) return 'ath';
  if (thumbprint !== expected.jkt) return 'jkt';
  return null;
}
