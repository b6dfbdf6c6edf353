import type { HandleProviderLogout, HandleProviderLogoutError } from '@accounts/application';
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES, handleError, HttpError, HTTP_ERROR_CODES } from '../errors.js';
import { errorSchema } from '../schemas/common.schemas.js';
import { LogoutRefused, LogoutRequest } from '../schemas/idp-logout.schemas.js';
import { REQUEST_ID_HEADER, RETRY_AFTER_HEADER, withHeaders } from '../schemas/response-headers.js';
import { SessionsRevoked } from '../schemas/sessions.schemas.js';

type IdpLogoutRoutesOptions = { handleProviderLogout: Pick<HandleProviderLogout, 'execute'> };

const BACKCHANNEL_LOGOUT_PATH = '/api/idp/backchannel-logout';

const FORM = 'application/x-www-form-urlencoded';
/** How soon the provider may retry while the keys are read or the used ids cannot be reached. */
const RETRY_AFTER_SECONDS = 5;
const REPLAY_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

type LogoutBody = { logout_token?: unknown };

/**
 * The form's fields by name; a field given twice is kept as a list, so that it fails the check
 * of one `logout_token` rather than one of its values being taken.
 */
function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}

/** The answer of a refused logout token: OAuth 2.0's error shape, with the service's code. */
function refused(reply: FastifyReply, description: string) {
  return reply
    .code(400)
    .send({ error: 'invalid_request', error_description: description, code: 'INVALID_LOGOUT_TOKEN' });
}

function unavailable(error: Exclude<HandleProviderLogoutError, { type: 'InvalidLogoutToken' }>): HttpError {
  switch (error.type) {
    case 'KeysUnavailable':
      return new HttpError(
        503,
        HTTP_ERROR_CODES.keysUnavailable,
        'Identity provider keys unavailable',
        RETRY_AFTER_SECONDS,
      );
    case 'ReplayUnchecked':
      return new HttpError(
        503,
        REPLAY_UNAVAILABLE,
        'The logout token cannot be checked now',
        RETRY_AFTER_SECONDS,
      );
  }
}

/** Other bodies than a form are refused as the other routes refuse what is not JSON, with this route's type. */
function handleLogoutError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return handleError(
      new HttpError(
        415,
        HTTP_ERROR_CODES.unsupportedMediaType,
        `Unsupported Media Type: the body must be ${FORM}`,
      ),
      request,
      reply,
    );
  }
  return handleError(error, request, reply);
}

/**
 * The identity provider's back-channel logout (decisions.md, "The provider's sign-outs"), at the
 * app's root: no bearer token, outside route protection's per-client budget (the body limit and
 * the signature check, before any database work, bound its cost). Form bodies only, through a
 * parser of its own; every answer `Cache-Control: no-store`.
 */
export const idpLogoutRoutes: FastifyPluginCallback<IdpLogoutRoutesOptions> = (app, options, done) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, parseForm(body as string));
    },
  );
  app.setErrorHandler(handleLogoutError);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  app.post(
    BACKCHANNEL_LOGOUT_PATH,
    {
      bodyLimit: BODY_LIMIT_BYTES,
      // The checks of the body are the logout token's, answered in its error shape.
      attachValidation: true,
      schema: {
        operationId: 'handleProviderLogout',
        summary:
          "The identity provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0): signs out the sessions its logout token names",
        description:
          'Enabled by OIDC_LOGOUT_AUDIENCE. No bearer token and no route protection; the logout token is the credential.',
        tags: ['sessions'],
        security: [],
        consumes: [FORM],
        body: LogoutRequest,
        response: withHeaders(
          {
            200: SessionsRevoked,
            400: LogoutRefused,
            413: errorSchema(413, [HTTP_ERROR_CODES.payloadTooLarge]),
            415: errorSchema(415, [HTTP_ERROR_CODES.unsupportedMediaType], `The body is not ${FORM}`),
            500: errorSchema(500, [HTTP_ERROR_CODES.internal]),
            503: errorSchema(
              503,
              [HTTP_ERROR_CODES.keysUnavailable, REPLAY_UNAVAILABLE],
              "The identity provider's keys have not been read yet, or the used logout tokens cannot be read; retry after Retry-After",
            ),
          },
          (status) => ({ ...REQUEST_ID_HEADER, ...(status === 503 ? RETRY_AFTER_HEADER : {}) }),
        ),
      },
    },
    async (request, reply) => {
      const token = (request.body as LogoutBody | undefined)?.logout_token;
      if (typeof token !== 'string' || token === '') return refused(reply, 'logout_token is required, once');
      const outcome = await options.handleProviderLogout.execute({ logoutToken: token });
      if (outcome.ok) return { success: true as const, revoked: outcome.value };
      if (outcome.error.type === 'InvalidLogoutToken') return refused(reply, outcome.error.reason);
      throw unavailable(outcome.error);
    },
  );
  done();
};
