import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import { liveSessions, sessionView, type SessionView } from '../sessions/session-view.js';

/** An operator's view of an account's live sessions, most recently seen first. */
export class ListSessionsAsOperator {
  constructor(private readonly deps: Pick<Ports, 'users' | 'sessions' | 'clock'>) {}

  async execute(input: { userId: string }): Promise<Result<SessionView[], ErrorOf<'UserNotFound'>>> {
    if (!(await this.deps.users.findFlags(input.userId))) return err({ type: 'UserNotFound' });
    const sessions = await this.deps.sessions.listByUser(input.userId);
    return ok(liveSessions(sessions, this.deps.clock.now()).map(sessionView));
  }
}
