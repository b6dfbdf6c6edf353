import {
  dpopClaimsProblem,
  dpopHeaderProblem,
  err,
  ok,
  type DpopCheck,
  type DpopExpectation,
  type Result,
} from '@accounts/domain';
import type { DpopProofReader } from '../dpop/dpop-proof-reader.js';
import type { Clock } from '../ports.js';
import type { ReplayRecord } from '../replay-record.js';

/** The replay record's scope for proof `jti`s. */
const DPOP_JTI_SCOPE = 'dpop';

export type VerifyDpopProofError = { type: 'InvalidDpopProof'; check: DpopCheck };

export type VerifyDpopProofInput = Omit<DpopExpectation, 'now' | 'iatWindowSeconds'> & { proof: string };

/**
 * A DPoP proof checked against the request and its bound token (decisions.md, "Sender-constrained
 * tokens"): the header's rules, the signature, the claims, then its `jti` recorded once for twice
 * the `iat` window on every instance. A store that cannot be reached rejects (the caller answers
 * 503): a proof is never accepted unchecked.
 */
export class VerifyDpopProof {
  constructor(
    private readonly deps: { proofs: DpopProofReader; replayRecord: ReplayRecord; clock: Clock },
    private readonly iatWindowSeconds: number,
  ) {}

  async execute(input: VerifyDpopProofInput): Promise<Result<void, VerifyDpopProofError>> {
    const header = this.deps.proofs.headerOf(input.proof);
    if (header === null) return invalid('format');
    const headerProblem = dpopHeaderProblem(header);
    if (headerProblem !== null) return invalid(headerProblem);
    const signed = await this.deps.proofs.verify(input.proof);
    if (signed === null) return invalid('signature');
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const { proof: _proof, ...request } = input;
    const problem = dpopClaimsProblem(signed.claims, signed.thumbprint, {
      ...request,
      now,
      iatWindowSeconds: this.iatWindowSeconds,
    });
    if (problem !== null) return invalid(problem);
    // dpopClaimsProblem checked that `jti` is a string.
    const jti = signed.claims.jti as string;
    const first = await this.deps.replayRecord.firstUse(DPOP_JTI_SCOPE, jti, 2 * this.iatWindowSeconds);
    return first ? ok(undefined) : invalid('replay');
  }
}

function invalid(check: DpopCheck): Result<void, VerifyDpopProofError> {
  return err({ type: 'InvalidDpopProof', check });
}
