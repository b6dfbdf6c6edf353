import type { UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { bearerSecurity, errorResponses } from '../schemas/common.schemas.js';

export type BillingRoutesOptions = {
  useCases: Pick<UseCases, 'openBillingPortal'>;
  guard: Guard;
};

export const billingRoutes: FastifyPluginCallbackTypebox<BillingRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.get(
    '/billing/portal',
    {
      config: rateWeight(2),
      schema: {
        summary: "Redirect (307) to the billing provider's customer portal",
        tags: ['billing'],
        security: bearerSecurity,
        response: {
          307: Type.Null({
            description: 'Temporary redirect; Location is {BILLING_PORTAL_URL}/portal/{customerId}',
          }),
          ...errorResponses({
            domain: ['BillingCustomerMissing', 'BillingCustomerUnknown', 'BillingCheckFailed'],
          }),
        },
      },
      preParsing: guard.authenticate('open-billing-portal'),
    },
    async (request, reply) => {
      const portal = await useCases.openBillingPortal.execute({ userId: callerId(request) });
      if (!portal.ok) throw HttpError.fromDomain(portal.error);
      return reply.redirect(portal.value.url, 307);
    },
  );
  done();
};
