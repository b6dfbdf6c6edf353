import type { SessionPage, SessionView, UseCases } from '@accounts/application';
import { SESSIONS_PAGE } from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, callerSessionKey, type Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { ReauthenticationBody } from '../schemas/account.schemas.js';
import { SuccessMessage } from '../schemas/common.schemas.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import {
  OwnSessionsResponse,
  SessionIdParams,
  SessionsQuery,
  SessionsRevoked,
} from '../schemas/sessions.schemas.js';
import { integerPageLimitOf } from './security-events.routes.js';
import { REAUTHENTICATION_ERRORS, reauthenticationOf } from './reauthentication.js';

export type SessionRoutesOptions = {
  useCases: Pick<
    UseCases,
    'listSessions' | 'revokeCurrentSession' | 'revokeSession' | 'revokeOtherSessions' | 'signOutEverywhere'
  >;
  guard: Guard;
};

/** A session as JSON: times as ISO strings. */
export function sessionJson<S extends SessionView>(session: S) {
  return {
    ...session,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** preValidation of the session lists: the query's `limit` as an integer. */
export const sessionsPageLimit = integerPageLimitOf(SESSIONS_PAGE);

/** A page of sessions as JSON: the owner's, an operator's, the CLI's. */
export function sessionPageJson<S extends SessionView>(page: SessionPage<S>) {
  return { sessions: page.sessions.map(sessionJson), nextCursor: page.nextCursor };
}

const REVOKED = { success: true as const, message: 'Session revoked' };

/**
 * The caller's sessions (decisions.md, "Sessions and sign-out everywhere"): list them, sign out
 * the current one, another one or the others (these two re-authenticate as disable-account does,
 * and weigh 2), or sign out everywhere.
 */
export const sessionRoutes: FastifyPluginCallbackTypebox<SessionRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  const preParsing = guard.authenticate('sessions');

  app.get(
    '/user/sessions',
    {
      schema: apiOperation({
        operationId: 'listSessions',
        summary:
          "The account's live sessions, most recently seen first, a page at a time; `current` marks the caller's",
        tag: 'sessions',
        querystring: SessionsQuery,
        response: { 200: OwnSessionsResponse },
        errors: ['InvalidPageLimit', 'InvalidCursor', 'UserNotFound'],
      }),
      preParsing,
      preValidation: sessionsPageLimit,
    },
    async (request) => {
      const page = await useCases.listSessions.execute({
        userId: callerId(request),
        currentKey: callerSessionKey(request),
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
      if (!page.ok) throw HttpError.fromDomain(page.error);
      return sessionPageJson(page.value);
    },
  );

  app.delete(
    '/user/sessions/current',
    {
      schema: apiOperation({
        operationId: 'revokeCurrentSession',
        summary: "Sign out the caller's own session (its tokens are refused from now on)",
        tag: 'sessions',
        response: { 200: SuccessMessage },
        errors: ['UserNotFound', 'SessionNotFound'],
      }),
      preParsing,
    },
    async (request) => {
      const outcome = await useCases.revokeCurrentSession.execute({
        userId: callerId(request),
        currentKey: callerSessionKey(request),
      });
      if (!outcome.ok) throw HttpError.fromDomain(outcome.error);
      return REVOKED;
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: rateWeight(2),
      schema: apiOperation({
        operationId: 'revokeSession',
        summary: 'Sign out one session of the account, after re-authenticating as disable-account does',
        tag: 'sessions',
        params: SessionIdParams,
        body: ReauthenticationBody,
        response: { 200: SuccessMessage },
        errors: [...REAUTHENTICATION_ERRORS, 'SessionNotFound'],
        checksPassword: true,
      }),
      preParsing,
    },
    async (request) => {
      const outcome = await useCases.revokeSession.execute({
        ...reauthenticationOf(request),
        sessionId: request.params.id,
      });
      if (!outcome.ok) throw HttpError.fromDomain(outcome.error);
      return REVOKED;
    },
  );

  app.post(
    '/user/sessions/revoke-others',
    {
      config: rateWeight(2),
      schema: apiOperation({
        operationId: 'revokeOtherSessions',
        summary:
          "Sign out every other session: tokens issued up to this second are refused, but the caller's session's",
        tag: 'sessions',
        body: ReauthenticationBody,
        response: { 200: SessionsRevoked },
        errors: REAUTHENTICATION_ERRORS,
        checksPassword: true,
      }),
      preParsing,
    },
    async (request) => {
      const revoked = await useCases.revokeOtherSessions.execute({
        ...reauthenticationOf(request),
        currentKey: callerSessionKey(request),
      });
      if (!revoked.ok) throw HttpError.fromDomain(revoked.error);
      return { success: true as const, revoked: revoked.value };
    },
  );

  app.post(
    '/user/sign-out-everywhere',
    {
      schema: apiOperation({
        operationId: 'signOutEverywhere',
        summary: "Sign out every session, the caller's included: tokens issued up to this second are refused",
        tag: 'sessions',
        response: { 200: SessionsRevoked },
        errors: ['UserNotFound'],
      }),
      preParsing,
    },
    async (request) => {
      const revoked = await useCases.signOutEverywhere.execute({ userId: callerId(request) });
      if (!revoked.ok) throw HttpError.fromDomain(revoked.error);
      return { success: true as const, revoked: revoked.value };
    },
  );
  done();
};
