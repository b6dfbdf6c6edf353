import { err, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import type {
  ListSecurityEvents,
  ListSecurityEventsError,
  SecurityEventPage,
} from './list-security-events.use-case.js';

/**
 * An account's security events for an operator: paged exactly as the owner's own (the same
 * limits, and cursors sealed for that account), and User not found for an unknown account.
 */
export class ListAccountSecurityEvents {
  constructor(
    private readonly deps: Pick<Ports, 'accounts'>,
    private readonly listSecurityEvents: ListSecurityEvents,
  ) {}

  async execute(input: {
    userId: string;
    limit?: number | undefined;
    cursor?: string | undefined;
  }): Promise<Result<SecurityEventPage, ListSecurityEventsError | ErrorOf<'UserNotFound'>>> {
    if (!(await this.deps.accounts.findById(input.userId))) return err({ type: 'UserNotFound' });
    return this.listSecurityEvents.execute(input);
  }
}
