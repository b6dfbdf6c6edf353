import {
  err,
  mayCall,
  ok,
  signInSuffices,
  type AccountOperation,
  type ErrorOf,
  type Result,
  type SignInClaims,
  type StepUpRule,
} from '@accounts/domain';
import type { Ports } from '../ports.js';
import {
  recordSessionUse,
  refusesToken,
  sessionOfToken,
  type SessionToken,
} from '../sessions/session-token.js';

export type AuthorizeAccountError = ErrorOf<
  'SessionRevoked' | 'InsufficientUserAuthentication' | 'AccountDisabled' | 'AccountBanned'
>;

/** An operation that needs a stronger or more recent sign-in, and the token's claims about it. */
export type StepUp = { rule: StepUpRule; claims: SignInClaims };

/**
 * The gate after the token verifies. With a token (`session`): a revoked one is refused first,
 * then a sign-in too weak or too old for the operation (`stepUp`, RFC 9470), then a disabled or
 * banned account may call only what the domain allows, then the session's use
 * is recorded; the flags and the session come from one read. A user that no longer exists passes
 * and records nothing; the operation answers UserNotFound itself. `recheck`: the same judgement
 * again once the request has fully arrived (its body read), which records nothing: the first
 * check recorded this use.
 */
export class AuthorizeAccount {
  constructor(private readonly deps: Pick<Ports, 'users' | 'sessions' | 'clock'>) {}

  async execute(input: {
    userId: string;
    operation: AccountOperation;
    session?: SessionToken | undefined;
    stepUp?: StepUp | undefined;
    recheck?: boolean;
  }): Promise<Result<void, AuthorizeAccountError>> {
    if (!input.session) {
      const flags = await this.deps.users.findFlags(input.userId);
      return flags ? mayCall(flags, input.operation) : ok();
    }
    const state = await this.deps.sessions.findGate(input.userId, input.session.key.key);
    if (!state) return this.stepUpShortfall(input.stepUp) ?? ok();
    const lookup = sessionOfToken(this.deps, input.userId, state, input.session);
    const session = lookup instanceof Promise ? await lookup : lookup;
    // Another session than the key found: the token's under its old key (first sight only).
    const legacy = session !== state.session;
    const judged = legacy ? { signOut: state.signOut, session } : state;
    if (refusesToken(judged, input.session)) return err({ type: 'SessionRevoked' });
    const shortfall = this.stepUpShortfall(input.stepUp);
    if (shortfall) return shortfall;
    const allowed = mayCall(state.flags, input.operation);
    if (!allowed.ok || input.recheck) return allowed;
    const writing = recordSessionUse(this.deps, input.userId, session, input.session, legacy);
    if (writing) await writing;
    return ok();
  }

  private stepUpShortfall(stepUp: StepUp | undefined) {
    if (!stepUp || signInSuffices(stepUp.rule, stepUp.claims, this.deps.clock.now().getTime())) return null;
    return err({ type: 'InsufficientUserAuthentication' as const });
  }
}
