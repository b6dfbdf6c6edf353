import type { AuthorizeAccount } from '@accounts/application';
import type { AccountOperation } from '@accounts/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import type { TokenVerifier } from './bearer-token.js';
import { hasOperatorScope, operatorScopeRequired } from './operator-scope.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller: the verified token's `sub`, set by the guard before any handler runs. */
    callerId: string;
  }
}

/** The authenticated caller's id, set by the guard before any handler runs. */
export function callerId(request: FastifyRequest): string {
  return request.callerId;
}

/**
 * Authentication as route hooks. Token checks run in preParsing: after the rate limit (an
 * onRequest hook), before the body is read, so 429 comes before 401 and 401 before any
 * 400/413/415 caused by the body.
 */
export class Guard {
  constructor(
    private readonly verify: TokenVerifier,
    private readonly authorizeAccount: Pick<AuthorizeAccount, 'execute'>,
  ) {}

  /** Makes `request.callerId` a field of every request of `app` (Fastify wants it declared). */
  static decorate(app: FastifyInstance) {
    app.decorateRequest('callerId', '');
  }

  /** Token, then the disabled/banned gate for a fixed operation. */
  authenticate(operation: AccountOperation) {
    return async (request: FastifyRequest) => {
      this.verifyToken(request);
      await this.gate(request.callerId, operation);
    };
  }

  /**
   * The token alone, for a route whose use case applies the account gate itself. Synchronous
   * (the verification is), in the callback form, so that no promise is made per request.
   */
  readonly verifyTokenHook = (
    request: FastifyRequest,
    _reply: unknown,
    _payload: unknown,
    done: (error?: Error) => void,
  ) => {
    try {
      this.verifyToken(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };

  /**
   * For operator routes: the token, then its `scope` claim must hold `adminScope`
   * (operator-scope.ts); never the caller's account gate (the operator's own account need not
   * exist). `callerId` is the operator's `sub`.
   */
  operator(adminScope: string) {
    return (request: FastifyRequest, _reply: unknown, _payload: unknown, done: (error?: Error) => void) => {
      try {
        const token = this.verify(request.headers.authorization);
        if (!hasOperatorScope(token.claims, adminScope)) throw operatorScopeRequired();
        request.callerId = token.subject;
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
  }

  private verifyToken(request: FastifyRequest) {
    request.callerId = this.verify(request.headers.authorization).subject;
  }

  private async gate(userId: string, operation: AccountOperation) {
    const allowed = await this.authorizeAccount.execute({ userId, operation });
    if (!allowed.ok) throw HttpError.fromDomain(allowed.error);
  }
}
