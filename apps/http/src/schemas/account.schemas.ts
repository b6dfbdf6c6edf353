import { Type, type Static } from 'typebox';
import { named } from './named-schema.js';
import { PasskeyAssertion } from './passkey.schemas.js';

const ReauthenticationObject = Type.Object(
  {
    password: Type.String({ description: 'The current account password' }),
    verificationCode: Type.Optional(
      Type.String({ description: 'TOTP code (or a backup code) when 2FA is enabled' }),
    ),
    passkey: Type.Optional(PasskeyAssertion),
  },
  { description: 'Re-authentication: the password, and a 2FA code when 2FA is on' },
);
export type ReauthenticationBody = Static<typeof ReauthenticationObject>;

/** Re-authentication for disable, enable, ban, unban and delete. */
export const ReauthenticationBody = named('ReauthenticationRequest', ReauthenticationObject);
