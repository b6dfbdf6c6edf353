import type { AuditRecord } from '@accounts/domain';
import type { AuditLog } from '@accounts/application';
import { jsonb } from './column-values.js';
import type { DatabaseExecutor } from './schema.js';

export class KyselyAuditLog implements AuditLog {
  constructor(private readonly db: DatabaseExecutor) {}

  /** Throws for an unknown user (foreign key), as the port's fake does. */
  async append(record: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_logs')
      .values({ user_id: record.userId, event: record.event, details: jsonb(record.details) })
      .execute();
  }
}
