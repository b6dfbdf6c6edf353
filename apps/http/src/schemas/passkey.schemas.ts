import { Type, type TSchema } from 'typebox';
import { named } from './named-schema.js';

// WebAuthn Level 3 JSON shapes, as @simplewebauthn/server documents them. Every field is listed:
// the validator drops properties a schema does not name, and the serializer writes only those.

const Base64Url = (description: string) => Type.String({ description: `${description} (base64url)` });
const Transports = Type.Array(Type.String(), {
  description: 'usb, nfc, ble, smart-card, hybrid, internal or cable',
});
const CredentialDescriptor = Type.Object({
  id: Base64Url('The credential id'),
  type: Type.String({ description: '`public-key`' }),
  transports: Type.Optional(Transports),
});
const ClientExtensionResults = Type.Object(
  { credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) })) },
  { description: 'What the browser reports of the extensions (not used by the service)' },
);

export const PasskeyCreationOptions = named(
  'PublicKeyCredentialCreationOptionsJSON',
  Type.Object(
    {
      rp: Type.Object({
        id: Type.Optional(Type.String({ description: 'WEBAUTHN_RP_ID' })),
        name: Type.String(),
      }),
      user: Type.Object({
        id: Base64Url("The account's WebAuthn user handle"),
        name: Type.String({ description: "The account's email" }),
        displayName: Type.String(),
      }),
      challenge: Base64Url('32 random bytes, answerable for 5 minutes, once'),
      pubKeyCredParams: Type.Array(
        Type.Object({
          alg: Type.Integer({ description: '-7 (ES256) or -257 (RS256)' }),
          type: Type.String(),
        }),
      ),
      timeout: Type.Optional(Type.Integer()),
      excludeCredentials: Type.Optional(
        Type.Array(CredentialDescriptor, { description: "The caller's passkeys" }),
      ),
      authenticatorSelection: Type.Optional(
        Type.Object({
          authenticatorAttachment: Type.Optional(Type.String()),
          requireResidentKey: Type.Optional(Type.Boolean()),
          residentKey: Type.Optional(Type.String()),
          userVerification: Type.Optional(Type.String({ description: '`required`' })),
        }),
      ),
      hints: Type.Optional(Type.Array(Type.String())),
      attestation: Type.Optional(Type.String({ description: '`none`' })),
      extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
    },
    { description: 'The options for navigator.credentials.create (WebAuthn Level 3 JSON)' },
  ),
);

export const PasskeyRequestOptions = named(
  'PublicKeyCredentialRequestOptionsJSON',
  Type.Object(
    {
      challenge: Base64Url('32 random bytes, answerable for 5 minutes, once'),
      timeout: Type.Optional(Type.Integer()),
      rpId: Type.Optional(Type.String({ description: 'WEBAUTHN_RP_ID' })),
      allowCredentials: Type.Optional(
        Type.Array(CredentialDescriptor, { description: "The caller's passkeys" }),
      ),
      userVerification: Type.Optional(Type.String({ description: '`required`' })),
      hints: Type.Optional(Type.Array(Type.String())),
    },
    { description: 'The options for navigator.credentials.get (WebAuthn Level 3 JSON)' },
  ),
);

/** A PublicKeyCredential as its toJSON() writes it, around the `response` of its ceremony. */
const PublicKeyCredentialJson = <R extends TSchema>(response: R, description: string) =>
  Type.Object(
    {
      id: Base64Url('The credential id'),
      rawId: Base64Url('The credential id'),
      type: Type.String({ description: '`public-key`' }),
      response,
      authenticatorAttachment: Type.Optional(Type.String()),
      clientExtensionResults: ClientExtensionResults,
    },
    { description },
  );

const RegistrationResponse = named(
  'RegistrationResponseJSON',
  PublicKeyCredentialJson(
    Type.Object({
      clientDataJSON: Base64Url('Client data'),
      attestationObject: Base64Url('Attestation object'),
      authenticatorData: Type.Optional(Base64Url('Authenticator data')),
      transports: Type.Optional(Transports),
      publicKeyAlgorithm: Type.Optional(Type.Integer()),
      publicKey: Type.Optional(Base64Url('SubjectPublicKeyInfo')),
    }),
    'What navigator.credentials.create gave, as PublicKeyCredential.toJSON() writes it',
  ),
);

/** An assertion, as a second factor: the body of any re-authentication may carry it as `passkey`. */
export const PasskeyAssertion = named(
  'AuthenticationResponseJSON',
  PublicKeyCredentialJson(
    Type.Object({
      clientDataJSON: Base64Url('Client data'),
      authenticatorData: Base64Url('Authenticator data'),
      signature: Base64Url('Signature'),
      userHandle: Type.Optional(Base64Url('User handle')),
    }),
    'A passkey assertion from navigator.credentials.get, made with the options of POST /api/auth/passkeys/authentication-options',
  ),
);

export const RegisterPasskeyBody = named(
  'RegisterPasskeyRequest',
  Type.Object(
    {
      response: RegistrationResponse,
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Default `Passkey`' })),
      password: Type.Optional(
        Type.String({
          description:
            'The current account password; needed when the service runs with TWO_FACTOR_REQUIRE_PASSWORD=true (otherwise ignored)',
        }),
      ),
      verificationCode: Type.Optional(
        Type.String({ description: 'A TOTP code or a backup code, when TOTP is on' }),
      ),
      passkey: Type.Optional(PasskeyAssertion),
    },
    {
      description:
        'A new passkey, made with the options of POST /api/auth/passkeys/registration-options. Adding a ' +
        'passkey changes the second factor: when TOTP is on or a passkey is registered, the body also ' +
        'proves it (`verificationCode` or `passkey`).',
    },
  ),
);

export const Passkey = named(
  'Passkey',
  Type.Object(
    {
      id: Type.String({ description: "This service's id of the passkey (not the credential id)" }),
      name: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
      lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'The last re-authentication with it; null before the first',
      }),
    },
    { description: 'A registered passkey' },
  ),
);

export const PasskeyList = named(
  'PasskeyList',
  Type.Object(
    { passkeys: Type.Array(Passkey, { description: 'Oldest first' }) },
    { description: "The caller's passkeys" },
  ),
);
