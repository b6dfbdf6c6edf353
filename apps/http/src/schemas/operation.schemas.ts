import type { DomainErrorType } from '@accounts/domain';
import { Type, type TSchema } from 'typebox';
import { tokenSecurity, errorResponses } from './common.schemas.js';
import {
  locationHeader,
  RATE_LIMIT_HEADERS,
  REQUEST_ID_HEADER,
  RETRY_AFTER_HEADER,
  withHeaders,
} from './response-headers.js';

/** The tags of the OpenAPI description; an operation can only use one of these. */
export const API_TAGS = {
  'two-factor': 'TOTP two-factor authentication of the caller: setup, confirm and disable',
  'custom-domain': "The custom domain of the caller's DROP entitlement (writes need the Enterprise tier)",
  account:
    "Disable, re-enable, ban, unban and delete the caller's account; each re-authenticates with the password, and a 2FA code when 2FA is on",
  billing: "The billing provider's customer portal",
  passkeys:
    "The caller's passkeys (WebAuthn): register, list, remove, and the options to re-authenticate with one",
  sessions:
    'Where the caller is signed in: list the sessions, sign one out, the others, or every one (tokens issued up to then are refused)',
  operations: 'Probes for orchestrators and load balancers: no token, no route protection',
  operators:
    'Support operations on any account: need a token whose `scope` claim holds ADMIN_SCOPE (default `accounts:admin`)',
} as const;

export type ApiTag = keyof typeof API_TAGS;

type Responses = Record<number, TSchema>;

type Described = {
  /** The method name of generated clients: camelCase, by convention the use case's name. */
  operationId: string;
  summary: string;
  description?: string;
};

/**
 * The schema of an API route (under /api): bearer token, route protection, and every error
 * answer it can give, each response with the headers the service sends. Every route under /api
 * builds its schema with this, so that the OpenAPI description names and documents it fully.
 */
export function apiOperation<
  R extends Responses,
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
>(
  spec: Described & {
    tag: ApiTag;
    /** Success answers by status: named schemas (see named()). */
    response: R;
    body?: B;
    querystring?: Q;
    /** Path parameters. */
    params?: P;
    /** Domain errors this operation answers with, besides those every API route gives. */
    errors?: readonly DomainErrorType[];
    /** It checks a password: it can answer 503 SERVICE_BUSY with Retry-After. */
    checksPassword?: boolean;
    /** An operator route: needs the operator scope (403 without it), no account gate. */
    operator?: boolean;
  },
) {
  const { operationId, summary, description, tag, response, body, querystring, errors = [] } = spec;
  const params = spec.params;
  const checksPassword = spec.checksPassword ?? false;
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    tags: [tag],
    security: tokenSecurity,
    // Absent stays absent: Fastify warns about a schema key set to undefined.
    ...(body ? { body } : {}),
    ...(querystring ? { querystring } : {}),
    ...(params ? { params } : {}),
    response: withHeaders(
      {
        ...response,
        ...errorResponses({
          body: body !== undefined,
          domain: errors,
          checksPassword,
          ...(spec.operator ? { operator: true } : {}),
        }),
      },
      (status) => ({
        ...REQUEST_ID_HEADER,
        ...RATE_LIMIT_HEADERS,
        ...(status === 429 || status === 503 ? RETRY_AFTER_HEADER : {}),
      }),
    ),
  } as { body: B; querystring: Q; params: P } & ApiSchemaBase<R>;
}

/**
 * What the type provider reads: body and querystring as given, and the success answers only, so
 * that a handler's return value is checked against them (errors are thrown, not returned).
 */
type ApiSchemaBase<R> = {
  operationId: string;
  summary: string;
  description?: string;
  tags: ApiTag[];
  security: typeof tokenSecurity;
  response: R;
};

/** The schema of a probe beside the API: no token, no route protection. */
export function probeOperation<R extends Responses>(spec: Described & { response: R }) {
  const { operationId, summary, description, response } = spec;
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    tags: ['operations' satisfies ApiTag],
    security: [],
    response: withHeaders(response, () => REQUEST_ID_HEADER),
  };
}

/** A redirect answer: no body, the target in `Location`. */
export function redirectResponse(description: string, location: string) {
  return { ...Type.Null({ description }), headers: locationHeader(location) };
}
