import {
  RunRetention,
  type Clock,
  type Logger,
  type RetentionPolicy,
  type RetentionStore,
} from '@accounts/application';
import { PeriodicTask } from './periodic-task.js';

/** How often the server removes what retention allows (OUTBOX_RETENTION_DAYS, AUDIT_RETENTION_DAYS). */
const RETENTION_INTERVAL_MS = 5 * 60_000;

/**
 * The server's retention worker: every RETENTION_INTERVAL_MS, done outbox entries and (when
 * AUDIT_RETENTION_DAYS is set) audit records past their limit, and the sessions retention lets go, in
 * batches. `stop()` ends a run
 * after its current batch. A failed run (the database away) is logged; the next one comes anyway.
 */
export function retentionTask(
  store: RetentionStore,
  options: { retention: RetentionPolicy; clock: Clock; logger: Logger; intervalMs?: number },
): { start(): void; stop(): Promise<void> } {
  const run = new RunRetention({ retention: store, clock: options.clock }, options.retention);
  let stopping = false;
  const task = new PeriodicTask(
    async () => {
      const summary = await run.execute({ shouldContinue: () => !stopping });
      if (summary.outboxRemoved > 0 || summary.auditRemoved > 0 || summary.sessionsRemoved > 0)
        options.logger.info(summary, 'Retention: old rows removed');
    },
    options.intervalMs ?? RETENTION_INTERVAL_MS,
    (error: unknown) => options.logger.error({ err: error }, 'Retention run failed'),
  );
  return {
    start: () => task.start(),
    stop: () => {
      stopping = true;
      return task.stop();
    },
  };
}
