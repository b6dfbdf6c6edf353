import type { UseCases } from '@accounts/application';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors.js';
import { callerId, type Guard } from '../plugins/authentication.js';
import { clientKey } from '../plugins/rate-limit.js';
import { apiOperation } from '../schemas/operation.schemas.js';
import {
  BackupCodesResponse,
  RegenerateBackupCodesBody,
  TwoFactorStatusResponse,
} from '../schemas/two-factor.schemas.js';

export type TwoFactorStatusRoutesOptions = {
  useCases: Pick<UseCases, 'getTwoFactorStatus' | 'regenerateBackupCodes'>;
  guard: Guard;
};

/** What an account page shows of the second factor, and new backup codes. */
export const twoFactorStatusRoutes: FastifyPluginCallbackTypebox<TwoFactorStatusRoutesOptions> = (
  app,
  { useCases, guard },
  done,
) => {
  app.get(
    '/auth/2fa',
    {
      schema: apiOperation({
        operationId: 'getTwoFactorStatus',
        summary: 'Whether 2FA is on, and how many backup codes are left',
        tag: 'two-factor',
        response: { 200: TwoFactorStatusResponse },
        errors: ['UserNotFound'],
      }),
      preParsing: guard.authenticate('get-two-factor'),
    },
    async (request) => {
      const status = await useCases.getTwoFactorStatus.execute({ userId: callerId(request) });
      if (!status.ok) throw HttpError.fromDomain(status.error);
      return status.value;
    },
  );

  app.post(
    '/auth/2fa/backup-codes',
    {
      schema: apiOperation({
        operationId: 'regenerateBackupCodes',
        summary: 'Replace every backup code with 10 new ones (needs a current TOTP code)',
        description:
          'Checked in this order: 2FA off (400 `TWO_FACTOR_NOT_ENABLED`), code missing (400 ' +
          '`VERIFICATION_CODE_MISSING`), wrong, used or backup code (400 `INVALID_VERIFICATION_CODE`). ' +
          'The TOTP code is used up; failures count towards the failure limit. With ' +
          'TWO_FACTOR_REQUIRE_PASSWORD=true, `password` is also needed and checked first (missing: 400 ' +
          '`PASSWORD_REQUIRED`; wrong: 401 `INVALID_PASSWORD`, counted as a failure).',
        tag: 'two-factor',
        body: RegenerateBackupCodesBody,
        response: { 200: BackupCodesResponse },
        errors: [
          'UserNotFound',
          'PasswordRequired',
          'InvalidPassword',
          'TwoFactorNotEnabled',
          'VerificationCodeMissing',
          'InvalidVerificationCode',
          'TooManyAttempts',
        ],
      }),
      preParsing: guard.authenticate('regenerate-backup-codes'),
    },
    async (request) => {
      const regenerated = await useCases.regenerateBackupCodes.execute({
        userId: callerId(request),
        verificationCode: request.body.verificationCode,
        passkey: request.body.passkey,
        password: request.body.password,
        client: clientKey(request),
      });
      if (!regenerated.ok) throw HttpError.fromDomain(regenerated.error);
      return { backupCodes: regenerated.value.backupCodes };
    },
  );
  done();
};
