import type {
  GateSession,
  NewSession,
  PositionedSession,
  RevokedSession,
  SessionGateState,
  SessionPageQuery,
  SessionRepository,
  StoredSession,
} from '@accounts/application';
import { liveExpiryFloor, type SessionTouch, type SignOutMoment } from '@accounts/domain';
import { sql, type RawBuilder } from 'kysely';
import { HOT_READS } from './hot-reads.js';
import { isForeignKeyViolation, isUniqueViolation } from './postgres-errors.js';
import { SESSION_KEY_INDEX } from './migrations/index.js';
import type { DatabaseExecutor } from './schema.js';
import { SESSION_COLUMNS, toSessionState, toStoredSession } from './session.mapper.js';

/** A time with its full microsecond precision, in UTC, as a SessionPosition holds it (null stays null). */
function microseconds(time: RawBuilder<Date | null>) {
  return sql<string | null>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: DatabaseExecutor) {}

  /** The account's flags, its sign-out moment and the token's session, in one read on every request. */
  async findGate(userId: string, key: string): Promise<SessionGateState | null> {
    const row = await HOT_READS.accounts_session_gate.first(this.db, userId, key);
    if (!row) return null;
    return { flags: { disabled: row.disabled, banned: row.banned }, ...toSessionState(row) };
  }

  /**
   * One statement: a parallel first use of the same session meets the unique index and inserts
   * nothing; a user deleted meanwhile fails the foreign key, which is no error here.
   */
  async record(session: NewSession): Promise<void> {
    try {
      await this.db
        .insertInto('sessions')
        .values({
          user_id: session.userId,
          key: session.key,
          sid: session.sid,
          created_at: session.at,
          last_seen_at: session.at,
          expires_at: session.expiresAt,
          address: session.address,
          user_agent: session.userAgent,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .execute();
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  }

  /** A move of lastSeenAt keeps the value it leaves in previous_seen_at, for the pages read meanwhile. */
  async touch(id: string, touch: SessionTouch): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set((update) => ({
        ...(touch.lastSeenAt
          ? { last_seen_at: touch.lastSeenAt, previous_seen_at: update.ref('last_seen_at') }
          : {}),
        ...(touch.address !== undefined ? { address: touch.address } : {}),
        ...(touch.userAgent !== undefined ? { user_agent: touch.userAgent } : {}),
        ...(touch.expiresAt ? { expires_at: touch.expiresAt } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Revoked first, then the most recently seen; through the `(user_id, key)` index, on first sight only. */
  async findByLegacyKeys(userId: string, keys: readonly string[]): Promise<GateSession | null> {
    if (keys.length === 0) return null;
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'last_seen_at', 'expires_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .where('key', 'in', keys)
      .orderBy('revoked_at', (order) => order.desc().nullsLast())
      .orderBy('last_seen_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return { id: row.id, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at, revokedAt: row.revoked_at };
  }

  async rekey(userId: string, id: string, key: string): Promise<boolean> {
    try {
      await this.db
        .updateTable('sessions')
        .set({ key })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error, SESSION_KEY_INDEX)) throw error;
      return false;
    }
    return true;
  }

  async findByKey(userId: string, key: string): Promise<StoredSession | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select(SESSION_COLUMNS)
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? toStoredSession(row) : null;
  }

  async listByUser(userId: string): Promise<StoredSession[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(SESSION_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toStoredSession);
  }

  /**
   * The page's order is an expression of `listedAt` (when each session was last seen as of then),
   * so no index serves it: the user's live sessions are read through the `(user_id, key)` index
   * and the top `limit` sorted in memory; ids compare bytewise (`collate "C"`), as everywhere else.
   */
  async listLive(userId: string, page: SessionPageQuery): Promise<PositionedSession[]> {
    const { listedAt, after } = page;
    const seen = sql<Date | null>`(case when last_seen_at <= ${listedAt} then last_seen_at
      when previous_seen_at <= ${listedAt} then previous_seen_at end)`;
    const id = sql<string>`id collate "C"`;
    let query = this.db
      .selectFrom('sessions')
      .select([...SESSION_COLUMNS, microseconds(seen).as('seen_at_text')])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>=', liveExpiryFloor(page.now))
      .where('created_at', '<=', listedAt);
    if (after?.seenAt === null) {
      query = query.where(sql<boolean>`${seen} is null and ${id} < ${after.id}`);
    } else if (after) {
      const seenAt = sql`cast(${after.seenAt} as timestamptz)`;
      query = query.where(
        sql<boolean>`(${seen} is null or ${seen} < ${seenAt} or (${seen} = ${seenAt} and ${id} < ${after.id}))`,
      );
    }
    const rows = await query
      .orderBy(seen, (order) => order.desc().nullsLast())
      .orderBy(id, 'desc')
      .limit(page.limit)
      .execute();
    return rows.map(({ seen_at_text, ...row }) => ({
      ...toStoredSession(row),
      position: { seenAt: seen_at_text, id: row.id },
    }));
  }

  async revoke(userId: string, id: string, at: Date): Promise<StoredSession | null> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>=', liveExpiryFloor(at))
      .returning(SESSION_COLUMNS)
      .executeTakeFirst();
    if (!row) return null;
    return toStoredSession({ ...row, revoked_at: null });
  }

  async revokeLive(userId: string, at: Date, exceptId: string | null): Promise<StoredSession[]> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>=', liveExpiryFloor(at));
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    const rows = await query.returning(SESSION_COLUMNS).execute();
    return rows.map((row) => toStoredSession({ ...row, revoked_at: null }));
  }

  async signOut(userId: string, moment: SignOutMoment): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ sessions_issued_before: moment.issuedBefore, sessions_kept_id: moment.keptSessionId })
      .where('id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * One statement: the session is inserted revoked when a refused `sid` row matches (for every
   * account, or this one), or a parallel first use's row is revoked; nothing is written otherwise.
   */
  async recordIfRefused(session: NewSession & { sid: string }): Promise<GateSession | null> {
    try {
      const { rows } = await sql<{ id: string; last_seen_at: Date; expires_at: Date; revoked_at: Date }>`
        insert into sessions (user_id, key, sid, created_at, last_seen_at, expires_at, address, user_agent, revoked_at)
        select ${session.userId}, ${session.key}, ${session.sid}, ${session.at}::timestamptz, ${session.at}::timestamptz,
               ${session.expiresAt}::timestamptz, ${session.address}::text, ${session.userAgent}::text, r.refused_at
        from (select max(refused_at) as refused_at from refused_sids
              where sid = ${session.sid} and (sub is null or sub = ${session.userId})) r
        where r.refused_at is not null
        on conflict (user_id, key) do update set revoked_at = coalesce(sessions.revoked_at, excluded.revoked_at)
        returning id, last_seen_at, expires_at, revoked_at`.execute(this.db);
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        lastSeenAt: new Date(row.last_seen_at),
        expiresAt: new Date(row.expires_at),
        revokedAt: new Date(row.revoked_at),
      };
    } catch (error) {
      // The user was deleted meanwhile: nothing to record, as record() does.
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  async revokeLiveBySid(sid: string, at: Date, userId: string | null): Promise<RevokedSession[]> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('sid', '=', sid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>=', liveExpiryFloor(at));
    if (userId !== null) query = query.where('user_id', '=', userId);
    const rows = await query.returning([...SESSION_COLUMNS, 'user_id']).execute();
    return rows.map((row) => ({ ...toStoredSession({ ...row, revoked_at: null }), userId: row.user_id }));
  }

  async countLive(userId: string, at: Date): Promise<{ live: number; withSid: number }> {
    const row = await this.db
      .selectFrom('sessions')
      .select([sql<string>`count(*)`.as('live'), sql<string>`count(sid)`.as('with_sid')])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>=', liveExpiryFloor(at))
      .executeTakeFirstOrThrow();
    return { live: Number(row.live), withSid: Number(row.with_sid) };
  }

  async refuseSid(sid: string, sub: string | null, at: Date): Promise<void> {
    await sql`
      insert into refused_sids (sid, sub, refused_at) values (${sid}, ${sub}::text, ${at}::timestamptz)
      on conflict (sid, (coalesce(sub, ''))) do update set refused_at = excluded.refused_at`.execute(this.db);
  }
}
