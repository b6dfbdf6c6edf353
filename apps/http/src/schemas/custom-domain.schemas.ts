import { CUSTOM_DOMAIN_LENGTH } from '@accounts/domain';
import { Type, type Static } from 'typebox';

export const ConnectCustomDomainBody = Type.Object({
  domain: Type.String({
    minLength: CUSTOM_DOMAIN_LENGTH.min,
    maxLength: CUSTOM_DOMAIN_LENGTH.max,
    description:
      'Dot-separated labels of 2 to 63 letters, digits and hyphens; surrounding whitespace is trimmed',
  }),
});
export type ConnectCustomDomainBody = Static<typeof ConnectCustomDomainBody>;

export const CustomDomainResponse = Type.Object({
  customDomain: Type.Union([Type.String(), Type.Null()]),
  customDomainVerified: Type.Boolean(),
  hasCustomDomain: Type.Boolean(),
});

export const ConnectCustomDomainResponse = Type.Object({
  success: Type.Literal(true),
  domain: Type.String({ description: 'The trimmed domain as stored' }),
  message: Type.String(),
});
