import type { SessionState, StoredSession } from '@accounts/application';
import type { Selectable } from 'kysely';
import type { SessionsTable } from './schema.js';

/** The columns of a stored session, as the repository reads them. */
export const SESSION_COLUMNS = [
  'id',
  'key',
  'sid',
  'created_at',
  'last_seen_at',
  'expires_at',
  'address',
  'user_agent',
  'revoked_at',
] as const;

/**
 * The sign-out moment (users `u`) and what the check needs of the token's session (sessions `s`,
 * left-joined), for the gate's reads: every column more is parsed on every request.
 */
export const SESSION_GATE_COLUMNS = [
  'u.sessions_issued_before',
  'u.sessions_kept_id',
  's.id as session_id',
  's.last_seen_at as session_last_seen_at',
  's.expires_at as session_expires_at',
  's.revoked_at as session_revoked_at',
] as const;

type SessionRow = Pick<Selectable<SessionsTable>, (typeof SESSION_COLUMNS)[number]>;

export function toStoredSession(row: SessionRow): StoredSession {
  return {
    id: row.id,
    key: row.key,
    sid: row.sid,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    address: row.address,
    userAgent: row.user_agent,
    revokedAt: row.revoked_at,
  };
}

/** A gate read's row: the users columns, and the session's, null when the token's session is unknown. */
export type SessionGateRow = {
  sessions_issued_before: Date | null;
  sessions_kept_id: string | null;
  session_id: string | null;
  session_last_seen_at: Date | null;
  session_expires_at: Date | null;
  session_revoked_at: Date | null;
};

export function toSessionState(row: SessionGateRow): SessionState {
  const signOut =
    row.sessions_issued_before === null
      ? null
      : { issuedBefore: row.sessions_issued_before, keptSessionId: row.sessions_kept_id };
  const session =
    row.session_id === null || row.session_last_seen_at === null || row.session_expires_at === null
      ? null
      : {
          id: row.session_id,
          lastSeenAt: row.session_last_seen_at,
          expiresAt: row.session_expires_at,
          revokedAt: row.session_revoked_at,
        };
  return { signOut, session };
}
