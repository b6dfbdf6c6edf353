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

/** The sign-out moment (users `u`) and the token's session (sessions `s`, left-joined), for the gate's reads. */
export const SESSION_GATE_COLUMNS = [
  'u.sessions_issued_before',
  'u.sessions_kept_id',
  's.id as session_id',
  's.key as session_key',
  's.sid as session_sid',
  's.created_at as session_created_at',
  's.last_seen_at as session_last_seen_at',
  's.expires_at as session_expires_at',
  's.address as session_address',
  's.user_agent as session_user_agent',
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
  session_key: string | null;
  session_sid: string | null;
  session_created_at: Date | null;
  session_last_seen_at: Date | null;
  session_expires_at: Date | null;
  session_address: string | null;
  session_user_agent: string | null;
  session_revoked_at: Date | null;
};

export function toSessionState(row: SessionGateRow): SessionState {
  const signOut =
    row.sessions_issued_before === null
      ? null
      : { issuedBefore: row.sessions_issued_before, keptSessionId: row.sessions_kept_id };
  const session =
    row.session_id === null ||
    row.session_created_at === null ||
    row.session_last_seen_at === null ||
    row.session_expires_at === null
      ? null
      : toStoredSession({
          id: row.session_id,
          key: row.session_key,
          sid: row.session_sid,
          created_at: row.session_created_at,
          last_seen_at: row.session_last_seen_at,
          expires_at: row.session_expires_at,
          address: row.session_address,
          user_agent: row.session_user_agent,
          revoked_at: row.session_revoked_at,
        });
  return { signOut, session };
}
