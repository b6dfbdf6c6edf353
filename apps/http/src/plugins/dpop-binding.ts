import { hash } from 'node:crypto';
import type { VerifyDpopProof } from '@accounts/application';
import { DPOP_ALGORITHMS, normalizeHttpUrl } from '@accounts/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

/** DPoP (RFC 9449) as the token verifier applies it: where proofs are checked, and the settings. */
export type DpopConfig = {
  proofs: Pick<VerifyDpopProof, 'execute'>;
  /** DPOP_REQUIRED: tokens that are not DPoP-bound are refused. */
  required: boolean;
  /** PUBLIC_URL (a trailing `/` is dropped); null: the request's protocol, Host and path. */
  publicUrl: string | null;
};

const ALGS = `algs="${DPOP_ALGORITHMS.join(' ')}"`;
/** The DPoP challenge of every 401 of a token route where DPoP is accepted (decisions.md). */
const DPOP_CHALLENGE = `DPoP ${ALGS}`;
const DPOP_SCHEME = /^dpop\s/i;
const INVALID_PROOF_MESSAGE = 'Invalid DPoP proof';
/** How soon a client may try again when the replay record cannot be reached. */
const REPLAY_RETRY_AFTER_SECONDS = 5;

/** Whether the request's `Authorization` uses the `DPoP` scheme. */
function usesDpopScheme(request: FastifyRequest): boolean {
  return DPOP_SCHEME.test(request.headers.authorization ?? '');
}

/**
 * 401 INVALID_DPOP_PROOF: `error="invalid_token"` when the token came in the wrong scheme for it
 * (bound as Bearer, unbound as DPoP, unbound under DPOP_REQUIRED), else `invalid_dpop_proof`.
 */
function invalidDpopProof(error: 'invalid_token' | 'invalid_dpop_proof'): HttpError {
  return new HttpError(
    401,
    HTTP_ERROR_CODES.invalidDpopProof,
    INVALID_PROOF_MESSAGE,
    undefined,
    `DPoP error="${error}", ${ALGS}`,
  );
}

/**
 * The `WWW-Authenticate` of a 401 of a token route where DPoP is accepted: the Bearer challenge
 * and the DPoP one; a refused token's error goes with the scheme the request used.
 */
export function withDpopChallenge(bearerChallenge: (request: FastifyRequest, error: HttpError) => string) {
  return (request: FastifyRequest, error: HttpError): string => {
    const bearer = bearerChallenge(request, error);
    if (!usesDpopScheme(request) || bearer === 'Bearer') return `${bearer}, ${DPOP_CHALLENGE}`;
    return `Bearer, DPoP error="invalid_token", ${ALGS}`;
  };
}

/** The token's `cnf.jkt` as given (any value), or undefined when the token is not bound. */
function boundKeyOf(claims: Readonly<Record<string, unknown>>): unknown {
  const { cnf } = claims;
  return typeof cnf === 'object' && cnf !== null && 'jkt' in cnf ? cnf.jkt : undefined;
}

/** The one `DPoP` header's value; null when there is none or more than one. */
function singleProofHeader(request: FastifyRequest): string | null {
  const raw = request.raw.rawHeaders;
  let proof: string | null = null;
  for (let index = 0; index < raw.length; index += 2) {
    if (raw[index]?.toLowerCase() !== 'dpop') continue;
    if (proof !== null) return null;
    proof = raw[index + 1] ?? '';
  }
  return proof;
}

/**
 * The scheme rules of decisions.md ("Sender-constrained tokens"), after the token verified: a
 * token with `cnf.jkt` only as `Authorization: DPoP` with one valid proof; an unbound token only
 * as Bearer, and not at all under DPOP_REQUIRED. `config` null: DPoP is not accepted, so a bound
 * token is refused.
 */
export class DpopBinding {
  private readonly publicUrl: string | null;

  constructor(
    private readonly config: DpopConfig | null,
    /** The accountsApi plugin's prefix, which PUBLIC_URL stands for. */
    private readonly prefix: string,
  ) {
    this.publicUrl = config?.publicUrl?.replace(/\/+$/, '') ?? null;
  }

  async check(request: FastifyRequest, claims: Readonly<Record<string, unknown>>, token: string) {
    const jkt = boundKeyOf(claims);
    const dpop = usesDpopScheme(request);
    if (jkt === undefined) {
      if (dpop || this.config?.required === true) throw invalidDpopProof('invalid_token');
      return;
    }
    if (!dpop || this.config === null) throw invalidDpopProof('invalid_token');
    const proof = singleProofHeader(request);
    const url = normalizeHttpUrl(this.requestUrl(request));
    if (proof === null || url === null || typeof jkt !== 'string')
      throw invalidDpopProof('invalid_dpop_proof');
    let verified: Awaited<ReturnType<DpopConfig['proofs']['execute']>>;
    try {
      verified = await this.config.proofs.execute({
        proof,
        method: request.method,
        url,
        accessTokenHash: hash('sha256', token, 'base64url'),
        jkt,
      });
    } catch (cause) {
      request.log.error({ err: cause }, 'DPoP replay record unreachable');
      throw new HttpError(
        503,
        HTTP_ERROR_CODES.dpopUnavailable,
        'DPoP proofs cannot be checked right now',
        REPLAY_RETRY_AFTER_SECONDS,
      );
    }
    if (!verified.ok) {
      request.log.info({ dpopCheck: verified.error.check }, 'DPoP proof refused');
      throw invalidDpopProof('invalid_dpop_proof');
    }
  }

  /** The URL the proof's `htu` must name: PUBLIC_URL and the path after the prefix, else as received. */
  private requestUrl(request: FastifyRequest): string {
    const path = request.url.split('?', 1)[0] ?? '';
    if (this.publicUrl !== null) {
      return `${this.publicUrl}${path.startsWith(this.prefix) ? path.slice(this.prefix.length) : path}`;
    }
    return `${request.protocol}://${request.host}${path}`;
  }
}
