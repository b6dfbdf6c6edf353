import { Type, type Static } from 'typebox';
import { named } from './named-schema.js';
import { PasskeyAssertion } from './passkey.schemas.js';

const TwoFactorRequestObject = Type.Object(
  {
    enable: Type.Boolean({ description: 'true to set up or confirm, false to disable' }),
    secret: Type.Optional(Type.String({ description: 'The secret returned by setup; confirm only' })),
    verificationCode: Type.Optional(
      Type.String({
        description: '6-digit TOTP code (or, to disable, a backup code); confirm and disable',
      }),
    ),
    password: Type.Optional(
      Type.String({
        description:
          'The current account password; confirm and disable need it when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored)',
      }),
    ),
    passkey: Type.Optional(PasskeyAssertion),
  },
  {
    description:
      'Setup: `enable: true` alone. Confirm: `enable: true` with `secret` and `verificationCode`. Disable: `enable: false` with `verificationCode`.',
  },
);
export type TwoFactorBody = Static<typeof TwoFactorRequestObject>;
export const TwoFactorBody = named('TwoFactorRequest', TwoFactorRequestObject);

export type TwoFactorRequestKind = 'set-up' | 'confirm' | 'disable';

/** Which of the three cases of POST /api/auth/2fa a body asks for; an empty value counts as absent. */
export function twoFactorRequestKind(body: TwoFactorBody): TwoFactorRequestKind {
  if (!body.enable) return 'disable';
  return body.secret && body.verificationCode ? 'confirm' : 'set-up';
}

export const TwoFactorSetup = named(
  'TwoFactorSetup',
  Type.Object(
    {
      qrCode: Type.String({ description: 'A PNG QR code of the OTPAuth URL, as a data: URI' }),
      secret: Type.String({ description: 'Base32 secret (32 characters), to confirm with' }),
      manualEntryKey: Type.String({ description: 'Equal to secret, for typing into an app' }),
      message: Type.String({ description: '`Scan the QR code with your authenticator app`' }),
      backupCodes: Type.Optional(
        Type.Array(Type.String(), {
          description:
            "Never returned by setup (nothing is stored yet); listed because the specification's description lists it. The confirm answer carries the backup codes.",
        }),
      ),
    },
    { description: 'Setup: a new secret, not stored until a confirm proves it works' },
  ),
);

export const TwoFactorEnabled = named(
  'TwoFactorEnabled',
  Type.Object(
    {
      message: Type.String({ description: '`2FA enabled successfully`' }),
      twoFactorEnabled: Type.Literal(true),
      backupCodes: Type.Array(Type.String(), {
        description: '10 single-use backup codes, shown once; each replaces a TOTP code once',
      }),
    },
    { description: 'Confirm: 2FA is on' },
  ),
);

export const TwoFactorDisabled = named(
  'TwoFactorDisabled',
  Type.Object(
    {
      message: Type.String({ description: '`2FA disabled successfully`' }),
      twoFactorEnabled: Type.Literal(false),
    },
    { description: 'Disable: 2FA is off' },
  ),
);

/** One shape per case; the body decides which one answers. */
export const TwoFactorResponse = named(
  'TwoFactorResponse',
  Type.Unsafe<
    Static<typeof TwoFactorSetup> | Static<typeof TwoFactorEnabled> | Static<typeof TwoFactorDisabled>
  >({
    description: 'The answer to setup, confirm or disable, whichever the request asked for',
    oneOf: [TwoFactorSetup, TwoFactorEnabled, TwoFactorDisabled],
  }),
);

export const TwoFactorStatusResponse = named(
  'TwoFactorStatus',
  Type.Object(
    {
      twoFactorEnabled: Type.Boolean(),
      backupCodesRemaining: Type.Integer({
        minimum: 0,
        description: 'Unused backup codes; 0 when 2FA is off',
      }),
      passkeys: Type.Integer({ minimum: 0, description: 'Registered passkeys' }),
    },
    { description: 'Whether 2FA is on, and how many backup codes are left' },
  ),
);

const RegenerateBackupCodesObject = Type.Object(
  {
    verificationCode: Type.Optional(
      Type.String({ description: 'A current 6-digit TOTP code (a backup code is refused)' }),
    ),
    password: Type.Optional(
      Type.String({
        description:
          'The current account password; needed when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored)',
      }),
    ),
    passkey: Type.Optional(PasskeyAssertion),
  },
  { description: 'The current TOTP code that allows replacing the backup codes' },
);
export type RegenerateBackupCodesBody = Static<typeof RegenerateBackupCodesObject>;
export const RegenerateBackupCodesBody = named('RegenerateBackupCodesRequest', RegenerateBackupCodesObject);

export const BackupCodesResponse = named(
  'BackupCodes',
  Type.Object(
    {
      backupCodes: Type.Array(Type.String(), {
        description: '10 new single-use backup codes, shown once; every earlier code stops working',
      }),
    },
    { description: 'The new backup codes' },
  ),
);
