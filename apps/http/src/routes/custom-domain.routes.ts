import type { UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { SuccessMessage } from '../schemas/common.schemas.js';
import {
  ConnectCustomDomainBody,
  ConnectCustomDomainResponse,
  CustomDomainResponse,
} from '../schemas/custom-domain.schemas.js';
import { apiOperation } from '../schemas/operation.schemas.js';

export type CustomDomainRoutesOptions = {
  useCases: Pick<UseCases, 'getCustomDomain' | 'connectCustomDomain' | 'disconnectCustomDomain'>;
  guard: Guard;
};

export const customDomainRoutes: FastifyPluginCallbackTypebox<CustomDomainRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.get(
    '/user/custom-domain',
    {
      schema: apiOperation({
        operationId: 'getCustomDomain',
        summary: "The custom domain of the caller's DROP entitlement",
        tag: 'custom-domain',
        response: { 200: CustomDomainResponse },
        errors: ['UserNotFound'],
      }),
      preParsing: guard.authenticate('get-custom-domain'),
    },
    async (request) => {
      const view = await useCases.getCustomDomain.execute({ userId: callerId(request) });
      if (!view.ok) throw HttpError.fromDomain(view.error);
      return view.value;
    },
  );

  app.post(
    '/user/custom-domain',
    {
      schema: apiOperation({
        operationId: 'connectCustomDomain',
        summary: 'Connect a custom domain (Enterprise tier); it starts unverified',
        tag: 'custom-domain',
        body: ConnectCustomDomainBody,
        response: { 200: ConnectCustomDomainResponse },
        errors: ['UserNotFound', 'EnterprisePlanRequired', 'InvalidDomainFormat', 'DomainInUse'],
      }),
      preParsing: guard.authenticate('connect-custom-domain'),
    },
    async (request) => {
      const connected = await useCases.connectCustomDomain.execute({
        userId: callerId(request),
        domain: request.body.domain,
      });
      if (!connected.ok) throw HttpError.fromDomain(connected.error);
      return {
        success: true as const,
        domain: connected.value.domain,
        message: 'Domain connected successfully. Please configure your DNS settings.',
      };
    },
  );

  app.delete(
    '/user/custom-domain',
    {
      schema: apiOperation({
        operationId: 'disconnectCustomDomain',
        summary: 'Disconnect the custom domain (idempotent)',
        tag: 'custom-domain',
        response: { 200: SuccessMessage },
        errors: ['UserNotFound'],
      }),
      preParsing: guard.authenticate('disconnect-custom-domain'),
    },
    async (request) => {
      const disconnected = await useCases.disconnectCustomDomain.execute({ userId: callerId(request) });
      if (!disconnected.ok) throw HttpError.fromDomain(disconnected.error);
      return { success: true as const, message: 'Custom domain disconnected successfully' };
    },
  );
  done();
};
