import { OPERATOR_REASON_LENGTH } from '@accounts/domain';
import { Type } from 'typebox';
import { named } from './named-schema.js';
import { ExportedSession } from './sessions.schemas.js';

export const UserIdParams = Type.Object({
  id: Type.String({ description: "The account's id (the `sub` of its own tokens)" }),
});

export const UsersByEmailQuery = Type.Object({
  email: Type.String({ description: 'Matched exactly, ignoring case', minLength: 1, maxLength: 320 }),
});

export const OperatorReasonBody = named(
  'OperatorReason',
  Type.Object(
    {
      reason: Type.String({
        minLength: OPERATOR_REASON_LENGTH.min,
        maxLength: OPERATOR_REASON_LENGTH.max,
        description: 'Why the operator acts; kept in the audit record with the operator token’s `sub`',
      }),
    },
    { additionalProperties: false },
  ),
);

const EntitlementFields = {
  service: Type.String(),
  tier: Type.String(),
  billingCustomerId: Type.Union([Type.String(), Type.Null()]),
  billingSubscriptionId: Type.Union([Type.String(), Type.Null()]),
  customDomain: Type.Union([Type.String(), Type.Null()]),
  customDomainVerified: Type.Boolean(),
};

const EntitlementView = named(
  'AccountEntitlement',
  Type.Object(EntitlementFields, { description: 'One entitlement of the account' }),
);

export const Account = named(
  'Account',
  Type.Object(
    {
      id: Type.String(),
      email: Type.String(),
      displayName: Type.String(),
      disabled: Type.Boolean(),
      banned: Type.Boolean(),
      twoFactorEnabled: Type.Boolean(),
      passkeys: Type.Integer({ description: 'How many passkeys the account has' }),
      createdAt: Type.String({ format: 'date-time' }),
      entitlements: Type.Array(EntitlementView),
    },
    { description: 'An account as an operator sees it: never a hash or secret' },
  ),
);

export const UsersByEmail = named(
  'AccountsByEmail',
  Type.Object(
    { users: Type.Array(Account, { description: 'The account with that email, or none', maxItems: 1 }) },
    { description: 'The accounts whose email matches' },
  ),
);

export const AccountExport = named(
  'AccountExport',
  Type.Object(
    {
      exportedAt: Type.String({ format: 'date-time' }),
      account: Type.Object({
        id: Type.String(),
        email: Type.String(),
        displayName: Type.String(),
        twoFactorEnabled: Type.Boolean(),
        disabled: Type.Boolean(),
        banned: Type.Boolean(),
        createdAt: Type.String({ format: 'date-time' }),
      }),
      entitlements: Type.Array(EntitlementView),
      passkeys: Type.Array(
        Type.Object({
          id: Type.String(),
          name: Type.Union([Type.String(), Type.Null()]),
          createdAt: Type.String({ format: 'date-time' }),
          lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        }),
      ),
      domainVerification: Type.Union(
        [
          Type.Object({
            domain: Type.String(),
            status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('failed')]),
            recordName: Type.String(),
            recordValue: Type.String(),
            checkedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
            verifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
          }),
          Type.Null(),
        ],
        { description: "The custom domain's verification record and check, or null" },
      ),
      signInFailures: Type.Array(
        Type.Object({
          client: Type.Union([Type.String(), Type.Null()], {
            description: 'The client address the failures came from; null for the account-wide count',
          }),
          failures: Type.Integer(),
          lockedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        }),
        { description: "The failure limit's counts kept for the account" },
      ),
      deliveries: Type.Array(
        Type.Object({
          kind: Type.Union([Type.Literal('webhook'), Type.Literal('billing.cancel'), Type.Literal('ssf')]),
          status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
          createdAt: Type.String({ format: 'date-time' }),
          data: Type.Record(Type.String(), Type.Unknown(), {
            description:
              'A webhook: its event `type` and `data`; a billing cancellation: its `subscriptionId`; an SSF SET: its `stream` and `event` type (never the signed SET)',
          }),
        }),
        { description: 'The webhook, billing and SSF entries queued for the account, oldest first' },
      ),
      sessions: Type.Array(ExportedSession, { description: 'Most recently seen first' }),
      securityEvents: Type.Array(
        Type.Object({
          id: Type.String(),
          event: Type.String(),
          details: Type.Record(
            Type.String(),
            Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
          ),
          createdAt: Type.String({ format: 'date-time' }),
        }),
        { description: 'Every audited change of the account, newest first' },
      ),
    },
    {
      description:
        'Everything the service keeps about the account, as its owner may see it: never a hash, secret, backup code, challenge, public key, signature or access token',
    },
  ),
);
