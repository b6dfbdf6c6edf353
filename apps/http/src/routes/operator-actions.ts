import type { OperatorInput, UseCases } from '@accounts/application';
import type { DomainError, DomainErrorType, Result } from '@accounts/domain';

/** The use cases behind the operator's changes of an account. */
export type OperatorActionUseCases = Pick<
  UseCases,
  | 'disableAccountAsOperator'
  | 'enableAccountAsOperator'
  | 'banAccountAsOperator'
  | 'unbanAccountAsOperator'
  | 'resetTwoFactor'
>;

export type OperatorAction = {
  /** The route's last segment (`/admin/users/:id/<path>`) and the CLI's `users <path>`. */
  path: 'disable' | 'enable' | 'ban' | 'unban' | 'reset-two-factor';
  operationId: string;
  summary: string;
  errors: DomainErrorType[];
  /** The answer's `message`, in the API and in the CLI's JSON line alike. */
  success: string;
  run: (useCases: OperatorActionUseCases, input: OperatorInput) => Promise<Result<void, DomainError>>;
};

type StateChangeUseCase = Exclude<keyof OperatorActionUseCases, 'resetTwoFactor'>;

/** A change of the account's state: its use case, which is also its operationId, and the one refusal of its own. */
const stateChange = (change: {
  path: OperatorAction['path'];
  useCase: StateChangeUseCase;
  summary: string;
  refusal: DomainErrorType;
  success: string;
}): OperatorAction => ({
  path: change.path,
  operationId: change.useCase,
  summary: change.summary,
  errors: ['UserNotFound', change.refusal, 'InvalidReason'],
  success: change.success,
  run: (useCases, input) => useCases[change.useCase].execute(input),
});

/** The operator's changes of an account, listed once for the operator API and the CLI. */
export const OPERATOR_ACTIONS: readonly OperatorAction[] = [
  stateChange({
    path: 'disable',
    useCase: 'disableAccountAsOperator',
    summary: 'Disable an account (billing subscriptions cancelled at period end)',
    refusal: 'AccountAlreadyDisabled',
    success: 'Account disabled successfully',
  }),
  stateChange({
    path: 'enable',
    useCase: 'enableAccountAsOperator',
    summary: 'Re-enable a disabled account',
    refusal: 'AccountNotDisabled',
    success: 'Account enabled successfully',
  }),
  stateChange({
    path: 'ban',
    useCase: 'banAccountAsOperator',
    summary: 'Ban an account (billing subscriptions cancelled at period end)',
    refusal: 'AccountAlreadyBanned',
    success: 'Account banned successfully',
  }),
  stateChange({
    path: 'unban',
    useCase: 'unbanAccountAsOperator',
    summary: 'Lift the ban on an account',
    refusal: 'AccountNotBanned',
    success: 'Account unbanned successfully',
  }),
  {
    path: 'reset-two-factor',
    operationId: 'resetTwoFactor',
    summary: 'Take every second factor off an account: TOTP, its secret, backup codes and passkeys',
    errors: ['UserNotFound', 'InvalidReason'],
    success: 'Two-factor authentication reset',
    run: (useCases, input) => useCases.resetTwoFactor.execute(input),
  },
];
