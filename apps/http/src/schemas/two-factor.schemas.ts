import { Type, type Static } from 'typebox';

export const TwoFactorBody = Type.Object({
  enable: Type.Boolean({ description: 'true to set up or confirm, false to disable' }),
  secret: Type.Optional(Type.String({ description: 'The secret returned by setup; confirm only' })),
  verificationCode: Type.Optional(
    Type.String({ description: '6-digit TOTP code (or, to disable, a backup code); confirm and disable' }),
  ),
});
export type TwoFactorBody = Static<typeof TwoFactorBody>;

export type TwoFactorRequestKind = 'set-up' | 'confirm' | 'disable';

/** Which of the three cases of POST /api/auth/2fa a body asks for; an empty value counts as absent. */
export function twoFactorRequestKind(body: TwoFactorBody): TwoFactorRequestKind {
  if (!body.enable) return 'disable';
  return body.secret && body.verificationCode ? 'confirm' : 'set-up';
}

/** One shape for the three answers: setup, confirm and disable fill different fields. */
export const TwoFactorResponse = Type.Object(
  {
    qrCode: Type.Optional(Type.String({ description: 'Setup: a PNG QR code as a data: URI' })),
    secret: Type.Optional(Type.String({ description: 'Setup: base32 secret (32 characters)' })),
    manualEntryKey: Type.Optional(Type.String({ description: 'Setup: equal to secret' })),
    message: Type.String(),
    twoFactorEnabled: Type.Optional(Type.Boolean({ description: 'Confirm: true; disable: false' })),
    backupCodes: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Confirm: 10 single-use backup codes, shown once. Never returned by setup.',
      }),
    ),
  },
  {
    description:
      'Setup: qrCode, secret, manualEntryKey, message. Confirm: message, twoFactorEnabled (true), backupCodes. Disable: message, twoFactorEnabled (false).',
  },
);
