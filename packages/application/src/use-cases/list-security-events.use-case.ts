import {
  checkPageLimit,
  decodeAuditPosition,
  encodeAuditPosition,
  err,
  ok,
  type AuditPosition,
  type ErrorOf,
  type Result,
  type SecurityEvent,
} from '@accounts/domain';
import type { Ports } from '../ports.js';

export type ListSecurityEventsError = ErrorOf<'InvalidPageLimit' | 'InvalidCursor' | 'UserNotFound'>;
export type SecurityEventPage = { events: SecurityEvent[]; nextCursor: string | null };

/**
 * The caller's own audit records, newest first, a page at a time. The cursor is where the last
 * page ended, sealed for this caller: one that was changed, or issued to someone else, is refused.
 * An account that does not exist (any more) is User not found, after the page and cursor checks.
 */
export class ListSecurityEvents {
  constructor(private readonly deps: Pick<Ports, 'users' | 'auditLog' | 'cursors'>) {}

  async execute(input: {
    userId: string;
    limit?: number | undefined;
    cursor?: string | undefined;
  }): Promise<Result<SecurityEventPage, ListSecurityEventsError>> {
    const limit = checkPageLimit(input.limit);
    if (!limit.ok) return limit;
    let before: AuditPosition | null = null;
    if (input.cursor) {
      const payload = this.deps.cursors.open(input.userId, input.cursor);
      before = payload === null ? null : decodeAuditPosition(payload);
      if (before === null) return err({ type: 'InvalidCursor' });
    }
    if (!(await this.deps.users.findFlags(input.userId))) return err({ type: 'UserNotFound' });

    // One more than asked for tells whether another page follows.
    const rows = await this.deps.auditLog.listByUser(input.userId, { before, limit: limit.value + 1 });
    const page = rows.slice(0, limit.value);
    const last = page.at(-1);
    return ok({
      events: page.map(({ position: _position, ...event }) => event),
      nextCursor:
        rows.length > limit.value && last
          ? this.deps.cursors.seal(input.userId, encodeAuditPosition(last.position))
          : null,
    });
  }
}
