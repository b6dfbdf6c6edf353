import { Type } from 'typebox';
import { named } from './named-schema.js';

/** The logout request (OpenID Connect Back-Channel Logout 1.0, 2.5), form-encoded. */
export const LogoutRequest = named(
  'LogoutRequest',
  Type.Object(
    { logout_token: Type.String({ minLength: 1, description: "The provider's signed logout token" }) },
    { description: 'application/x-www-form-urlencoded' },
  ),
);

/** The refusal of a logout request, in OAuth 2.0's error shape (Back-Channel Logout 1.0, 2.8). */
export const LogoutRefused = named(
  'LogoutRefused',
  Type.Object(
    {
      error: Type.Literal('invalid_request'),
      error_description: Type.String({ description: 'Which check the logout token failed' }),
      code: Type.Literal('INVALID_LOGOUT_TOKEN'),
    },
    { description: 'The logout token failed a check; nothing changed' },
  ),
);
