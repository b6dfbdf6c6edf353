import type { UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import { SecurityEventsQuery, SecurityEventsResponse } from '../schemas/security-events.schemas.js';

export type SecurityEventsRoutesOptions = {
  useCases: Pick<UseCases, 'listSecurityEvents'>;
  guard: Guard;
};

/** `limit` as given: digits only, or NaN so that the use case refuses it with the one message. */
function pageLimit(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  return /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
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
        errors: ['InvalidPageLimit', 'InvalidCursor'],
      }),
      preParsing: guard.authenticate('list-security-events'),
    },
    async (request) => {
      const page = await useCases.listSecurityEvents.execute({
        userId: callerId(request),
        limit: pageLimit(request.query.limit),
        cursor: request.query.cursor,
      });
      if (!page.ok) throw HttpError.fromDomain(page.error);
      return {
        events: page.value.events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
        nextCursor: page.value.nextCursor,
      };
    },
  );
  done();
};
