import type { UseCases } from '@accounts/application';
import { assertNever } from '@accounts/domain';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { clientKey } from '../plugins/rate-limit.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import { TwoFactorBody, TwoFactorResponse, twoFactorRequestKind } from '../schemas/two-factor.schemas.js';

export type TwoFactorRoutesOptions = {
  useCases: Pick<UseCases, 'setUpTwoFactor' | 'confirmTwoFactor' | 'disableTwoFactor'>;
  guard: Guard;
};

/** POST /api/auth/2fa: setup, confirm or disable, decided by the body. */
export const twoFactorRoutes: FastifyPluginCallbackTypebox<TwoFactorRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.post(
    '/auth/2fa',
    {
      schema: apiOperation({
        operationId: 'manageTwoFactor',
        summary: 'Set up, confirm or disable TOTP two-factor authentication',
        description:
          '`enable: true` without both `secret` and `verificationCode`: setup (new secret and QR code, nothing stored). ' +
          '`enable: true` with both: confirm. `enable: false`: disable (needs `verificationCode`). ' +
          'With TWO_FACTOR_REQUIRE_PASSWORD=true, confirm and disable also need `password`, checked first ' +
          '(missing: 400 `PASSWORD_REQUIRED`; wrong: 401 `INVALID_PASSWORD`, counted as a failure).',
        tag: 'two-factor',
        body: TwoFactorBody,
        response: { 200: TwoFactorResponse },
        errors: [
          'UserNotFound',
          'PasswordRequired',
          'InvalidPassword',
          'TwoFactorAlreadyEnabled',
          'InvalidSecret',
          'InvalidVerificationCode',
          'DisableCodeRequired',
          'TwoFactorNotEnabled',
          'TooManyAttempts',
        ],
      }),
      preParsing: guard.authenticate('two-factor'),
    },
    async (request) => {
      const userId = callerId(request);
      const body = request.body;
      const client = clientKey(request);
      const kind = twoFactorRequestKind(body);
      switch (kind) {
        case 'set-up': {
          const setup = await useCases.setUpTwoFactor.execute({ userId });
          if (!setup.ok) throw HttpError.fromDomain(setup.error);
          return {
            qrCode: setup.value.qrCode,
            secret: setup.value.secret,
            manualEntryKey: setup.value.secret,
            message: 'Scan the QR code with your authenticator app',
          };
        }
        case 'confirm': {
          const confirmed = await useCases.confirmTwoFactor.execute({
            userId,
            secret: body.secret ?? '',
            verificationCode: body.verificationCode ?? '',
            password: body.password,
            client,
          });
          if (!confirmed.ok) throw HttpError.fromDomain(confirmed.error);
          return {
            message: '2FA enabled successfully',
            twoFactorEnabled: true as const,
            backupCodes: confirmed.value.backupCodes,
          };
        }
        case 'disable': {
          const disabled = await useCases.disableTwoFactor.execute({
            userId,
            verificationCode: body.verificationCode,
            passkey: body.passkey,
            password: body.password,
            client,
          });
          if (!disabled.ok) throw HttpError.fromDomain(disabled.error);
          return { message: '2FA disabled successfully', twoFactorEnabled: false as const };
        }
        default:
          return assertNever(kind);
      }
    },
  );
  done();
};
