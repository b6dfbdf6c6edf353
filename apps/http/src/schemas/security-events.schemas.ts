import { SECURITY_EVENTS_PAGE } from '@accounts/domain';
import { Type, type Static } from 'typebox';
import { named } from './named-schema.js';

export const SecurityEventsQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: SECURITY_EVENTS_PAGE.min,
      maximum: SECURITY_EVENTS_PAGE.max,
      default: SECURITY_EVENTS_PAGE.default,
      description: `Page size, a whole number from ${SECURITY_EVENTS_PAGE.min} to ${SECURITY_EVENTS_PAGE.max} (default ${SECURITY_EVENTS_PAGE.default})`,
      examples: [SECURITY_EVENTS_PAGE.default],
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      description: '`nextCursor` of the previous page, as given; opaque and only valid for its caller',
    }),
  ),
});
export type SecurityEventsQuery = Static<typeof SecurityEventsQuery>;

const SecurityEvent = named(
  'SecurityEvent',
  Type.Object(
    {
      id: Type.String({ description: "The audit record's id" }),
      event: Type.String({
        description:
          'USER_UPDATE, USER_DISABLE, USER_BAN, TWO_FACTOR_ENABLE, TWO_FACTOR_DISABLE, TWO_FACTOR_BACKUP_CODES_REGENERATE, ' +
          'PASSKEY_ADD, PASSKEY_REMOVE (details `passkeyId`, `name`), PASSKEY_COUNTER_REGRESSION (details `passkeyId`), ' +
          'SESSION_REVOKE (details `sessionId`, `initiator` `user` or `idp`), SESSIONS_REVOKE (details `scope` ' +
          '`others` or `all`, `count`, `initiator` `user`, `operator` or `idp`; with `actorId` and `reason` when ' +
          'an operator signed the account out) or USER_EXPORT (details `actorId`, ' +
          "`reason`: an operator exported the account's data)",
      }),
      details: Type.Record(
        Type.String(),
        Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
        {
          description: 'What changed, e.g. `{"field":"customDomain","value":"files.example.com"}`',
        },
      ),
      createdAt: Type.String({ format: 'date-time' }),
    },
    { description: 'One audited change of the account' },
  ),
);

export const SecurityEventsResponse = named(
  'SecurityEventsPage',
  Type.Object(
    {
      events: Type.Array(SecurityEvent, { description: 'Newest first' }),
      nextCursor: Type.Union([Type.String(), Type.Null()], {
        description: 'Pass as `cursor` for the next page; null on the last page',
      }),
    },
    { description: "A page of the caller's security history" },
  ),
);
