import {
  accountStateChange,
  err,
  ok,
  type AccountFlags,
  type AccountStateError,
  type AccountStateOperation,
  type AuditDetails,
  type AuditEvent,
  type ErrorOf,
  type FlagChange,
  type Result,
} from '@accounts/domain';
import { queueCancellations } from '../outbox/channels/billing-cancellation/queue-cancellations.js';
import type { CancellationMode, Ports, UserAccount } from '../ports.js';
import type {
  Reauthenticate,
  ReauthenticateError,
  ReauthenticationInput,
} from '../reauthentication/reauthenticate.js';

export type AccountStateChangeError = ReauthenticateError | AccountStateError;

/** One operation's change: what it is, its audit record, and whether it cancels the subscriptions. */
export type StateChange = {
  operation: AccountStateOperation;
  audit: (user: UserAccount) => { event: AuditEvent; details: AuditDetails };
  /** Every subscription of the account is cancelled this way; none when absent. */
  cancellations?: CancellationMode;
};

/**
 * How many times a request reads the state again and retries when its compare-and-set lost and
 * the state read afterwards allows the change again (it was changed back meanwhile).
 */
const MAX_ROUNDS = 10;

/**
 * Disable, enable, ban, unban and delete: the caller re-authenticates, then the state changes
 * with exactly one winner among parallel requests (docs/decisions.md, "Account state"). The flags
 * change first in the transaction, by compare-and-set on the flags that allow the change; only a
 * request whose change took writes the audit record, queues the cancellations and, for delete,
 * removes the account. One that lost writes nothing and reads the state again: it gets the
 * answer of a request that arrived after the winner.
 */
export class AccountStateChange {
  constructor(
    private readonly deps: Pick<Ports, 'users' | 'billing' | 'unitOfWork' | 'logger'>,
    private readonly reauthenticate: Reauthenticate,
  ) {}

  async execute(
    input: ReauthenticationInput,
    change: StateChange,
  ): Promise<Result<void, AccountStateChangeError>> {
    const user = await this.reauthenticate.execute(input);
    if (!user.ok) return user;
    return this.change(user.value, change, (flags) => accountStateChange(flags, change.operation));
  }

  /**
   * The change without re-authentication, for an operator acting on someone else's account:
   * `transition` decides from the account's flags (no caller gate), the rest is as above.
   */
  async executeWithoutReauthentication<E>(
    userId: string,
    change: StateChange,
    transition: (flags: AccountFlags) => Result<FlagChange, E>,
  ): Promise<Result<void, E | ErrorOf<'UserNotFound'>>> {
    const user = await this.deps.users.findById(userId);
    if (!user) return err({ type: 'UserNotFound' });
    return this.change(user, change, transition);
  }

  private async change<E>(
    user: UserAccount,
    change: StateChange,
    transition: (flags: AccountFlags) => Result<FlagChange, E>,
  ): Promise<Result<void, E | ErrorOf<'UserNotFound'>>> {
    let flags: AccountFlags | null = user;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (!flags) return err({ type: 'UserNotFound' });
      const allowed = transition(flags);
      if (!allowed.ok) return allowed;
      if (await this.commit(user, allowed.value, change)) return ok();
      flags = await this.deps.users.findFlags(user.id);
    }
    throw new Error(`The state of user ${user.id} kept changing under ${MAX_ROUNDS} attempts`);
  }

  /** True when this request's change took (and committed with its audit record and cancellations). */
  private async commit(user: UserAccount, flags: FlagChange, change: StateChange): Promise<boolean> {
    const committed = await this.deps.unitOfWork.run(async (tx) => {
      if (!(await tx.users.changeFlags(user.id, flags))) return ok(false);
      await tx.auditLog.append({ userId: user.id, ...change.audit(user) });
      if (change.cancellations) await queueCancellations(tx, this.deps, user.id, change.cancellations);
      if (change.operation === 'delete-account') await tx.users.delete(user.id);
      return ok(true);
    });
    return committed.ok && committed.value;
  }
}
