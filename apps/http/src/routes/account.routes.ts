import type { ReauthenticationInput, UseCases } from '@accounts/application';
import type { AccountOperation, DomainError, DomainErrorType, Result } from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import type { Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { ReauthenticationBody } from '../schemas/account.schemas.js';
import { SuccessMessage } from '../schemas/common.schemas.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import { REAUTHENTICATION_ERRORS, reauthenticationOf } from './reauthentication.js';

export type AccountRoutesOptions = {
  useCases: Pick<
    UseCases,
    'disableAccount' | 'enableAccount' | 'banAccount' | 'unbanAccount' | 'deleteAccount'
  >;
  guard: Guard;
};

type AccountAction = {
  method: 'POST' | 'DELETE';
  url: string;
  operation: AccountOperation;
  /** The OpenAPI operationId: the use case's name. */
  operationId: string;
  /** Units of route protection spent; disable, ban and delete weigh 2. */
  weight: number;
  summary: string;
  extraErrors: DomainErrorType[];
  success: string;
  run: (input: ReauthenticationInput) => Promise<Result<void, DomainError>>;
};

/** Disable/enable, ban/unban and delete: re-authenticate with password (and code), then act. */
export const accountRoutes: FastifyPluginCallbackTypebox<AccountRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  const actions: AccountAction[] = [
    {
      method: 'POST',
      url: '/auth/disable-account',
      operation: 'disable-account',
      operationId: 'disableAccount',
      weight: 2,
      summary: 'Disable the account (billing subscriptions cancelled at period end)',
      extraErrors: [],
      success: 'Account disabled successfully',
      run: (input) => useCases.disableAccount.execute(input),
    },
    {
      method: 'DELETE',
      url: '/auth/disable-account',
      operation: 'enable-account',
      operationId: 'enableAccount',
      weight: 2,
      summary: 'Re-enable a disabled account',
      extraErrors: ['AccountNotDisabled'],
      success: 'Account enabled successfully',
      run: (input) => useCases.enableAccount.execute(input),
    },
    {
      method: 'POST',
      url: '/auth/ban-account',
      operation: 'ban-account',
      operationId: 'banAccount',
      weight: 2,
      summary: 'Ban the account (billing subscriptions cancelled at period end)',
      extraErrors: [],
      success: 'Account banned successfully',
      run: (input) => useCases.banAccount.execute(input),
    },
    {
      method: 'DELETE',
      url: '/auth/ban-account',
      operation: 'unban-account',
      operationId: 'unbanAccount',
      weight: 2,
      summary: 'Lift the ban on the account',
      extraErrors: ['AccountNotBanned'],
      success: 'Account unbanned successfully',
      run: (input) => useCases.unbanAccount.execute(input),
    },
    {
      method: 'POST',
      url: '/auth/delete-account',
      operation: 'delete-account',
      operationId: 'deleteAccount',
      weight: 2,
      summary: 'Delete the account for good (billing subscriptions revoked)',
      extraErrors: [],
      success: 'Account deleted successfully',
      run: (input) => useCases.deleteAccount.execute(input),
    },
  ];

  for (const action of actions) {
    app.route({
      method: action.method,
      url: action.url,
      config: rateWeight(action.weight),
      schema: apiOperation({
        operationId: action.operationId,
        summary: action.summary,
        tag: 'account',
        body: ReauthenticationBody,
        response: { 200: SuccessMessage },
        errors: [...REAUTHENTICATION_ERRORS, ...action.extraErrors],
        checksPassword: true,
      }),
      preParsing: guard.authenticate(action.operation),
      handler: async (request) => {
        const outcome = await action.run(reauthenticationOf(request));
        if (!outcome.ok) throw HttpError.fromDomain(outcome.error);
        return { success: true as const, message: action.success };
      },
    });
  }
  done();
};
