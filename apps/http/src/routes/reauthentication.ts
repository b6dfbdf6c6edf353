import type { ReauthenticationInput } from '@accounts/application';
import type { DomainErrorType } from '@accounts/domain';
import type { FastifyRequest } from 'fastify';
import { callerId } from '../plugins/authentication.js';
import { clientKey } from '../plugins/rate-limit.js';
import type { ReauthenticationBody } from '../schemas/account.schemas.js';

/**
 * What a route whose body is a `ReauthenticationBody` can answer from re-authenticating: the
 * account operations', which revoking sessions and removing a passkey share.
 */
export const REAUTHENTICATION_ERRORS: DomainErrorType[] = [
  'UserNotFound',
  'InvalidPassword',
  'TwoFactorCodeRequired',
  'InvalidTwoFactorCode',
  'TwoFactorSecretMissing',
  'TooManyAttempts',
];

/** The caller's re-authentication: its password, and code or passkey assertion, from its client. */
export function reauthenticationOf(
  request: FastifyRequest & { body: ReauthenticationBody },
): ReauthenticationInput {
  return {
    userId: callerId(request),
    password: request.body.password,
    verificationCode: request.body.verificationCode,
    passkey: request.body.passkey,
    client: clientKey(request),
  };
}
