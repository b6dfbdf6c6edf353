import type { UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { apiOperation, redirectResponse } from '../schemas/operation.schemas.js';

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
      schema: apiOperation({
        operationId: 'openBillingPortal',
        summary: "Redirect (307) to the billing provider's customer portal",
        tag: 'billing',
        response: {
          307: redirectResponse(
            'Temporary redirect to the portal',
            'The customer portal: {BILLING_PORTAL_URL}/portal/{customerId} (in sandbox mode the host has the prefix `sandbox-`)',
          ),
        },
        errors: ['UserNotFound', 'BillingCustomerMissing', 'BillingCustomerUnknown', 'BillingCheckFailed'],
      }),
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
