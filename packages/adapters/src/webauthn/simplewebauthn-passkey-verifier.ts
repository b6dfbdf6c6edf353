import { randomBytes } from 'node:crypto';
import type {
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyVerifier,
  StoredPasskey,
  VerifiedCredential,
} from '@accounts/application';
import type * as SimpleWebAuthnModule from '@simplewebauthn/server';
import type * as SimpleWebAuthnHelpers from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isUsablePublicKey } from './usable-public-key.js';

export type WebAuthnSettings = {
  /** WEBAUTHN_RP_ID: the domain passkeys are bound to. */
  rpId: string;
  /** WEBAUTHN_RP_NAME: shown by the authenticator. */
  rpName: string;
  /** WEBAUTHN_ORIGINS: the page origins a response may come from. */
  origins: readonly string[];
};

let simpleWebAuthn: Promise<typeof SimpleWebAuthnModule> | null = null;
/** The library (and its X.509 and ASN.1 modules, a sixth of the files a start loads) only once a passkey ceremony runs. */
function loadSimpleWebAuthn(): Promise<typeof SimpleWebAuthnModule> {
  simpleWebAuthn ??= import('@simplewebauthn/server');
  return simpleWebAuthn;
}

let simpleWebAuthnHelpers: Promise<typeof SimpleWebAuthnHelpers> | null = null;
function loadSimpleWebAuthnHelpers(): Promise<typeof SimpleWebAuthnHelpers> {
  simpleWebAuthnHelpers ??= import('@simplewebauthn/server/helpers');
  return simpleWebAuthnHelpers;
}

/** Whether the stored key could ever verify an assertion (decisions.md: a key it cannot use is refused). */
async function canVerifyWith(
  publicKey: Parameters<typeof SimpleWebAuthnHelpers.decodeCredentialPublicKey>[0],
): Promise<boolean> {
  const { decodeCredentialPublicKey } = await loadSimpleWebAuthnHelpers();
  return isUsablePublicKey(decodeCredentialPublicKey(publicKey));
}

/** ES256 and RS256 (decisions.md, "Passkeys"). */
const ALGORITHMS = [-7, -257];
/** At least 32 random bytes, as the contract asks. */
const CHALLENGE_BYTES = 32;
const TIMEOUT_MS = 5 * 60_000;

const TRANSPORTS: ReadonlySet<string> = new Set<AuthenticatorTransportFuture>([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);

function isTransport(value: string): value is AuthenticatorTransportFuture {
  return TRANSPORTS.has(value);
}

function transportsOf(passkey: StoredPasskey): AuthenticatorTransportFuture[] {
  return passkey.transports.filter(isTransport);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasStrings(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** The RegistrationResponseJSON shape, checked field by field (the body comes from the client). */
function isRegistrationResponse(value: unknown): value is RegistrationResponseJSON {
  if (!isRecord(value) || !hasStrings(value, ['id', 'rawId']) || value.type !== 'public-key') return false;
  const { response, clientExtensionResults } = value;
  return (
    isRecord(response) &&
    hasStrings(response, ['clientDataJSON', 'attestationObject']) &&
    isRecord(clientExtensionResults) &&
    isOptionalString(value.authenticatorAttachment)
  );
}

/** The AuthenticationResponseJSON shape, checked field by field. */
function isAuthenticationResponse(value: unknown): value is AuthenticationResponseJSON {
  if (!isRecord(value) || !hasStrings(value, ['id', 'rawId']) || value.type !== 'public-key') return false;
  const { response, clientExtensionResults } = value;
  return (
    isRecord(response) &&
    hasStrings(response, ['clientDataJSON', 'authenticatorData', 'signature']) &&
    isOptionalString(response.userHandle) &&
    isRecord(clientExtensionResults) &&
    isOptionalString(value.authenticatorAttachment)
  );
}

function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(CHALLENGE_BYTES));
}

/**
 * The WebAuthn ceremonies with @simplewebauthn/server: attestation `none`, user verification
 * required, ES256 and RS256, the configured RP ID and origins. A response that does not verify
 * (the library throws for most such cases) is answered null.
 */
export class SimpleWebAuthnPasskeyVerifier implements PasskeyVerifier {
  constructor(private readonly settings: WebAuthnSettings) {}

  async registrationOptions(input: {
    user: { id: string; email: string; displayName: string };
    exclude: readonly StoredPasskey[];
  }): Promise<PasskeyCreationOptions> {
    const { generateRegistrationOptions } = await loadSimpleWebAuthn();
    return generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: this.settings.rpId,
      userName: input.user.email,
      userID: new TextEncoder().encode(input.user.id),
      userDisplayName: input.user.displayName || input.user.email,
      challenge: newChallenge(),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: input.exclude.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
  }

  async verifyRegistration(input: {
    response: unknown;
    expectedChallenge: string;
  }): Promise<VerifiedCredential | null> {
    if (!isRegistrationResponse(input.response)) return null;
    const { verifyRegistrationResponse } = await loadSimpleWebAuthn();
    try {
      const verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: input.expectedChallenge,
        expectedOrigin: [...this.settings.origins],
        expectedRPID: this.settings.rpId,
        requireUserPresence: true,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!verified.verified) return null;
      const { credential } = verified.registrationInfo;
      if (!(await canVerifyWith(credential.publicKey))) return null;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (input.response.response.transports ?? []).filter(isTransport),
      };
    } catch {
      return null;
    }
  }

  async authenticationOptions(input: { allow: readonly StoredPasskey[] }): Promise<PasskeyRequestOptions> {
    const { generateAuthenticationOptions } = await loadSimpleWebAuthn();
    return generateAuthenticationOptions({
      rpID: this.settings.rpId,
      allowCredentials: input.allow.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
      challenge: newChallenge(),
      timeout: TIMEOUT_MS,
      userVerification: 'required',
    });
  }

  credentialIdOf(response: unknown): string | null {
    return isAuthenticationResponse(response) ? response.id : null;
  }

  async verifyAuthentication(input: {
    response: unknown;
    expectedChallenge: string;
    passkey: StoredPasskey;
  }): Promise<{ counter: number } | null> {
    if (!isAuthenticationResponse(input.response)) return null;
    const { verifyAuthenticationResponse } = await loadSimpleWebAuthn();
    try {
      const verified = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: input.expectedChallenge,
        expectedOrigin: [...this.settings.origins],
        expectedRPID: this.settings.rpId,
        credential: {
          id: input.passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(input.passkey.publicKey, 'base64url')),
          // The counter rule is the caller's (decisions.md: 0, or above the stored one): given 0,
          // the library leaves any counter to it.
          counter: 0,
          transports: transportsOf(input.passkey),
        },
        requireUserVerification: true,
      });
      return verified.verified ? { counter: verified.authenticationInfo.newCounter } : null;
    } catch {
      return null;
    }
  }
}
