import { hash } from 'node:crypto';
import type { AuthorizeAccount, ProviderKeySet, SessionToken } from '@accounts/application';
import {
  CLOCK_TOLERANCE_MS,
  invalidSessionClaim,
  issuedAtOf,
  sessionKeyOf,
  signatureSpellings,
  timeClaimOf,
  userAgentOf,
  type AccountOperation,
  type SessionUse,
  type TokenDigests,
} from '@accounts/domain';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JwtConfig } from '../config/service-config.js';
import { HttpError, HTTP_ERROR_CODES } from '../errors.js';
import { DpopBinding } from './dpop-binding.js';
import { hasOperatorScope, operatorScopeRequired } from './operator-scope.js';
import type { StepUpOperations } from './step-up.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller: the verified token's `sub`, set by the guard before any handler runs. */
    callerId: string;
    /** The caller's token as a session (null under a host's own authentication), set with callerId. */
    accountsSession: SessionToken | null;
    /** The account-state operation the guard let the request in for (null: none, as on operator routes). */
    accountsOperation: AccountOperation | null;
    /** The verified token's claims (null: no token judged, or a host's own authentication). */
    accountsClaims: Readonly<Record<string, unknown>> | null;
  }
}

/** Who is calling: the user id, and the verified token's claims (null under a host's own authentication). */
type Caller = { userId: string; claims: Readonly<Record<string, unknown>> | null };

/** The caller, or throws the 401 to answer. */
export type Authenticator = (request: FastifyRequest) => Promise<Caller>;

/**
 * A host's own authentication (session, its own tokens…): the caller's user id in this service,
 * or null, which is answered 401 UNAUTHENTICATED.
 */
export type HostAuthentication = (request: FastifyRequest) => string | null | Promise<string | null>;

/** The authenticated caller's id, set by the guard before any handler runs. */
export function callerId(request: FastifyRequest): string {
  return request.callerId;
}

/** The key of the caller's session, or null (no token). */
export function callerSessionKey(request: FastifyRequest): string | null {
  return request.accountsSession?.key.key ?? null;
}

/** The schemes a token is read in: `Bearer`, and `DPoP` for a DPoP-bound one (dpop-binding.ts). */
const TOKEN_SCHEME = /^(?:bearer|dpop)\s/i;

/**
 * @fastify/jwt's documented `extractToken`: the token of `Bearer <token>` or `DPoP <token>`, as
 * the library reads Bearer itself; undefined (its FST_JWT_BAD_REQUEST) when the header is not so.
 */
function extractToken(request: FastifyRequest): string | undefined {
  const parts = (request.headers.authorization ?? '').split(' ');
  return parts.length === 2 && parts[1] ? parts[1] : undefined;
}

/** The token as sent (the verifier took the same one). */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.slice(header.indexOf(' ') + 1).trim();
}

/**
 * A token without `sid` or `jti` is kept only as digests: of its signed part (its key), and of
 * each spelling of the whole token (its old keys, asked for on first sight). Node's one-shot
 * hash: no Hash object per request.
 */
class BearerDigests implements TokenDigests {
  constructor(private readonly request: FastifyRequest) {}

  signedPart(): string {
    const token = bearerToken(this.request);
    return hash('sha256', token.slice(0, token.lastIndexOf('.')), 'hex');
  }

  spellings(): string[] {
    return signatureSpellings(bearerToken(this.request)).map((token) => hash('sha256', token, 'hex'));
  }
}

/**
 * One use of a verified token. Only `issuedAt` is read on every request; the rest when the use
 * is recorded (first sight, then a minute on) or compared (`expiresAt`), so a prototype's getters
 * rather than fields computed for every request.
 */
class TokenUse implements SessionUse {
  readonly issuedAt: number | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly claims: Readonly<Record<string, unknown>>,
  ) {
    this.issuedAt = issuedAtOf(claims);
  }

  /** `exp` is required by the verifier, and in range (invalidSessionClaim); whole seconds. */
  get expiresAt(): Date {
    return new Date((timeClaimOf(this.claims.exp) ?? 0) * 1000);
  }

  get address(): string {
    return this.request.ip;
  }

  get userAgent(): string | null {
    return userAgentOf(this.request.headers['user-agent']);
  }
}

/**
 * A verified token's session and this use of it (decisions.md, "Sessions and sign-out
 * everywhere"): the key by `sid`, else `jti`, else the digest of the token's signed part.
 */
function sessionOf(request: FastifyRequest, claims: Readonly<Record<string, unknown>>): SessionToken {
  return { key: sessionKeyOf(claims, new BearerDigests(request)), use: new TokenUse(request, claims) };
}

/** Where @fastify/jwt puts the verified payload; not `user`, which hosts often use themselves. */
const PAYLOAD_DECORATOR = 'accountsTokenPayload';

const missingToken = () => new HttpError(401, HTTP_ERROR_CODES.missingToken, 'Missing bearer token');

const tokenExpired = () => new HttpError(401, HTTP_ERROR_CODES.tokenExpired, 'Token has expired');

/** How soon a client may try again while the provider's keys are being read (they are retried every 5 s). */
const KEYS_RETRY_AFTER_SECONDS = 5;

function invalidToken(message: string): HttpError {
  return new HttpError(401, HTTP_ERROR_CODES.invalidToken, message);
}

/**
 * @fastify/jwt's error codes as the service's 401 answers: a code a client can act on and a fixed
 * text; the library's own text is never shown. Expired means the token verified otherwise
 * (fast-jwt checks the signature before the claims), so refreshing it helps.
 */
function tokenFailure(error: unknown): HttpError {
  // The key set's own answers (keyFunction): 503 before its first read, or the refusal.
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_JWT_BAD_REQUEST':
      return new HttpError(
        401,
        HTTP_ERROR_CODES.missingToken,
        'Authorization header must be "Bearer <token>"',
      );
    case 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED':
      return tokenExpired();
    default:
      return invalidToken('Invalid token');
  }
}

/** A token as the verifier hands it over (`complete`): its header and its claims. */
type DecodedToken = { header: Record<string, unknown>; payload: Record<string, unknown> };

/** The `typ` values of an access token (RFC 9068 §4), lower-cased; `JWT` too unless at+jwt is required. */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt']);
const PLAIN_TOKEN_TYPE = 'jwt';

/**
 * Whether a verified token is meant to be an access token (decisions.md, "Tokens meant for this
 * service"): no `events` (a logout token, a security event) or `nonce` (an ID token) claim, and a
 * header `typ`, when present, of `JWT`, `at+jwt` or `application/at+jwt` in any case; with
 * `requireAtJwt`, present and one of the last two.
 */
function isAccessToken({ header, payload }: DecodedToken, requireAtJwt: boolean): boolean {
  if ('events' in payload || 'nonce' in payload) return false;
  const { typ } = header;
  if (typ === undefined) return !requireAtJwt;
  if (typeof typ !== 'string') return false;
  const type = typ.toLowerCase();
  return ACCESS_TOKEN_TYPES.has(type) || (!requireAtJwt && type === PLAIN_TOKEN_TYPE);
}

/**
 * An expired token whose claims are out of range, or which is no access token, is invalid rather
 * than expired (an `exp` before 1970 included): refreshing it would not help. The verifier checks
 * the signature before the claims, so the token decoded here is the signed one.
 */
async function expiredOrInvalid(
  request: FastifyRequest,
  failure: HttpError,
  requireAtJwt: boolean,
): Promise<HttpError> {
  if (failure.code !== HTTP_ERROR_CODES.tokenExpired) return failure;
  const token = await request.jwtDecode<DecodedToken>();
  return invalidSessionClaim(token.payload) === null && isAccessToken(token, requireAtJwt)
    ? failure
    : invalidToken('Invalid token');
}

/**
 * @fastify/jwt's key function (its documented `secret: (request, token) => key`): the provider's
 * key for the token's header, as a PEM. Before the set's first read the token is answered 503
 * KEYS_UNAVAILABLE; a token no key of the set verifies is 401 Invalid token.
 */
function keyFunction(keySet: ProviderKeySet) {
  return async (_request: FastifyRequest, token: { header: Record<string, unknown> } | object) => {
    const header = 'header' in token ? token.header : {};
    const chosen = await keySet.keyFor(header);
    if (chosen.ok) return chosen.value;
    if (chosen.error.type === 'KeysUnavailable') {
      throw new HttpError(
        503,
        HTTP_ERROR_CODES.keysUnavailable,
        'Identity provider keys unavailable',
        KEYS_RETRY_AFTER_SECONDS,
      );
    }
    throw invalidToken('Invalid token');
  };
}

/**
 * What a key set needs of the rest of the configuration: its own issuer checked in `iss`, and an
 * audience (ASVS 5.0 9.2.3), so that a token the provider issued for another client is refused.
 */
function checkKeySetConfig(jwt: JwtConfig, keySet: ProviderKeySet) {
  if (jwt.audience === null || jwt.audience === '') {
    throw new Error('jwt.audience is required with a key set: tokens must be meant for this service');
  }
  if (jwt.issuer !== keySet.issuer) {
    throw new Error(`jwt.issuer must be the key set's issuer ("${keySet.issuer}")`);
  }
}

/**
 * Bearer tokens through @fastify/jwt, registered in `app`'s scope (verify-only: the service
 * never signs). The algorithms are an allowlist derived from the configured key, or the key set's
 * list, so `alg: none` and HS/RS confusion fail; `exp` is required, `nbf` honoured with 30 s of
 * tolerance; `iss`/`aud` are required and checked when configured (always with a key set); a
 * token that is no access token (isAccessToken) is refused. Every request's token is verified in full: fast-jwt's
 * cache would keep a failure for the clock tolerance whatever its documented options say
 * (docs/performance.md, "fast-jwt's error cache"), and a failure is never cached.
 */
export async function registerBearerTokens(app: FastifyInstance, jwt: JwtConfig): Promise<Authenticator> {
  const { key } = jwt;
  const dpop = new DpopBinding(jwt.dpop ?? null, app.prefix);
  if (key.kind === 'key-set') checkKeySetConfig(jwt, key.keySet);
  const requireAtJwt = jwt.requireAtJwt ?? false;
  const requiredClaims = ['exp'];
  if (jwt.issuer) requiredClaims.push('iss');
  if (jwt.audience) requiredClaims.push('aud');
  await app.register(fastifyJwt, {
    // With a key set, @fastify/jwt's documented key function: it keeps one verifier per key.
    secret:
      key.kind === 'key-set'
        ? keyFunction(key.keySet)
        : { public: key.kind === 'secret' ? key.secret : key.publicKey },
    decoratorName: PAYLOAD_DECORATOR,
    // The header too: the key function reads `kid` and `alg`, the rules below `typ`.
    decode: { complete: true },
    verify: {
      algorithms: [...(key.kind === 'key-set' ? key.keySet.algorithms : key.algorithms)],
      complete: true,
      extractToken,
      requiredClaims,
      clockTolerance: CLOCK_TOLERANCE_MS,
      ...(jwt.issuer ? { allowedIss: jwt.issuer } : {}),
      ...(jwt.audience ? { allowedAud: jwt.audience } : {}),
    },
  });
  return async (request) => {
    // Another scheme, or none: no token, as @fastify/jwt answers without extractToken.
    if (!TOKEN_SCHEME.test(request.headers.authorization ?? '')) throw missingToken();
    let token: DecodedToken;
    try {
      token = await request.jwtVerify<DecodedToken>();
    } catch (error) {
      throw await expiredOrInvalid(request, tokenFailure(error), requireAtJwt);
    }
    if (!isAccessToken(token, requireAtJwt)) throw invalidToken('Invalid token');
    const { payload } = token;
    if (typeof payload.sub !== 'string' || !payload.sub) throw invalidToken('Token has no subject');
    // No id holds a NUL, and the database stores none: refused as any bad claim is, never a 500.
    if (payload.sub.includes('\u0000')) throw invalidToken('Token subject is not valid');
    // A sid the index cannot hold, a time past the date range: invalid, never a 500 further on.
    if (invalidSessionClaim(payload) !== null) throw invalidToken('Invalid token');
    await dpop.check(request, payload, bearerToken(request));
    return { userId: payload.sub, claims: payload };
  };
}

/** The host's authentication as an Authenticator: no user id is a 401. */
export function hostAuthenticator(authenticate: HostAuthentication): Authenticator {
  return async (request) => {
    const userId = await authenticate(request);
    if (typeof userId !== 'string' || !userId) {
      throw new HttpError(401, HTTP_ERROR_CODES.unauthenticated, 'Authentication required');
    }
    return { userId, claims: null };
  };
}

/** The methods whose requests carry a body: judged again once it has arrived (judgeArrived). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Authentication as route hooks. It runs in preParsing: after route protection (an onRequest
 * hook), before the body is read, so 429 comes before 401 and 401 before any 400/413/415 caused
 * by the body. A request that carries a body is judged again once the body has arrived
 * (judgeArrived, preValidation): a request held open across a revocation, a disable or a ban, or
 * past its token's `exp`, gets the 401 a new request would (decisions.md, "Sessions and sign-out
 * everywhere", "A request is judged when it has arrived").
 */
export class Guard {
  constructor(
    private readonly identify: Authenticator,
    private readonly authorizeAccount: Pick<AuthorizeAccount, 'execute'>,
    private readonly stepUp: StepUpOperations | null = null,
  ) {}

  /** Makes `request.callerId` a field of every request of `app` (Fastify wants it declared). */
  static decorate(app: FastifyInstance) {
    app.decorateRequest('callerId', '');
    app.decorateRequest('accountsSession', null);
    app.decorateRequest('accountsOperation', null);
    app.decorateRequest('accountsClaims', null);
  }

  /**
   * The caller, then its token's session check (a revoked one is 401 SESSION_REVOKED), then the
   * disabled/banned gate for a fixed operation; the session's use is recorded once both passed.
   */
  authenticate(operation: AccountOperation) {
    return async (request: FastifyRequest) => {
      await this.identifyCaller(request);
      request.accountsOperation = operation;
      await this.gate(request, operation, false);
    };
  }

  /**
   * preValidation of every route (the body parsed, before its schema is applied, so a bad body
   * still gets the 401): a request of a method that carries a body, judged in preParsing, is
   * judged again now: the token's `exp` (with the verifier's tolerance), its session and the
   * account-state gate, without recording the session's use a second time. GET and HEAD never
   * wait for a body.
   */
  readonly judgeArrived = async (request: FastifyRequest) => {
    const { accountsOperation: operation, accountsClaims: claims } = request;
    if ((operation === null && claims === null) || !BODY_METHODS.has(request.method)) return;
    if (claims !== null && Date.now() > (claims.exp as number) * 1000 + CLOCK_TOLERANCE_MS) {
      throw tokenExpired();
    }
    if (operation !== null) await this.gate(request, operation, true);
  };

  /**
   * For operator routes: the token, then its `scope` claim must hold `adminScope`
   * (operator-scope.ts); never the caller's account gate (the operator's own account need not
   * exist). Under a host's own authentication there are no claims, so no operator.
   */
  operator(adminScope: string) {
    return async (request: FastifyRequest) => {
      const caller = await this.identify(request);
      if (caller.claims === null || !hasOperatorScope(caller.claims, adminScope))
        throw operatorScopeRequired();
      request.callerId = caller.userId;
      request.accountsClaims = caller.claims;
    };
  }

  private async identifyCaller(request: FastifyRequest) {
    const caller = await this.identify(request);
    request.callerId = caller.userId;
    request.accountsClaims = caller.claims;
    request.accountsSession = caller.claims === null ? null : sessionOf(request, caller.claims);
  }

  private async gate(request: FastifyRequest, operation: AccountOperation, recheck: boolean) {
    const allowed = await this.authorizeAccount.execute({
      userId: request.callerId,
      operation,
      session: request.accountsSession ?? undefined,
      stepUp: this.stepUp?.of(request),
      recheck,
    });
    if (allowed.ok) return;
    if (allowed.error.type === 'InsufficientUserAuthentication' && this.stepUp) {
      throw this.stepUp.refusal(request);
    }
    throw HttpError.fromDomain(allowed.error);
  }
}
