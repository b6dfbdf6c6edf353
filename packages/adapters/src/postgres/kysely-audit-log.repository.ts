import type { AuditEvent, AuditPosition, AuditRecord } from '@accounts/domain';
import type { AuditLog, PositionedSecurityEvent } from '@accounts/application';
import { sql } from 'kysely';
import { jsonb } from './column-values.js';
import type { DatabaseExecutor } from './schema.js';

/** created_at with its full microsecond precision, in UTC, as an AuditPosition holds it. */
const CREATED_AT_TEXT = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type SecurityEventPageQuery = { before: AuditPosition | null; limit: number };

/** The query behind one page, exported so that tests can ask the planner about it. */
export function securityEventPageQuery(db: DatabaseExecutor, userId: string, page: SecurityEventPageQuery) {
  const { before } = page;
  let query = db
    .selectFrom('audit_logs')
    .select(['id', 'event', 'details', 'created_at', CREATED_AT_TEXT.as('created_at_text')])
    .where('user_id', '=', userId);
  if (before) {
    query = query.where(
      sql<boolean>`(created_at, id) < (cast(${before.createdAt} as timestamptz), cast(${before.id} as bigint))`,
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit);
}

export class KyselyAuditLog implements AuditLog {
  constructor(private readonly db: DatabaseExecutor) {}

  /** Throws for an unknown user (foreign key), as the port's fake does. */
  async append(record: AuditRecord): Promise<string> {
    const row = await this.db
      .insertInto('audit_logs')
      .values({ user_id: record.userId, event: record.event, details: jsonb(record.details) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /**
   * A keyset page: `(created_at, id) < (before)` in the order of the index on
   * `(user_id, created_at desc, id desc)`, so every page is one index range scan, never an offset.
   */
  async listByUser(userId: string, page: SecurityEventPageQuery): Promise<PositionedSecurityEvent[]> {
    const rows = await securityEventPageQuery(this.db, userId, page).execute();
    return rows.map((row) => {
      const id = String(row.id);
      return {
        id,
        event: row.event as AuditEvent,
        details: row.details,
        createdAt: row.created_at,
        position: { createdAt: row.created_at_text, id },
      };
    });
  }
}
