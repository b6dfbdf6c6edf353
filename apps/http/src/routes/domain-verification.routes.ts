import type { UseCases } from '@accounts/application';
import type { DomainVerificationView } from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { DomainVerificationResponse } from '../schemas/domain-verification.schemas.js';
import { apiOperation } from '../schemas/operation.schemas.js';

export type DomainVerificationRoutesOptions = {
  useCases: Pick<UseCases, 'getDomainVerification' | 'verifyCustomDomain'>;
  guard: Guard;
};

function toBody(view: DomainVerificationView) {
  return {
    ...view,
    checkedAt: view.checkedAt?.toISOString() ?? null,
    verifiedAt: view.verifiedAt?.toISOString() ?? null,
  };
}

/** The TXT record that proves control of the custom domain, and the check of it. */
export const domainVerificationRoutes: FastifyPluginCallbackTypebox<DomainVerificationRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.get(
    '/user/custom-domain/verification',
    {
      schema: apiOperation({
        operationId: 'getDomainVerification',
        summary: 'The DNS record to publish for the custom domain, and where its verification stands',
        description:
          'Publish a TXT record named `recordName` with the value `recordValue`, then call POST ' +
          '/api/user/custom-domain/verify (pending domains are also re-checked every few minutes, for 7 days).',
        tag: 'custom-domain',
        response: { 200: DomainVerificationResponse },
        errors: ['UserNotFound', 'CustomDomainNotSet'],
      }),
      preParsing: guard.authenticate('get-custom-domain-verification'),
    },
    async (request) => {
      const view = await useCases.getDomainVerification.execute({ userId: callerId(request) });
      if (!view.ok) throw HttpError.fromDomain(view.error);
      return toBody(view.value);
    },
  );

  app.post(
    '/user/custom-domain/verify',
    {
      config: rateWeight(2),
      schema: apiOperation({
        operationId: 'verifyCustomDomain',
        summary: 'Look the verification record up now (Enterprise tier); answers where the check stands',
        description:
          'No body. A TXT string equal to `recordValue` (chunks of one record joined) verifies the domain: ' +
          '`customDomainVerified` becomes true. Found nothing, or the lookup failed or timed out: 200 with ' +
          'the status unchanged (`pending`) and `checkedAt` set. Weighs 2 units of route protection.',
        tag: 'custom-domain',
        response: { 200: DomainVerificationResponse },
        errors: ['UserNotFound', 'EnterprisePlanRequired', 'CustomDomainNotSet'],
      }),
      preParsing: guard.authenticate('verify-custom-domain'),
    },
    async (request) => {
      const checked = await useCases.verifyCustomDomain.execute({ userId: callerId(request) });
      if (!checked.ok) throw HttpError.fromDomain(checked.error);
      return toBody(checked.value);
    },
  );
  done();
};
