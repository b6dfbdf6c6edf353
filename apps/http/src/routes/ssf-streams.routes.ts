import type {
  ManageSsfStreams,
  PollSsfStream,
  SsfStream,
  SsfStreamError,
  SsfStreamInput,
} from '@accounts/application';
import {
  grantsSsfAccess,
  SSF_EVENTS_SUPPORTED,
  SSF_MIN_VERIFICATION_INTERVAL_S,
  ssfReceiverOf,
  type SsfAccess,
} from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../errors.js';
import type { Authenticator } from '../plugins/authentication.js';
import { rateWeight } from '../plugins/rate-limit.js';

export type SsfStreamRoutesOptions = {
  /** The API's token verification (Bearer or DPoP, as every route's). */
  identify: Authenticator;
  manage: Pick<ManageSsfStreams, keyof ManageSsfStreams>;
  /** The transmitter's issuer (PUBLIC_URL): every stream's `iss`. */
  issuer: string;
  /** The identity provider's issuer: an `iss_sub` subject of another issuer names no user here. */
  providerIssuer: string;
  /** The user id of an `email` subject, or null. */
  userIdByEmail: (email: string) => Promise<string | null>;
  /** RFC 8936 polls of poll streams (`/api/ssf/poll/{stream_id}`). */
  poll: Pick<PollSsfStream, 'execute'>;
};

/** Codes of the SSF endpoints' answers (the common error body). */
const SSF_ERROR_CODES = {
  insufficientScope: 'INSUFFICIENT_SCOPE',
  streamNotFound: 'STREAM_NOT_FOUND',
  streamExists: 'STREAM_EXISTS',
  invalidStream: 'INVALID_STREAM_CONFIGURATION',
  invalidSubject: 'INVALID_SUBJECT',
  verificationTooSoon: 'VERIFICATION_TOO_SOON',
} as const;

/** Every SSF route spends one unit of route protection, as operator routes do. */
const SSF_WEIGHT = 1;

const JsonObject = Type.Object({}, { additionalProperties: true });
const Delivery = Type.Object({
  method: Type.String({ maxLength: 200 }),
  endpoint_url: Type.Optional(Type.String({ maxLength: 2000 })),
  authorization_header: Type.Optional(Type.String({ maxLength: 4000 })),
});
const StreamFields = {
  delivery: Type.Optional(Delivery),
  events_requested: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
};
const StreamId = Type.String({ minLength: 1, maxLength: 100 });
const StreamIdQuery = Type.Object({ stream_id: Type.Optional(StreamId) });
const RequiredStreamIdQuery = Type.Object({ stream_id: StreamId });
const Subject = Type.Object({
  format: Type.String({ maxLength: 50 }),
  iss: Type.Optional(Type.String({ maxLength: 2000 })),
  sub: Type.Optional(Type.String({ maxLength: 500 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
});

const receivers = new WeakMap<FastifyRequest, string>();

/** The error answers of the stream operations. */
function answer(error: SsfStreamError): HttpError {
  switch (error.type) {
    case 'StreamNotFound':
      return new HttpError(404, SSF_ERROR_CODES.streamNotFound, 'Stream not found');
    case 'StreamExists':
      return new HttpError(409, SSF_ERROR_CODES.streamExists, 'The receiver has a stream already');
    case 'InvalidStreamConfiguration':
      return new HttpError(
        400,
        SSF_ERROR_CODES.invalidStream,
        `Invalid stream configuration: ${error.problem}`,
      );
    case 'VerificationTooSoon':
      return new HttpError(
        429,
        SSF_ERROR_CODES.verificationTooSoon,
        `At most one verification every ${SSF_MIN_VERIFICATION_INTERVAL_S} seconds`,
        error.retryAfterSeconds,
      );
  }
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: SsfStreamError }): T {
  if (!result.ok) throw answer(result.error);
  return result.value;
}

type StreamBody = {
  delivery?: { method: string; endpoint_url?: string; authorization_header?: string };
  events_requested?: string[];
  description?: string;
};

function inputOf(body: StreamBody): SsfStreamInput {
  const { delivery } = body;
  return {
    ...(delivery
      ? {
          delivery: {
            method: delivery.method,
            ...(delivery.endpoint_url !== undefined ? { endpointUrl: delivery.endpoint_url } : {}),
            ...(delivery.authorization_header !== undefined
              ? { authorizationHeader: delivery.authorization_header }
              : {}),
          },
        }
      : {}),
    ...(body.events_requested !== undefined ? { eventsRequested: body.events_requested } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
  };
}

/**
 * SSF 1.0 §8.1 stream management under /api/ssf/, for receivers with the provider's tokens:
 * `ssf.manage` for changes, `ssf.read` (or `ssf.manage`) for reads; no session, no account gate.
 * Each receiver (the token's client_id, else azp, else sub) has at most one stream and sees only
 * its own. Outside the OpenAPI description: SSF 1.0 describes these endpoints.
 */
export const ssfStreamRoutes: FastifyPluginCallbackTypebox<SsfStreamRoutesOptions> = (app, options, done) => {
  const { manage, issuer, providerIssuer } = options;
  const config = rateWeight(SSF_WEIGHT);

  /** The stream configuration as SSF 1.0 §8.1.1 shows it: never its authorization_header. */
  const configurationOf = (stream: SsfStream) => ({
    stream_id: stream.id,
    iss: issuer,
    aud: stream.receiver,
    events_supported: SSF_EVENTS_SUPPORTED,
    ...(stream.eventsRequested !== null ? { events_requested: stream.eventsRequested } : {}),
    events_delivered: stream.eventsDelivered,
    delivery: { method: stream.delivery.method, endpoint_url: stream.delivery.endpointUrl },
    min_verification_interval: SSF_MIN_VERIFICATION_INTERVAL_S,
    ...(stream.description !== null ? { description: stream.description } : {}),
  });

  const statusOf = (stream: SsfStream) => ({
    stream_id: stream.id,
    status: stream.status,
    ...(stream.statusReason !== null ? { reason: stream.statusReason } : {}),
  });

  const caller = (access: SsfAccess) => async (request: FastifyRequest) => {
    const { claims } = await options.identify(request);
    const receiver = claims === null ? null : ssfReceiverOf(claims);
    if (claims === null || receiver === null || !grantsSsfAccess(claims.scope, access)) {
      throw new HttpError(403, SSF_ERROR_CODES.insufficientScope, `The token's scope must hold ${access}`);
    }
    request.accountsClaims = claims;
    receivers.set(request, receiver);
  };
  const read = caller('ssf.read');
  const change = caller('ssf.manage');
  const receiverOf = (request: FastifyRequest) => {
    const receiver = receivers.get(request);
    if (receiver === undefined) throw new Error('An SSF route ran without its caller');
    return receiver;
  };

  // RFC 6750 §3.1: the challenge on every 401 and 403 of these routes.
  app.addHook('onSend', (request, reply, payload, next) => {
    if (reply.statusCode === 401) {
      const sent = request.headers.authorization !== undefined;
      reply.header('www-authenticate', sent ? 'Bearer error="invalid_token"' : 'Bearer');
    } else if (reply.statusCode === 403) {
      const scope = request.method === 'GET' ? 'ssf.read' : 'ssf.manage';
      reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
    }
    next(null, payload);
  });

  /** The user a subject names, null for one of another issuer or unknown; 400 for no subject. */
  const userIdOf = async (subject: { format: string; iss?: string; sub?: string; email?: string }) => {
    if (subject.format === 'iss_sub' && subject.iss !== undefined && subject.sub !== undefined) {
      return subject.iss === providerIssuer ? subject.sub : null;
    }
    if (subject.format === 'email' && subject.email !== undefined)
      return options.userIdByEmail(subject.email);
    throw new HttpError(
      400,
      SSF_ERROR_CODES.invalidSubject,
      'The subject must be an iss_sub or email subject',
    );
  };

  const hidden = { hide: true };

  app.post(
    '/ssf/stream',
    {
      config,
      preParsing: change,
      schema: { ...hidden, body: Type.Object(StreamFields), response: { 201: JsonObject } },
    },
    async (request, reply) => {
      const stream = unwrap(await manage.create(receiverOf(request), inputOf(request.body)));
      return reply.code(201).send(configurationOf(stream));
    },
  );

  app.get(
    '/ssf/stream',
    { config, preParsing: read, schema: { ...hidden, querystring: StreamIdQuery } },
    async (request) => {
      const streamId = request.query.stream_id ?? null;
      const stream = unwrap(await manage.read(receiverOf(request), streamId));
      // Without stream_id: every stream of the receiver (SSF 1.0 §8.1.1.2), here at most one.
      if (streamId === null) return stream ? [configurationOf(stream)] : [];
      if (stream === null) throw answer({ type: 'StreamNotFound' });
      return configurationOf(stream);
    },
  );

  for (const [method, replace] of [
    ['PATCH', false],
    ['PUT', true],
  ] as const) {
    app.route({
      method,
      url: '/ssf/stream',
      config,
      preParsing: change,
      schema: {
        ...hidden,
        body: Type.Object({ stream_id: StreamId, ...StreamFields }),
        response: { 200: JsonObject },
      },
      handler: async (request) => {
        const target = { receiver: receiverOf(request), streamId: request.body.stream_id };
        return configurationOf(unwrap(await manage.update(target, inputOf(request.body), replace)));
      },
    });
  }

  app.delete(
    '/ssf/stream',
    { config, preParsing: change, schema: { ...hidden, querystring: RequiredStreamIdQuery } },
    async (request, reply) => {
      unwrap(await manage.delete({ receiver: receiverOf(request), streamId: request.query.stream_id }));
      return reply.code(204).send();
    },
  );

  app.get(
    '/ssf/status',
    {
      config,
      preParsing: read,
      schema: { ...hidden, querystring: RequiredStreamIdQuery, response: { 200: JsonObject } },
    },
    async (request) =>
      statusOf(
        unwrap(await manage.status({ receiver: receiverOf(request), streamId: request.query.stream_id })),
      ),
  );

  app.post(
    '/ssf/status',
    {
      config,
      preParsing: change,
      schema: {
        ...hidden,
        body: Type.Object({
          stream_id: StreamId,
          status: Type.Union([Type.Literal('enabled'), Type.Literal('paused'), Type.Literal('disabled')]),
          reason: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
        response: { 200: JsonObject },
      },
    },
    async (request) => {
      const { stream_id: streamId, status, reason } = request.body;
      const target = { receiver: receiverOf(request), streamId };
      return statusOf(unwrap(await manage.setStatus(target, status, reason ?? null)));
    },
  );

  app.post(
    '/ssf/subjects/add',
    {
      config,
      preParsing: change,
      schema: {
        ...hidden,
        body: Type.Object({ stream_id: StreamId, subject: Subject, verified: Type.Optional(Type.Boolean()) }),
      },
    },
    async (request, reply) => {
      const target = { receiver: receiverOf(request), streamId: request.body.stream_id };
      unwrap(await manage.addSubject(target, await userIdOf(request.body.subject)));
      return reply.code(200).send();
    },
  );

  app.post(
    '/ssf/subjects/remove',
    {
      config,
      preParsing: change,
      schema: { ...hidden, body: Type.Object({ stream_id: StreamId, subject: Subject }) },
    },
    async (request, reply) => {
      const target = { receiver: receiverOf(request), streamId: request.body.stream_id };
      unwrap(await manage.removeSubject(target, await userIdOf(request.body.subject)));
      return reply.code(204).send();
    },
  );

  // Shutdown answers waiting polls at once, 200 with what they have.
  const closing = new AbortController();
  app.addHook('preClose', (next) => {
    closing.abort();
    next();
  });

  app.post(
    '/ssf/poll/:streamId',
    {
      config,
      preParsing: change,
      schema: {
        ...hidden,
        params: Type.Object({ streamId: StreamId }),
        body: Type.Object({
          maxEvents: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
          returnImmediately: Type.Optional(Type.Boolean()),
          ack: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
          setErrs: Type.Optional(
            Type.Record(
              Type.String({ maxLength: 200 }),
              Type.Object({
                err: Type.String({ maxLength: 100 }),
                description: Type.Optional(Type.String({ maxLength: 1000 })),
              }),
            ),
          ),
        }),
        response: { 200: JsonObject },
      },
    },
    async (request) => {
      const { body } = request;
      const answer = unwrap(
        await options.poll.execute({
          receiver: receiverOf(request),
          streamId: request.params.streamId,
          maxEvents: body.maxEvents ?? null,
          returnImmediately: body.returnImmediately ?? false,
          ack: body.ack ?? [],
          setErrs: Object.entries(body.setErrs ?? {}).map(([jti, error]) => ({
            jti,
            err: error.err,
            description: error.description ?? null,
          })),
          signal: closing.signal,
        }),
      );
      return { sets: answer.sets, moreAvailable: answer.moreAvailable };
    },
  );

  app.post(
    '/ssf/verify',
    {
      config,
      preParsing: change,
      schema: {
        ...hidden,
        body: Type.Object({ stream_id: StreamId, state: Type.Optional(Type.String({ maxLength: 1000 })) }),
      },
    },
    async (request, reply) => {
      const target = { receiver: receiverOf(request), streamId: request.body.stream_id };
      unwrap(await manage.verify(target, request.body.state ?? null));
      return reply.code(204).send();
    },
  );

  done();
};
