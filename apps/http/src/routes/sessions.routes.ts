import type { SessionView, UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, callerSessionKey, type Guard } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';
import { ReauthenticationBody } from '../schemas/account.schemas.js';
import { SuccessMessage } from '../schemas/common.schemas.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import { OwnSessionsResponse, SessionIdParams, SessionsRevoked } from '../schemas/sessions.schemas.js';
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
        summary: "The account's live sessions, most recently seen first; `current` marks the caller's",
        tag: 'sessions',
        response: { 200: OwnSessionsResponse },
        errors: ['UserNotFound'],
      }),
      preParsing,
    },
    async (request) => {
      const sessions = await useCases.listSessions.execute({
        userId: callerId(request),
        currentKey: callerSessionKey(request),
      });
      if (!sessions.ok) throw HttpError.fromDomain(sessions.error);
      return { sessions: sessions.value.map(sessionJson) };
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
