import type { DomainErrorType } from '@accounts/domain';
import { Type, type TSchema } from 'typebox';
import { DOMAIN_ERROR_ANSWERS, HTTP_ERROR_CODES, type ErrorBody as ErrorBodyType } from '../errors.js';
import { named } from './named-schema.js';

/** Codes the HTTP layer answers with on its own, by status. */
type CodeList = { status: number; code: string }[];

function domainCodes(types: readonly DomainErrorType[]): CodeList {
  return types.map((type) => {
    const { status, code } = DOMAIN_ERROR_ANSWERS[type];
    return { status, code };
  });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: validation failed or the operation refused the input',
  401: 'Missing, invalid, expired or revoked bearer token, a refused DPoP proof, a sign-in too weak or too old for this operation (STEP_UP_OPERATIONS), account disabled or banned, or failed re-authentication',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body larger than 16 KiB',
  415: 'Body is not application/json',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Not ready: the database did not answer in time',
};

/** The body of every answer that is not a success. */
const ErrorBody = named(
  'ErrorBody',
  Type.Object(
    {
      statusCode: Type.Integer({ description: 'The HTTP status' }),
      error: Type.String({ description: 'HTTP status text' }),
      code: Type.String({
        description: 'Stable UPPER_SNAKE identifier of the kind of error; each operation lists its codes',
      }),
      message: Type.String({ description: 'Human-readable; the specification fixes it where it names one' }),
    },
    { description: 'The body of every error answer' },
  ),
);

/** The error body as this route answers it at this status: the status and the codes it can give. */
export function errorSchema(status: number, codes: readonly string[], description?: string) {
  return Type.Unsafe<ErrorBodyType>({
    description: description ?? STATUS_TEXT[status] ?? 'Error',
    allOf: [
      ErrorBody,
      {
        type: 'object',
        required: ['statusCode', 'code'],
        properties: {
          statusCode: { type: 'integer', const: status },
          code: { type: 'string', enum: [...new Set(codes)] },
        },
      },
    ],
  });
}

const BUSY_TEXT =
  'Busy: more password checks at once than the service runs or lets wait; retry after Retry-After';
const KEYS_TEXT =
  "The identity provider's keys have not been read yet (with a key set, before the first read); retry after Retry-After";

/**
 * Error responses of an API route: those every API route can give (503 KEYS_UNAVAILABLE too, with
 * a key set before its first read) plus its own domain errors, and 503 SERVICE_BUSY when it checks
 * a password (see PasswordChecksBusy).
 */
export function errorResponses(options: {
  domain?: readonly DomainErrorType[];
  body?: boolean;
  checksPassword?: boolean;
  /** An operator route: 403 without the operator scope, and no account gate for the caller. */
  operator?: boolean;
}) {
  const list: CodeList = [
    { status: 401, code: HTTP_ERROR_CODES.missingToken },
    { status: 401, code: HTTP_ERROR_CODES.invalidToken },
    { status: 401, code: HTTP_ERROR_CODES.tokenExpired },
    { status: 401, code: HTTP_ERROR_CODES.invalidDpopProof },
    ...(options.operator
      ? [{ status: 403, code: HTTP_ERROR_CODES.operatorScopeRequired }]
      : domainCodes([
          'SessionRevoked',
          'InsufficientUserAuthentication',
          'AccountDisabled',
          'AccountBanned',
        ])),
    { status: 429, code: HTTP_ERROR_CODES.rateLimited },
    { status: 500, code: HTTP_ERROR_CODES.internal },
    ...domainCodes(options.domain ?? []),
  ];
  if (options.body) {
    list.push(
      { status: 400, code: HTTP_ERROR_CODES.validation },
      { status: 400, code: HTTP_ERROR_CODES.invalidJson },
      { status: 413, code: HTTP_ERROR_CODES.payloadTooLarge },
      { status: 415, code: HTTP_ERROR_CODES.unsupportedMediaType },
    );
  }
  if (options.checksPassword) list.push({ status: 503, code: HTTP_ERROR_CODES.busy });
  list.push({ status: 503, code: HTTP_ERROR_CODES.keysUnavailable });
  const byStatus = new Map<number, string[]>();
  for (const { status, code } of list) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  const responses: Record<number, TSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const text =
      status !== 503 ? undefined : options.checksPassword ? `${BUSY_TEXT}; or: ${KEYS_TEXT}` : KEYS_TEXT;
    responses[status] = errorSchema(status, codes, text);
  }
  return responses;
}

/** Every API route needs a token: a bearer token, or a DPoP-bound one with its proof. */
export const tokenSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { dpopAuth: [] }];

export const SuccessMessage = named(
  'SuccessMessage',
  Type.Object(
    { success: Type.Literal(true), message: Type.String() },
    { description: 'A state change that succeeded' },
  ),
);
