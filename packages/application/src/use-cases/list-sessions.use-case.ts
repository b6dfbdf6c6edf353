import { ok, type Result } from '@accounts/domain';
import type { Ports } from '../ports.js';
import { pageOfLiveSessions, type ListSessionsError, type SessionPage } from '../sessions/session-pages.js';
import { sessionView, type OwnSessionView } from '../sessions/session-view.js';

/**
 * The caller's live sessions, most recently seen first, a page at a time (pageOfLiveSessions);
 * `current` marks the one of `currentKey`, on whichever page it falls.
 */
export class ListSessions {
  constructor(private readonly deps: Pick<Ports, 'users' | 'sessions' | 'clock' | 'cursors'>) {}

  async execute(input: {
    userId: string;
    currentKey: string | null;
    limit?: number | undefined;
    cursor?: string | undefined;
  }): Promise<Result<SessionPage<OwnSessionView>, ListSessionsError>> {
    const page = await pageOfLiveSessions(this.deps, input);
    if (!page.ok) return page;
    return ok({
      sessions: page.value.sessions.map((session) => ({
        ...sessionView(session),
        current: input.currentKey !== null && session.key === input.currentKey,
      })),
      nextCursor: page.value.nextCursor,
    });
  }
}
