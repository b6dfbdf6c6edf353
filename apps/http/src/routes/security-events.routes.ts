import type { SecurityEventPage, UseCases } from '@accounts/application';
import { checkPageLimit, SECURITY_EVENTS_PAGE, type PageSizes } from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import { SecurityEventsQuery, SecurityEventsResponse } from '../schemas/security-events.schemas.js';

export type SecurityEventsRoutesOptions = {
  useCases: Pick<UseCases, 'listSecurityEvents'>;
  guard: Guard;
};

/**
 * The query string's `limit` as the integer the schema takes: validation does not coerce, and a
 * limit that is not a page size is refused with the use case's own answer, not a schema message.
 */
function pageLimit(query: unknown, sizes: PageSizes): number | undefined {
  const raw: unknown =
    typeof query === 'object' && query !== null && 'limit' in query ? query.limit : undefined;
  if (raw === undefined) return undefined;
  const limit = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  const checked = checkPageLimit(limit, sizes);
  if (!checked.ok) throw HttpError.fromDomain(checked.error);
  return checked.value;
}

/** preValidation: the query's `limit` as that integer, for a route that pages a list of `sizes`. */
export function integerPageLimitOf(sizes: PageSizes) {
  return (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    const limit = pageLimit(request.query, sizes);
    if (limit !== undefined) request.query = { ...(request.query as object), limit };
    done();
  };
}

/** integerPageLimitOf for every route that pages security events. */
export const integerPageLimit = integerPageLimitOf(SECURITY_EVENTS_PAGE);

/** A page of security events as JSON, times as ISO strings: the caller's, an operator's, the CLI's. */
export function securityEventPageJson(page: SecurityEventPage) {
  return {
    events: page.events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

export const securityEventsRoutes: FastifyPluginCallbackTypebox<SecurityEventsRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.get(
    '/user/security-events',
    {
      schema: apiOperation({
        operationId: 'listSecurityEvents',
        summary: "The caller's security history: every audited change, newest first, a page at a time",
        tag: 'account',
        querystring: SecurityEventsQuery,
        response: { 200: SecurityEventsResponse },
        errors: ['InvalidPageLimit', 'InvalidCursor', 'UserNotFound'],
      }),
      preParsing: guard.authenticate('list-security-events'),
      preValidation: integerPageLimit,
    },
    async (request) => {
      const page = await useCases.listSecurityEvents.execute({
        userId: callerId(request),
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
      if (!page.ok) throw HttpError.fromDomain(page.error);
      return securityEventPageJson(page.value);
    },
  );
  done();
};
