import { Type } from 'typebox';
import { named } from './named-schema.js';

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const DomainVerificationResponse = named(
  'DomainVerification',
  Type.Object(
    {
      domain: Type.String({ description: 'The connected domain, as stored' }),
      status: Type.Union([Type.Literal('pending'), Type.Literal('verified'), Type.Literal('failed')], {
        description:
          '`pending` until the record is found; `failed` once DOMAIN_VERIFICATION_TTL_MS (7 days) has passed since connecting without it (POST verify can still verify it)',
      }),
      recordType: Type.Literal('TXT'),
      recordName: Type.String({ description: '`_accounts-challenge.<domain>`' }),
      recordValue: Type.String({
        description: '`accounts-verification=<token>`; the token stays while the domain stays connected',
      }),
      checkedAt: { ...Timestamp, description: 'Time of the last lookup (ISO-8601), or null' },
      verifiedAt: { ...Timestamp, description: 'When the record was found (ISO-8601), or null' },
    },
    { description: 'The DNS record that proves control of the custom domain, and where its check stands' },
  ),
);
