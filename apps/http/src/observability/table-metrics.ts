import { Gauge, type Registry } from 'prom-client';

/** Rows per table, and when the oldest audit record kept was written (the adapters' TableStatistics). */
export type TableStatistics = {
  rows: readonly { table: string; rows: number }[];
  oldestAuditRecordAt: Date | null;
};

/**
 * `accounts_table_rows{table}` (the planner's estimate on a server, an exact count where the table
 * was never analysed, as on PGlite) and `accounts_audit_oldest_record_age_seconds`, read through
 * `read` at each scrape (one query per table at most). A scrape while the database is away still
 * answers, without these series.
 */
export function registerTableMetrics(
  registry: Registry,
  read: () => Promise<TableStatistics>,
  onCollectError: (error: unknown) => void,
): void {
  // Both gauges read one set of statistics per scrape: the first collect() reads, the second reuses it.
  let pending: Promise<TableStatistics | null> | null = null;
  const statistics = () => {
    pending ??= read()
      .catch((error: unknown) => {
        onCollectError(error);
        return null;
      })
      .finally(() => setImmediate(() => (pending = null)));
    return pending;
  };
  new Gauge({
    name: 'accounts_table_rows',
    help: 'Rows per table (an estimate from the planner statistics where the table was analysed)',
    labelNames: ['table'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await statistics();
      for (const { table, rows } of read?.rows ?? []) this.set({ table }, rows);
    },
  });
  new Gauge({
    name: 'accounts_audit_oldest_record_age_seconds',
    help: 'Age of the oldest audit record kept (0 when there is none)',
    registers: [registry],
    async collect() {
      const read = await statistics();
      if (!read) return;
      const oldest = read.oldestAuditRecordAt;
      this.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    },
  });
}
