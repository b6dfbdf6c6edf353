import type { TSchema } from 'typebox';

/** OpenAPI response headers, as @fastify/swagger reads them from a response schema's `headers`. */
export type ResponseHeaders = Record<
  string,
  { type: 'string' | 'integer'; description: string; format?: string }
>;

export const REQUEST_ID_HEADER: ResponseHeaders = {
  'X-Request-Id': {
    type: 'string',
    description:
      "The request's id, also in the service's log line: the caller's `X-Request-Id` when it is a plain token (letters, digits, `._:-`, up to 128 characters), else a new UUID",
  },
};

export const RATE_LIMIT_HEADERS: ResponseHeaders = {
  'X-RateLimit-Limit': {
    type: 'integer',
    description: "Units of the client's route-protection budget per window",
  },
  'X-RateLimit-Remaining': { type: 'integer', description: 'Units left in the current window' },
  'X-RateLimit-Reset': { type: 'integer', description: 'Seconds until the window starts again' },
};

export const RETRY_AFTER_HEADER: ResponseHeaders = {
  'Retry-After': { type: 'integer', description: 'Whole seconds to wait before trying again' },
};

export function locationHeader(description: string): ResponseHeaders {
  return { Location: { type: 'string', format: 'uri', description } };
}

/** The response schemas with `headers(status)` added to what each already declares. */
export function withHeaders<R extends Record<number, TSchema>>(
  responses: R,
  headers: (status: number) => ResponseHeaders,
): R {
  const result: Record<number, TSchema> = {};
  for (const [status, schema] of Object.entries(responses)) {
    const own = (schema as { headers?: ResponseHeaders }).headers;
    result[Number(status)] = { ...schema, headers: { ...headers(Number(status)), ...own } };
  }
  return result as R;
}
