import fastifyJwt from '@fastify/jwt';
import type { AuthorizeAccount } from '@accounts/application';
import type { AccountOperation } from '@accounts/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JwtConfig } from '../config.js';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Record<string, unknown>;
    /** The caller: the token's `sub`. Empty when the token has no usable subject (refused). */
    user: { id: string };
  }
}

const CLOCK_TOLERANCE_MS = 30_000;

/**
 * Registers token verification for this scope. The algorithms are an allowlist derived from the
 * configured key, so `alg: none` and HS/RS confusion fail; `exp` is required.
 */
export async function registerJwt(app: FastifyInstance, jwt: JwtConfig) {
  const requiredClaims = ['exp'];
  if (jwt.issuer) requiredClaims.push('iss');
  if (jwt.audience) requiredClaims.push('aud');
  await app.register(fastifyJwt, {
    secret: jwt.key.kind === 'secret' ? jwt.key.secret : { public: jwt.key.publicKey },
    verify: {
      algorithms: [...jwt.key.algorithms],
      requiredClaims,
      clockTolerance: CLOCK_TOLERANCE_MS,
      // Repeated tokens skip the signature check; an entry never outlives the token's exp or nbf.
      cache: 10_000,
      // Refusals are never served from the cache. fast-jwt stores them until now + clockTolerance
      // + errorCacheTTL (its default -1 still keeps one for ~30 s, so a token refused as not yet
      // valid stayed refused after it became valid); this puts that moment in the past.
      errorCacheTTL: () => -CLOCK_TOLERANCE_MS - 1,
      ...(jwt.issuer ? { allowedIss: jwt.issuer } : {}),
      ...(jwt.audience ? { allowedAud: jwt.audience } : {}),
    },
    formatUser: (payload) => ({ id: typeof payload.sub === 'string' ? payload.sub : '' }),
  });
}

function invalidToken(message: string): HttpError {
  return new HttpError(401, HTTP_ERROR_CODES.invalidToken, message);
}

/**
 * A code a client can act on and a safe, fixed 401 text per failure; the library's own text is
 * never shown or logged. Expired means the token verified otherwise (fast-jwt checks the
 * signature before the claims), so refreshing it helps.
 */
function tokenFailure(error: unknown): HttpError {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_JWT_NO_AUTHORIZATION_IN_HEADER':
      return new HttpError(401, HTTP_ERROR_CODES.missingToken, 'Missing bearer token');
    case 'FST_JWT_BAD_REQUEST':
      return new HttpError(
        401,
        HTTP_ERROR_CODES.missingToken,
        'Authorization header must be "Bearer <token>"',
      );
    case 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED':
      return new HttpError(401, HTTP_ERROR_CODES.tokenExpired, 'Token has expired');
    default:
      return invalidToken('Invalid token');
  }
}

/** Step 3 of every API request: the token verifies and names a user. */
async function verifyToken(request: FastifyRequest): Promise<string> {
  let user: { id: string };
  try {
    user = await request.jwtVerify();
  } catch (error) {
    throw tokenFailure(error);
  }
  if (!user.id) throw invalidToken('Token has no subject');
  return user.id;
}

/** The authenticated caller's id, set by the guard before any handler runs. */
export function callerId(request: FastifyRequest): string {
  return request.user.id;
}

/**
 * Authentication as route hooks. Token checks run in preParsing: after the rate limit (an
 * onRequest hook), before the body is read, so 429 comes before 401 and 401 before any
 * 400/413/415 caused by the body.
 */
export class Guard {
  constructor(private readonly authorizeAccount: Pick<AuthorizeAccount, 'execute'>) {}

  /** Token, then the disabled/banned gate for a fixed operation. */
  authenticate(operation: AccountOperation) {
    return async (request: FastifyRequest) => {
      const userId = await verifyToken(request);
      await this.gate(userId, operation);
    };
  }

  /** The token alone, for a route whose use case applies the account gate itself. */
  readonly verifyToken = async (request: FastifyRequest) => {
    await verifyToken(request);
  };

  private async gate(userId: string, operation: AccountOperation) {
    const allowed = await this.authorizeAccount.execute({ userId, operation });
    if (!allowed.ok) throw HttpError.fromDomain(allowed.error);
  }
}
