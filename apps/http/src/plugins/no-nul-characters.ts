import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HTTP_ERROR_CODES, HttpError } from '../errors.js';

const NUL = '\u0000';

/** Whether a string anywhere in `value` (object keys included) holds a NUL character; no recursion, so any depth is fine. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...(next as unknown[]));
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Text with a NUL character (`\u0000`) in a body, a path parameter or a query is refused with 400
 * `VALIDATION_ERROR` before validation (decisions.md, "Errors"):
 * PostgreSQL stores no NUL in text or jsonb, so it would otherwise reach the database as a 500
 * with the request's data in the error log. One preValidation hook over every API route, so that
 * no route's schema has to remember it; the answer names where, never the text.
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  const where = holdsNul(request.params)
    ? 'params'
    : holdsNul(request.query)
      ? 'querystring'
      : holdsNul(request.body)
        ? 'body'
        : null;
  if (where === null) {
    done();
    return;
  }
  done(new HttpError(400, HTTP_ERROR_CODES.validation, `${where} must not contain a NUL character`));
}
