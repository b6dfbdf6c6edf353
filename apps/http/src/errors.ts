import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PasswordChecksBusy } from '@accounts/application';
import type { DomainError, DomainErrorType, ErrorOf } from '@accounts/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';

/** The one error body of every answer that is not a success. */
export type ErrorBody = { statusCode: number; error: string; code: string; message: string };

/** Status, stable code and message of one kind of domain or use-case error. */
type ErrorAnswer<T extends DomainErrorType> = {
  status: number;
  code: string;
  message: string | ((error: ErrorOf<T>) => string);
};

/** One row per kind: the compiler points at the row a new kind of error needs. */
type ErrorAnswers = { readonly [T in DomainErrorType]: ErrorAnswer<T> };

/**
 * Every error kind a use case can answer with, as the HTTP service answers it; the messages are
 * the specification's where it fixes one.
 */
export const DOMAIN_ERROR_ANSWERS: ErrorAnswers = {
  UserNotFound: { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' },
  InvalidPassword: { status: 401, code: 'INVALID_PASSWORD', message: 'Invalid password' },
  // TWO_FACTOR_REQUIRE_PASSWORD: status and message as the schema answers a missing password on
  // the account operations; a code of its own, so a client can tell it to ask for the password.
  PasswordRequired: {
    status: 400,
    code: 'PASSWORD_REQUIRED',
    message: "body must have required property 'password'",
  },
  TwoFactorCodeRequired: {
    status: 401,
    code: 'TWO_FACTOR_CODE_REQUIRED',
    message: '2FA verification code is required',
  },
  TwoFactorSecretMissing: {
    status: 500,
    code: 'TWO_FACTOR_SECRET_MISSING',
    message: '2FA is enabled but secret is missing',
  },
  InvalidTwoFactorCode: {
    status: 401,
    code: 'INVALID_TWO_FACTOR_CODE',
    message: 'Invalid 2FA verification code',
  },
  TooManyAttempts: {
    status: 429,
    code: 'TOO_MANY_ATTEMPTS',
    message: ({ retryAfterSeconds }) => `Too many failed attempts, retry in ${retryAfterSeconds} seconds`,
  },
  InvalidVerificationCode: {
    status: 400,
    code: 'INVALID_VERIFICATION_CODE',
    message: 'Invalid verification code',
  },
  DisableCodeRequired: {
    status: 400,
    code: 'VERIFICATION_CODE_REQUIRED',
    message: '2FA verification code is required to disable 2FA',
  },
  TwoFactorNotEnabled: { status: 400, code: 'TWO_FACTOR_NOT_ENABLED', message: '2FA is not enabled' },
  TwoFactorAlreadyEnabled: {
    status: 400,
    code: 'TWO_FACTOR_ALREADY_ENABLED',
    message: '2FA is already enabled',
  },
  InvalidSecret: { status: 400, code: 'INVALID_SECRET', message: 'Invalid secret' },
  EnterprisePlanRequired: {
    status: 403,
    code: 'ENTERPRISE_PLAN_REQUIRED',
    message: 'Enterprise plan required for custom domains',
  },
  InvalidDomainFormat: { status: 400, code: 'INVALID_DOMAIN_FORMAT', message: 'Invalid domain format' },
  DomainInUse: { status: 409, code: 'DOMAIN_IN_USE', message: 'Domain is already in use' },
  AccountNotDisabled: { status: 400, code: 'ACCOUNT_NOT_DISABLED', message: 'Account is not disabled' },
  AccountNotBanned: { status: 400, code: 'ACCOUNT_NOT_BANNED', message: 'Account is not banned' },
  AccountDisabled: { status: 401, code: 'ACCOUNT_DISABLED', message: 'Account is disabled' },
  AccountBanned: { status: 401, code: 'ACCOUNT_BANNED', message: 'Account is banned' },
  BillingCustomerMissing: {
    status: 400,
    code: 'BILLING_CUSTOMER_MISSING',
    message: 'No billing customer ID found for this account. Please contact support.',
  },
  BillingCustomerUnknown: {
    status: 400,
    code: 'BILLING_CUSTOMER_NOT_FOUND',
    message: 'Customer not found at the billing provider. Please contact support.',
  },
  BillingCheckFailed: {
    status: 500,
    code: 'BILLING_CHECK_FAILED',
    message: 'Failed to verify customer. Please contact support.',
  },
  CustomDomainNotSet: { status: 404, code: 'CUSTOM_DOMAIN_NOT_SET', message: 'No custom domain is set' },
  VerificationCodeMissing: {
    status: 400,
    code: 'VERIFICATION_CODE_MISSING',
    message: '2FA verification code is required',
  },
  InvalidPageLimit: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'limit must be a whole number from 1 to 100',
  },
  InvalidCursor: { status: 400, code: 'INVALID_CURSOR', message: 'Invalid cursor' },
  InvalidPasskeyResponse: {
    status: 400,
    code: 'INVALID_PASSKEY_RESPONSE',
    message: 'Invalid passkey response',
  },
  PasskeyAlreadyRegistered: {
    status: 409,
    code: 'PASSKEY_ALREADY_REGISTERED',
    message: 'Passkey is already registered',
  },
  TooManyPasskeys: { status: 400, code: 'TOO_MANY_PASSKEYS', message: 'Too many passkeys' },
  NoPasskeyRegistered: { status: 400, code: 'NO_PASSKEY_REGISTERED', message: 'No passkey is registered' },
  PasskeyNotFound: { status: 404, code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' },
  AccountAlreadyDisabled: {
    status: 409,
    code: 'ACCOUNT_ALREADY_DISABLED',
    message: 'Account is already disabled',
  },
  AccountAlreadyBanned: { status: 409, code: 'ACCOUNT_ALREADY_BANNED', message: 'Account is already banned' },
  InvalidReason: {
    status: 400,
    code: 'INVALID_REASON',
    message: 'reason must be 1 to 500 characters, not only spaces',
  },
  SessionRevoked: { status: 401, code: 'SESSION_REVOKED', message: 'Session has been revoked' },
  InsufficientUserAuthentication: {
    status: 401,
    code: 'INSUFFICIENT_USER_AUTHENTICATION',
    message: 'A stronger or more recent sign-in is required',
  },
  SessionNotFound: { status: 404, code: 'SESSION_NOT_FOUND', message: 'Session not found' },
};

export type ErrorDescription = { status: number; code: string; message: string };

/** The row of the error's kind, with the message filled in. */
export function describeError<T extends DomainErrorType>(error: ErrorOf<T>): ErrorDescription {
  const { status, code, message }: ErrorAnswer<T> = DOMAIN_ERROR_ANSWERS[error.type];
  return { status, code, message: typeof message === 'string' ? message : message(error) };
}

/** An answer the HTTP layer decided on; thrown so that the one error handler formats it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    /** A `WWW-Authenticate` of its own (step-up, DPoP); else a 401 of a token route gets the default. */
    readonly challenge?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static fromDomain(error: DomainError): HttpError {
    const { status, code, message } = describeError(error);
    return new HttpError(
      status,
      code,
      message,
      error.type === 'TooManyAttempts' ? error.retryAfterSeconds : undefined,
    );
  }
}

const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Stable codes of the answers the HTTP layer gives itself (domain codes come from DOMAIN_ERROR_ANSWERS). */
export const HTTP_ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  requestTimeout: 'REQUEST_TIMEOUT',
  headersTooLarge: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  shuttingDown: 'SERVICE_UNAVAILABLE',
  /** No bearer token: no Authorization header, or one that is not "Bearer <token>". */
  missingToken: 'MISSING_TOKEN',
  /** A bearer token that verified but has expired: refresh it. */
  tokenExpired: 'TOKEN_EXPIRED',
  /** Any other bad token (signature, algorithm, claims, malformed): get a new one. */
  invalidToken: 'INVALID_TOKEN',
  /** The identity provider's key set has not been read yet: the token is neither accepted nor refused. */
  keysUnavailable: 'KEYS_UNAVAILABLE',
  /** A host that mounts the API with its own authentication found no signed-in user. */
  unauthenticated: 'UNAUTHENTICATED',
  rateLimited: 'RATE_LIMITED',
  /** More password checks than the service runs at once and lets wait: retry after Retry-After. */
  busy: 'SERVICE_BUSY',
  badRequest: 'BAD_REQUEST',
  /** A verified token whose `scope` claim lacks ADMIN_SCOPE, on an operator route. */
  operatorScopeRequired: 'OPERATOR_SCOPE_REQUIRED',
  /** A DPoP-bound token in the wrong scheme, an unbound one where DPoP is required, or a failed proof. */
  invalidDpopProof: 'INVALID_DPOP_PROOF',
  /** The record of DPoP proofs already used cannot be reached: no proof is accepted unchecked. */
  dpopUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message };
}

type ValidationIssue = { instancePath?: string; message?: string };

/** "body/password must be string", "body must have required property 'password'". */
function validationMessage(error: FastifyError): string {
  const first = (error.validation as ValidationIssue[] | undefined)?.[0];
  if (!first) return error.message;
  const path = (first.instancePath ?? '').replace(/^\//, '');
  const where = [error.validationContext ?? 'body', path].filter(Boolean).join('/');
  return `${where} ${first.message ?? 'is invalid'}`;
}

/** Maps anything thrown to status, code and a message that is safe to show. */
function toErrorReply(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof PasswordChecksBusy) {
    const seconds = error.retryAfterSeconds;
    return new HttpError(
      503,
      HTTP_ERROR_CODES.busy,
      `The service is busy, retry in ${seconds} seconds`,
      seconds,
    );
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (!fastifyError || typeof fastifyError !== 'object') return null;
  if (fastifyError.validation) {
    return new HttpError(400, HTTP_ERROR_CODES.validation, validationMessage(fastifyError as FastifyError));
  }
  const code = fastifyError.code;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new HttpError(
      415,
      HTTP_ERROR_CODES.unsupportedMediaType,
      'Unsupported Media Type: the body must be application/json',
    );
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HttpError(
      413,
      HTTP_ERROR_CODES.payloadTooLarge,
      `Request body is larger than ${BODY_LIMIT_BYTES} bytes`,
    );
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    // Never the parser's own text: it may quote the body.
    return new HttpError(400, HTTP_ERROR_CODES.invalidJson, 'Body is not valid JSON');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (bad URL, bad content length...): their text carries no input.
    return new HttpError(status, codeForStatus(status), STATUS_CODES[status] ?? 'Bad Request');
  }
  return null;
}

function codeForStatus(status: number): string {
  const name = STATUS_CODES[status];
  return name ? name.toUpperCase().replace(/[^A-Z0-9]+/g, '_') : HTTP_ERROR_CODES.badRequest;
}

/**
 * Whether the database's outage is what `error` (or an error it was caused by) reports: the
 * adapters' DatabaseUnreachableError, known by its name so that the plugin needs no database
 * module (a host may embed it over its own).
 */
function isDatabaseOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    if (current.name === 'DatabaseUnreachableError') return true;
    current = current.cause;
  }
  return false;
}

/** What a 401 answer of a token route carries in `WWW-Authenticate` (www-authenticate.ts). */
export type ChallengeOf = (request: FastifyRequest, error: HttpError) => string;

/** The app's one error handler: known answers as they are, anything else a logged 500. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  return answerError(error, request, reply, null);
}

/**
 * The error handler of routes that take a bearer token: as handleError, and every 401 carries a
 * `WWW-Authenticate` challenge (RFC 6750 §3), the error's own or `challengeOf`'s.
 */
export function tokenRouteErrorHandler(challengeOf: ChallengeOf) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
    answerError(error, request, reply, challengeOf);
}

function answerError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  challengeOf: ChallengeOf | null,
) {
  const known = toErrorReply(error);
  if (!known && isDatabaseOutage(error)) {
    // The outage itself is logged once with its cause as it starts and ends (composition-root.ts):
    // each request it refuses gets one short line, no stack, so clients retrying at once against
    // fast 500s do not turn the outage into a log storm.
    request.log.error({ statusCode: 500, route: request.routeOptions.url }, 'database unreachable');
  } else if (!known) {
    request.log.error({ err: error }, 'Unexpected error');
  }
  if (!known) {
    return reply
      .code(500)
      .type('application/json')
      .send(errorBody(500, HTTP_ERROR_CODES.internal, INTERNAL_ERROR_MESSAGE));
  }
  if (known.code === HTTP_ERROR_CODES.busy) {
    request.log.warn({ code: known.code }, 'Request refused: too many password checks under way');
  } else if (known.statusCode >= 500) {
    request.log.error({ code: known.code }, 'Request failed');
  } else {
    request.log.info({ code: known.code, statusCode: known.statusCode }, 'Request refused');
  }
  if (known.retryAfterSeconds !== undefined) reply.header('retry-after', String(known.retryAfterSeconds));
  const challenge = known.challenge ?? (known.statusCode === 401 ? challengeOf?.(request, known) : undefined);
  if (challenge !== undefined) reply.header('www-authenticate', challenge);
  return reply
    .code(known.statusCode)
    .type('application/json')
    .send(errorBody(known.statusCode, known.code, known.message));
}

/** The methods the router can hold, in the order an `Allow` header lists them. */
const ROUTABLE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Whether a route matches `method` and `path` (a URL, not a route pattern as `hasRoute` takes). */
function hasRouteFor(server: FastifyInstance, method: HTTPMethods, path: string): boolean {
  // Fastify's types say findRoute always finds one; it returns null when none matches.
  const route = server.findRoute({ method, url: path }) as ReturnType<FastifyInstance['findRoute']> | null;
  return route !== null;
}

/** No route for this method: 405 with `Allow` when the path has routes for others, else 404. */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = ROUTABLE_METHODS.filter((method) => hasRouteFor(request.server, method, path));
  // CORS answers OPTIONS on every path: only another method makes the path a known one.
  if (allowed.some((method) => method !== 'OPTIONS')) {
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .type('application/json')
      .send(
        errorBody(
          405,
          HTTP_ERROR_CODES.methodNotAllowed,
          `Method ${request.method} is not allowed on ${path}`,
        ),
      );
  }
  return reply
    .code(404)
    .type('application/json')
    .send(errorBody(404, HTTP_ERROR_CODES.notFound, `Route ${request.method} ${path} not found`));
}

/** While the app closes (Fastify's own 503 is answered with its body shape, so it is off). */
export function shuttingDown(reply: FastifyReply) {
  return reply
    .code(503)
    .header('connection', 'close')
    .type('application/json')
    .send(errorBody(503, HTTP_ERROR_CODES.shuttingDown, 'The service is shutting down'));
}

/** Security headers of every answer under /api. */
export const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

/** Fastify's routing failures, by their documented codes; the text never quotes the URL. */
const FRAMEWORK_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, HTTP_ERROR_CODES.badRequest, 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, codeForStatus(414), 'A path parameter is too long'],
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a URL that
 * does not decode, such as `/api/%zz`; a parameter over the router's length). No onRequest hook
 * runs for these, so the headers of every answer go along here; the path is not trusted, so the
 * /api headers always do. Fastify's own answer echoed the URL and carried neither header.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, code, message] = FRAMEWORK_ERRORS[error.code] ?? [
    500,
    HTTP_ERROR_CODES.internal,
    INTERNAL_ERROR_MESSAGE,
  ];
  if (status >= 500) request.log.error({ code: error.code }, 'Framework error');
  else request.log.info({ code, statusCode: status }, 'Request refused');
  void reply
    .code(status)
    .headers({ ...API_HEADERS, 'x-request-id': request.id })
    .type('application/json')
    .send(errorBody(status, code, message));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over 16 KiB, a timeout,
 * a malformed request), answered with the common error body. The path is unknown here, so the
 * /api headers always go along.
 */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, string, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, HTTP_ERROR_CODES.headersTooLarge, 'Request header fields are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, HTTP_ERROR_CODES.requestTimeout, 'Request took too long to arrive']
        : [400, HTTP_ERROR_CODES.badRequest, 'Malformed HTTP request'];
  this.log.debug({ code: error.code, statusCode: status }, 'Client error');
  const body = JSON.stringify(errorBody(status, code, message));
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(API_HEADERS).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  if (socket.writable) socket.write(`${headers.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}
