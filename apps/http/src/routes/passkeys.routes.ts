import type { PasskeySummary, UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { clientKey, rateWeight } from '../plugins/rate-limit.js';
import { ReauthenticationBody } from '../schemas/account.schemas.js';
import { SuccessMessage } from '../schemas/common.schemas.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import {
  Passkey,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyRequestOptions,
  RegisterPasskeyBody,
} from '../schemas/passkey.schemas.js';
import { REAUTHENTICATION_ERRORS, reauthenticationOf } from './reauthentication.js';

export type PasskeyRoutesOptions = {
  useCases: Pick<
    UseCases,
    | 'getPasskeyRegistrationOptions'
    | 'registerPasskey'
    | 'listPasskeys'
    | 'getPasskeyAuthenticationOptions'
    | 'removePasskey'
  >;
  guard: Guard;
};

function passkeyJson(passkey: PasskeySummary) {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}

/** The caller's passkeys (decisions.md, "Passkeys"). */
export const passkeyRoutes: FastifyPluginCallbackTypebox<PasskeyRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.post(
    '/auth/passkeys/registration-options',
    {
      schema: apiOperation({
        operationId: 'getPasskeyRegistrationOptions',
        summary: 'Options for navigator.credentials.create, to register a passkey',
        description:
          'No body. The challenge is bound to the caller, answerable once, for 5 minutes; only the latest one counts.',
        tag: 'passkeys',
        response: { 200: PasskeyCreationOptions },
        errors: ['UserNotFound'],
      }),
      preParsing: guard.authenticate('passkeys'),
    },
    async (request) => {
      const options = await useCases.getPasskeyRegistrationOptions.execute({ userId: callerId(request) });
      if (!options.ok) throw HttpError.fromDomain(options.error);
      return options.value;
    },
  );

  app.post(
    '/auth/passkeys',
    {
      schema: apiOperation({
        operationId: 'registerPasskey',
        summary: 'Register a passkey',
        description:
          'Adding a passkey is a change of the second factor. With TWO_FACTOR_REQUIRE_PASSWORD=true the ' +
          '`password` comes first (missing: 400 `PASSWORD_REQUIRED`; wrong: 401 `INVALID_PASSWORD`). When TOTP ' +
          'is on or a passkey is registered, the body must also carry a TOTP or backup code ' +
          '(`verificationCode`) or an assertion of one of the caller’s passkeys (`passkey`): missing, 401 ' +
          '`TWO_FACTOR_CODE_REQUIRED`; wrong, 400 `INVALID_VERIFICATION_CODE`, counted as a failure. Then the ' +
          'response is verified against the latest registration challenge of the caller (used once, whatever ' +
          'the outcome), the allowed origins, the RP ID, user presence and user verification, and that its ' +
          'public key is one the service can verify with. At most 20 passkeys an account (400 ' +
          '`TOO_MANY_PASSKEYS`). Audited as PASSKEY_ADD.',
        tag: 'passkeys',
        body: RegisterPasskeyBody,
        response: { 201: Passkey },
        errors: [
          'UserNotFound',
          'PasswordRequired',
          'InvalidPassword',
          'TwoFactorCodeRequired',
          'TwoFactorSecretMissing',
          'InvalidVerificationCode',
          'TooManyAttempts',
          'InvalidPasskeyResponse',
          'PasskeyAlreadyRegistered',
          'TooManyPasskeys',
        ],
        checksPassword: true,
      }),
      preParsing: guard.authenticate('passkeys'),
    },
    async (request, reply) => {
      const added = await useCases.registerPasskey.execute({
        userId: callerId(request),
        response: request.body.response,
        name: request.body.name,
        password: request.body.password,
        verificationCode: request.body.verificationCode,
        passkey: request.body.passkey,
        client: clientKey(request),
      });
      if (!added.ok) throw HttpError.fromDomain(added.error);
      return reply.code(201).send(passkeyJson(added.value));
    },
  );

  app.get(
    '/auth/passkeys',
    {
      schema: apiOperation({
        operationId: 'listPasskeys',
        summary: "The caller's passkeys, oldest first",
        tag: 'passkeys',
        response: { 200: PasskeyList },
        errors: ['UserNotFound'],
      }),
      preParsing: guard.authenticate('passkeys'),
    },
    async (request) => {
      const passkeys = await useCases.listPasskeys.execute({ userId: callerId(request) });
      if (!passkeys.ok) throw HttpError.fromDomain(passkeys.error);
      return { passkeys: passkeys.value.map(passkeyJson) };
    },
  );

  app.post(
    '/auth/passkeys/authentication-options',
    {
      schema: apiOperation({
        operationId: 'getPasskeyAuthenticationOptions',
        summary: 'Options for navigator.credentials.get, to re-authenticate with a passkey',
        description:
          'No body. The assertion made with them goes as `passkey` in the body of any re-authentication ' +
          '(disable, enable, ban, unban, delete, 2FA disable, backup-code regeneration, passkey removal). ' +
          'The challenge is bound to the caller, answerable once, for 5 minutes; only the latest one counts. ' +
          'A disabled or banned account gets them too (to re-enable, unban or delete itself).',
        tag: 'passkeys',
        response: { 200: PasskeyRequestOptions },
        errors: ['UserNotFound', 'NoPasskeyRegistered'],
      }),
      preParsing: guard.authenticate('passkey-authentication-options'),
    },
    async (request) => {
      const options = await useCases.getPasskeyAuthenticationOptions.execute({ userId: callerId(request) });
      if (!options.ok) throw HttpError.fromDomain(options.error);
      return options.value;
    },
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      config: rateWeight(2),
      schema: apiOperation({
        operationId: 'removePasskey',
        summary: 'Remove one of the caller’s passkeys (re-authenticates as the account operations do)',
        description: 'Audited as PASSKEY_REMOVE.',
        tag: 'passkeys',
        params: Type.Object({ id: Type.String({ description: "This service's id of the passkey" }) }),
        body: ReauthenticationBody,
        response: { 200: SuccessMessage },
        errors: [...REAUTHENTICATION_ERRORS, 'PasskeyNotFound'],
        checksPassword: true,
      }),
      preParsing: guard.authenticate('passkeys'),
    },
    async (request) => {
      const removed = await useCases.removePasskey.execute({
        ...reauthenticationOf(request),
        passkeyId: request.params.id,
      });
      if (!removed.ok) throw HttpError.fromDomain(removed.error);
      return { success: true as const, message: 'Passkey removed' };
    },
  );
  done();
};
