import { CUSTOM_DOMAIN_LENGTH } from '@accounts/domain';
import { Type, type Static } from 'typebox';
import { named } from './named-schema.js';

const ConnectCustomDomainObject = Type.Object(
  {
    domain: Type.String({
      minLength: CUSTOM_DOMAIN_LENGTH.min,
      maxLength: CUSTOM_DOMAIN_LENGTH.max,
      description:
        'Dot-separated labels of 2 to 63 letters, digits and hyphens; surrounding whitespace is trimmed',
    }),
  },
  { description: 'The domain to connect' },
);
export type ConnectCustomDomainBody = Static<typeof ConnectCustomDomainObject>;
export const ConnectCustomDomainBody = named('ConnectCustomDomainRequest', ConnectCustomDomainObject);

export const CustomDomainResponse = named(
  'CustomDomain',
  Type.Object(
    {
      customDomain: Type.Union([Type.String(), Type.Null()], { description: 'null when none is set' }),
      customDomainVerified: Type.Boolean(),
      hasCustomDomain: Type.Boolean(),
    },
    { description: "The custom domain of the caller's DROP entitlement" },
  ),
);

export const ConnectCustomDomainResponse = named(
  'CustomDomainConnected',
  Type.Object(
    {
      success: Type.Literal(true),
      domain: Type.String({ description: 'The trimmed domain as stored' }),
      message: Type.String(),
    },
    { description: 'The domain is connected, not yet verified' },
  ),
);
