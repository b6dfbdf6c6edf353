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

/** The operator's changes of an account, listed once for the operator API and the CLI. */
export const OPERATOR_ACTIONS: readonly OperatorAction[] = [
  {
    path: 'disable',
    operationId: 'disableAccountAsOperator',
    summary: 'Disable an account (billing subscriptions cancelled at period end)',
    errors: ['UserNotFound', 'AccountAlreadyDisabled', 'InvalidReason'],
    success: 'Account disabled successfully',
    run: (useCases, input) => useCases.disableAccountAsOperator.execute(input),
  },
  {
    path: 'enable',
    operationId: 'enableAccountAsOperator',
    summary: 'Re-enable a disabled account',
    errors: ['UserNotFound', 'AccountNotDisabled', 'InvalidReason'],
    success: 'Account enabled successfully',
    run: (useCases, input) => useCases.enableAccountAsOperator.execute(input),
  },
  {
    path: 'ban',
    operationId: 'banAccountAsOperator',
    summary: 'Ban an account (billing subscriptions cancelled at period end)',
    errors: ['UserNotFound', 'AccountAlreadyBanned', 'InvalidReason'],
    success: 'Account banned successfully',
    run: (useCases, input) => useCases.banAccountAsOperator.execute(input),
  },
  {
    path: 'unban',
    operationId: 'unbanAccountAsOperator',
    summary: 'Lift the ban on an account',
    errors: ['UserNotFound', 'AccountNotBanned', 'InvalidReason'],
    success: 'Account unbanned successfully',
    run: (useCases, input) => useCases.unbanAccountAsOperator.execute(input),
  },
  {
    path: 'reset-two-factor',
    operationId: 'resetTwoFactor',
    summary: 'Take every second factor off an account: TOTP, its secret, backup codes and passkeys',
    errors: ['UserNotFound', 'InvalidReason'],
    success: 'Two-factor authentication reset',
    run: (useCases, input) => useCases.resetTwoFactor.execute(input),
  },
];
