import type { AccountView, UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { sendAccountExport } from './account-export.routes.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { SuccessMessage } from '../schemas/common.schemas.js';
import { OPERATOR_ACTIONS } from './operator-actions.js';
import { integerPageLimit, securityEventPageJson } from './security-events.routes.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import {
  Account,
  AccountExport,
  OperatorReasonBody,
  UserIdParams,
  UsersByEmail,
  UsersByEmailQuery,
} from '../schemas/operator.schemas.js';
import { SecurityEventsQuery, SecurityEventsResponse } from '../schemas/security-events.schemas.js';
import { OperatorSessionsResponse, SessionsQuery, SessionsRevoked } from '../schemas/sessions.schemas.js';
import { sessionPageJson, sessionsPageLimit } from './sessions.routes.js';

export type OperatorRoutesOptions = {
  useCases: Pick<
    UseCases,
    | 'showAccount'
    | 'disableAccountAsOperator'
    | 'enableAccountAsOperator'
    | 'banAccountAsOperator'
    | 'unbanAccountAsOperator'
    | 'resetTwoFactor'
    | 'listAccountSecurityEvents'
    | 'listSessionsAsOperator'
    | 'signOutEverywhereAsOperator'
    | 'exportAccountAsOperator'
  >;
  guard: Guard;
  /** ADMIN_SCOPE. */
  adminScope: string;
};

/** Every operator route spends one unit of route protection. */
const OPERATOR_WEIGHT = 1;

const OPERATOR_NOTE =
  "Needs an operator token: its `scope` claim (a space-separated string) holds ADMIN_SCOPE (default `accounts:admin`); otherwise 403 OPERATOR_SCOPE_REQUIRED. The operator's own account is not checked.";

/** The operator API's `Account`, as JSON. */
export function accountJson(account: AccountView) {
  return { ...account, createdAt: account.createdAt.toISOString() };
}

/**
 * `/api/admin/*`: support engineers act on any
 * account with an operator token. No password or second factor is asked; every change is audited
 * with the operator (`actorId`) and the reason.
 */
export const operatorRoutes: FastifyPluginCallbackTypebox<OperatorRoutesOptions> = (
  app,
  { useCases, guard, adminScope },
  done,
) => {
  const preParsing = guard.operator(adminScope);
  const config = rateWeight(OPERATOR_WEIGHT);

  app.get(
    '/admin/users',
    {
      config,
      schema: apiOperation({
        operationId: 'findAccountsByEmail',
        summary: 'The account with an email (exact, ignoring case): zero or one entries',
        description: OPERATOR_NOTE,
        tag: 'operators',
        operator: true,
        querystring: UsersByEmailQuery,
        response: { 200: UsersByEmail },
        errors: [],
      }),
      preParsing,
    },
    async (request) => {
      const found = await useCases.showAccount.execute({ email: request.query.email });
      return { users: found.ok ? [accountJson(found.value)] : [] };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config,
      schema: apiOperation({
        operationId: 'showAccount',
        summary: 'One account by id',
        description: OPERATOR_NOTE,
        tag: 'operators',
        operator: true,
        params: UserIdParams,
        response: { 200: Account },
        errors: ['UserNotFound'],
      }),
      preParsing,
    },
    async (request) => {
      const found = await useCases.showAccount.execute({ userId: request.params.id });
      if (!found.ok) throw HttpError.fromDomain(found.error);
      return accountJson(found.value);
    },
  );

  app.get(
    '/admin/users/:id/security-events',
    {
      config,
      schema: apiOperation({
        operationId: 'listAccountSecurityEvents',
        summary: "An account's security history, newest first, paged as the owner's own",
        description: OPERATOR_NOTE,
        tag: 'operators',
        operator: true,
        params: UserIdParams,
        querystring: SecurityEventsQuery,
        response: { 200: SecurityEventsResponse },
        errors: ['UserNotFound', 'InvalidPageLimit', 'InvalidCursor'],
      }),
      preParsing,
      preValidation: integerPageLimit,
    },
    async (request) => {
      const page = await useCases.listAccountSecurityEvents.execute({
        userId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
      if (!page.ok) throw HttpError.fromDomain(page.error);
      return securityEventPageJson(page.value);
    },
  );

  app.get(
    '/admin/users/:id/sessions',
    {
      config,
      schema: apiOperation({
        operationId: 'listSessionsAsOperator',
        summary: "An account's live sessions, most recently seen first, paged as the owner's own",
        description: OPERATOR_NOTE,
        tag: 'operators',
        operator: true,
        params: UserIdParams,
        querystring: SessionsQuery,
        response: { 200: OperatorSessionsResponse },
        errors: ['UserNotFound', 'InvalidPageLimit', 'InvalidCursor'],
      }),
      preParsing,
      preValidation: sessionsPageLimit,
    },
    async (request) => {
      const page = await useCases.listSessionsAsOperator.execute({
        userId: request.params.id,
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
      if (!page.ok) throw HttpError.fromDomain(page.error);
      return sessionPageJson(page.value);
    },
  );

  app.post(
    '/admin/users/:id/sign-out-everywhere',
    {
      config,
      schema: apiOperation({
        operationId: 'signOutEverywhereAsOperator',
        summary: 'Sign an account out everywhere: its tokens issued up to this second are refused',
        description: `${OPERATOR_NOTE} Audited with the operator's \`sub\` as \`actorId\` and the \`reason\`.`,
        tag: 'operators',
        operator: true,
        params: UserIdParams,
        body: OperatorReasonBody,
        response: { 200: SessionsRevoked },
        errors: ['UserNotFound', 'InvalidReason'],
      }),
      preParsing,
    },
    async (request) => {
      const revoked = await useCases.signOutEverywhereAsOperator.execute({
        userId: request.params.id,
        actorId: callerId(request),
        reason: request.body.reason,
      });
      if (!revoked.ok) throw HttpError.fromDomain(revoked.error);
      return { success: true as const, revoked: revoked.value };
    },
  );

  app.post(
    '/admin/users/:id/export',
    {
      config,
      schema: apiOperation({
        operationId: 'exportAccountAsOperator',
        summary:
          "Everything the service keeps about an account, as its owner's own export (a data-subject request)",
        description: `${OPERATOR_NOTE} The document and headers of \`GET /api/user/export\`. Audited on the account as USER_EXPORT with the operator's \`sub\` as \`actorId\` and the \`reason\`, which the owner sees in their security events; no webhook.`,
        tag: 'operators',
        operator: true,
        params: UserIdParams,
        body: OperatorReasonBody,
        response: { 200: AccountExport },
        errors: ['UserNotFound', 'InvalidReason'],
      }),
      preParsing,
    },
    async (request, reply) => {
      const exported = await useCases.exportAccountAsOperator.execute({
        userId: request.params.id,
        actorId: callerId(request),
        reason: request.body.reason,
      });
      if (!exported.ok) throw HttpError.fromDomain(exported.error);
      return sendAccountExport(reply, exported.value);
    },
  );

  for (const action of OPERATOR_ACTIONS) {
    app.post(
      `/admin/users/:id/${action.path}`,
      {
        config,
        schema: apiOperation({
          operationId: action.operationId,
          summary: action.summary,
          description: `${OPERATOR_NOTE} Audited with the operator's \`sub\` as \`actorId\` and the \`reason\`.`,
          tag: 'operators',
          operator: true,
          params: UserIdParams,
          body: OperatorReasonBody,
          response: { 200: SuccessMessage },
          errors: action.errors,
        }),
        preParsing,
      },
      async (request) => {
        const outcome = await action.run(useCases, {
          userId: request.params.id,
          actorId: callerId(request),
          reason: request.body.reason,
        });
        if (!outcome.ok) throw HttpError.fromDomain(outcome.error);
        return { success: true as const, message: action.success };
      },
    );
  }
  done();
};
