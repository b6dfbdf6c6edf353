import { checkOperatorReason, err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { OperatorInput } from '../operator/operator-state-change.js';
import type { Ports } from '../ports.js';
import type { AccountExport, ExportAccount } from './export-account.use-case.js';

export type ExportAccountAsOperatorError = ErrorOf<'UserNotFound' | 'InvalidReason'>;

/**
 * An operator answers a data-subject request: the owner's own export, audited on the account as
 * USER_EXPORT with `actorId` and `reason` (the owner sees it in their security events; no webhook).
 * The record is committed before the data is read, so no export goes out unrecorded and the
 * document holds its own USER_EXPORT record.
 */
export class ExportAccountAsOperator {
  constructor(
    private readonly deps: Pick<Ports, 'unitOfWork'>,
    private readonly exportAccount: Pick<ExportAccount, 'execute'>,
  ) {}

  async execute(input: OperatorInput): Promise<Result<AccountExport, ExportAccountAsOperatorError>> {
    const reason = checkOperatorReason(input.reason);
    if (!reason.ok) return reason;
    const audited = await this.deps.unitOfWork.run(
      async (tx): Promise<Result<void, ErrorOf<'UserNotFound'>>> => {
        if (!(await tx.users.lock(input.userId))) return err({ type: 'UserNotFound' });
        await tx.auditLog.append({
          userId: input.userId,
          event: 'USER_EXPORT',
          details: { actorId: input.actorId, reason: reason.value },
        });
        return ok();
      },
    );
    if (!audited.ok) return audited;
    return this.exportAccount.execute({ userId: input.userId });
  }
}
