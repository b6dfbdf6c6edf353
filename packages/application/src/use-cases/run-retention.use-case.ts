import type { AuditPosition } from '@accounts/domain';
import type { Clock, RetentionStore } from '../ports.js';

/** OUTBOX_RETENTION_DAYS and AUDIT_RETENTION_DAYS (null: audit records are kept forever). */
export type RetentionPolicy = { outboxDays: number; auditDays: number | null };

export type RetentionSummary = { outboxRemoved: number; auditRemoved: number; sessionsRemoved: number };

const DAY_MS = 86_400_000;
/** Rows per statement: each one's locks are held for a fraction of a second. */
export const RETENTION_BATCH_SIZE = 1000;

/**
 * Removes `done` outbox entries done more than `outboxDays` ago and, when `auditDays` is set,
 * audit records older than that (each batch from after the last record of the one before), then
 * the sessions retention lets go (a day after an unrevoked one expired, 30 days after a
 * revocation), and the used token ids and refused `sid`s it lets go, batch after batch until a
 * batch comes back short. Pending and failed outbox entries
 * are never removed. `shouldContinue` is asked between batches (a stopping
 * worker ends the run after its current batch). Several instances may run it at once: a row is
 * removed once, whoever removes it.
 */
export class RunRetention {
  constructor(
    private readonly deps: { retention: RetentionStore; clock: Clock },
    private readonly policy: RetentionPolicy,
    private readonly batchSize = RETENTION_BATCH_SIZE,
  ) {}

  async execute(options: { shouldContinue?: () => boolean } = {}): Promise<RetentionSummary> {
    const now = this.deps.clock.now().getTime();
    const shouldContinue = options.shouldContinue ?? (() => true);
    const outboxCutoff = new Date(now - this.policy.outboxDays * DAY_MS);
    const outboxRemoved = await this.drain(
      (limit) => this.deps.retention.removeDoneOutboxEntries(outboxCutoff, limit),
      shouldContinue,
    );
    const { auditDays } = this.policy;
    const auditCutoff = auditDays === null ? null : new Date(now - auditDays * DAY_MS);
    // Each batch from where the one before stopped.
    let after: AuditPosition | null = null;
    const auditRemoved = auditCutoff
      ? await this.drain(async (limit) => {
          const batch = await this.deps.retention.removeAuditRecords(auditCutoff, limit, after);
          after = batch.last ?? after;
          return batch.removed;
        }, shouldContinue)
      : 0;
    const sessionsAt = new Date(now);
    const sessionsRemoved = await this.drain(
      (limit) => this.deps.retention.removeSessions(sessionsAt, limit),
      shouldContinue,
    );
    // Not in the summary: its printed fields are the operators' (operations.md).
    await this.drain(
      (limit) => this.deps.retention.removeUsedTokenRecords(sessionsAt, limit),
      shouldContinue,
    );
    return { outboxRemoved, auditRemoved, sessionsRemoved };
  }

  private async drain(removeBatch: (limit: number) => Promise<number>, shouldContinue: () => boolean) {
    let removed = 0;
    while (shouldContinue()) {
      const count = await removeBatch(this.batchSize);
      removed += count;
      if (count < this.batchSize) break;
    }
    return removed;
  }
}
