import { Type, type Static } from 'typebox';

/** Re-authentication for disable, enable, ban, unban and delete. */
export const ReauthenticationBody = Type.Object({
  password: Type.String({ description: 'The current account password' }),
  verificationCode: Type.Optional(
    Type.String({ description: 'TOTP code (or a backup code) when 2FA is enabled' }),
  ),
});
export type ReauthenticationBody = Static<typeof ReauthenticationBody>;
