import { SESSIONS_PAGE } from '@accounts/domain';
import { Type, type Static } from 'typebox';
import { named } from './named-schema.js';

export const SessionsQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: SESSIONS_PAGE.min,
      maximum: SESSIONS_PAGE.max,
      default: SESSIONS_PAGE.default,
      description: `Page size, a whole number from ${SESSIONS_PAGE.min} to ${SESSIONS_PAGE.max} (default ${SESSIONS_PAGE.default})`,
      examples: [SESSIONS_PAGE.default],
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      description:
        '`nextCursor` of the previous page, as given; opaque and only valid for its account. It keeps the order of the first page: a session seen since stays where it was',
    }),
  ),
});
export type SessionsQuery = Static<typeof SessionsQuery>;

const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: 'Pass as `cursor` for the next page; null on the last page',
});

const SessionFields = {
  id: Type.String({ description: "This service's id of the session (never the token's `sid`)" }),
  createdAt: Type.String({ format: 'date-time', description: 'First seen' }),
  lastSeenAt: Type.String({
    format: 'date-time',
    description: 'Last use; moved only by a use at least 60 s after the previous one',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'The latest `exp` of its tokens seen' }),
  address: Type.Union([Type.String(), Type.Null()], {
    description: 'The client address of the use that last moved lastSeenAt',
  }),
  userAgent: Type.Union([Type.String(), Type.Null()], {
    description: 'The first 256 characters of that use’s User-Agent header; null without one',
  }),
};

const OwnSession = named(
  'Session',
  Type.Object(
    { ...SessionFields, current: Type.Boolean({ description: "The caller's own session" }) },
    { description: 'A live session of the account (by `sid`, else `jti`, else the token itself)' },
  ),
);

export const OwnSessionsResponse = named(
  'Sessions',
  Type.Object(
    {
      sessions: Type.Array(OwnSession, {
        description: 'Most recently seen first (as of the first page); `current` wherever it falls',
      }),
      nextCursor: NextCursor,
    },
    { description: "A page of the account's live sessions: not revoked, not expired" },
  ),
);

const SessionSummary = named(
  'SessionSummary',
  Type.Object(SessionFields, { description: 'A live session of the account, as an operator sees it' }),
);

export const OperatorSessionsResponse = named(
  'AccountSessions',
  Type.Object(
    {
      sessions: Type.Array(SessionSummary, {
        description: 'Most recently seen first (as of the first page)',
      }),
      nextCursor: NextCursor,
    },
    { description: "A page of an account's live sessions" },
  ),
);

export const ExportedSession = named(
  'ExportedSession',
  Type.Object(
    {
      ...SessionFields,
      revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'When it was revoked; null when it was not',
      }),
    },
    { description: 'A session record kept for the account: live, revoked or expired' },
  ),
);

export const SessionIdParams = Type.Object({
  id: Type.String({ description: "This service's id of the session, as the list gives it" }),
});

export const SessionsRevoked = named(
  'SessionsRevoked',
  Type.Object(
    {
      success: Type.Literal(true),
      revoked: Type.Integer({ description: 'How many live sessions were revoked' }),
    },
    { description: 'Sessions revoked' },
  ),
);
