import type { StepUp } from '@accounts/application';
import type { FastifyRequest } from 'fastify';
import type { StepUpSettings } from '../config/service-config.js';
import { DOMAIN_ERROR_ANSWERS, HttpError } from '../errors.js';

const { code } = DOMAIN_ERROR_ANSWERS.InsufficientUserAuthentication;
const message = 'A stronger or more recent sign-in is required';

/**
 * The operations of STEP_UP_OPERATIONS (decisions.md, "A stronger or more recent sign-in"): which
 * requests the gate asks for a strong or recent enough sign-in, and the RFC 9470 challenge of a
 * refusal, which says what to ask the provider for.
 */
export class StepUpOperations {
  private readonly operations: ReadonlySet<string>;
  private readonly rule: StepUp['rule'];
  private readonly parameters: string;

  constructor(settings: StepUpSettings) {
    this.operations = new Set(settings.operations);
    this.rule = { acrValues: settings.acrValues, maxAgeSeconds: settings.maxAgeSeconds };
    this.parameters = [
      `error="insufficient_user_authentication"`,
      `error_description="${message}"`,
      ...(settings.acrValues === null ? [] : [`acr_values="${settings.acrValues.join(' ')}"`]),
      ...(settings.maxAgeSeconds === null ? [] : [`max_age=${settings.maxAgeSeconds}`]),
    ].join(', ');
  }

  /** The requirement of this request's operation, with its token's claims; none when it is not listed. */
  of(request: FastifyRequest): StepUp | undefined {
    const operationId = request.routeOptions.schema?.operationId;
    const claims = request.accountsClaims;
    if (operationId === undefined || claims === null || !this.operations.has(operationId)) return undefined;
    return { rule: this.rule, claims };
  }

  /** The 401 of a refusal, its challenge in the scheme the request used (`DPoP` or `Bearer`). */
  refusal(request: FastifyRequest): HttpError {
    const scheme = /^dpop /i.test(request.headers.authorization ?? '') ? 'DPoP' : 'Bearer';
    return new HttpError(401, code, message, undefined, `${scheme} ${this.parameters}`);
  }
}
