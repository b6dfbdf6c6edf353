import type { StoredSession } from '../ports.js';

/** A session as the operator list and the export show it. */
export type SessionView = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  address: string | null;
  userAgent: string | null;
};

/** A session as its owner's list shows it: `current` marks the caller's own. */
export type OwnSessionView = SessionView & { current: boolean };

/** A session as the export shows it: with when it was revoked (null when it was not). */
export type ExportedSession = SessionView & { revokedAt: Date | null };

export function sessionView(session: StoredSession): SessionView {
  const { id, createdAt, lastSeenAt, expiresAt, address, userAgent } = session;
  return { id, createdAt, lastSeenAt, expiresAt, address, userAgent };
}
