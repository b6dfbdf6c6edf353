import { err, ok, type ErrorOf, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import { liveSessions, sessionView, type OwnSessionView } from '../sessions/session-view.js';

/** The caller's live sessions, most recently seen first; `current` marks the one of `currentKey`. */
export class ListSessions {
  constructor(private readonly deps: Pick<Ports, 'users' | 'sessions' | 'clock'>) {}

  async execute(input: {
    userId: string;
    currentKey: string | null;
  }): Promise<Result<OwnSessionView[], ErrorOf<'UserNotFound'>>> {
    if (!(await this.deps.users.findFlags(input.userId))) return err({ type: 'UserNotFound' });
    const sessions = liveSessions(await this.deps.sessions.listByUser(input.userId), this.deps.clock.now());
    return ok(
      sessions.map((session) => ({
        ...sessionView(session),
        current: input.currentKey !== null && session.key === input.currentKey,
      })),
    );
  }
}
