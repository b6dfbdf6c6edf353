import { ok, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import { pageOfLiveSessions, type ListSessionsError, type SessionPage } from '../sessions/session-pages.js';
import { sessionView, type SessionView } from '../sessions/session-view.js';

/** An operator's view of an account's live sessions, most recently seen first, paged as the owner's. */
export class ListSessionsAsOperator {
  constructor(private readonly deps: Pick<Ports, 'users' | 'sessions' | 'clock' | 'cursors'>) {}

  async execute(input: {
    userId: string;
    limit?: number | undefined;
    cursor?: string | undefined;
  }): Promise<Result<SessionPage<SessionView>, ListSessionsError>> {
    const page = await pageOfLiveSessions(this.deps, input);
    if (!page.ok) return page;
    return ok({ sessions: page.value.sessions.map(sessionView), nextCursor: page.value.nextCursor });
  }
}
