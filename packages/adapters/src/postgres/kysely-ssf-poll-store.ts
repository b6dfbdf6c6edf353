import type { SsfPollStore, SsfSetPayload } from '@accounts/application';
import { sql } from 'kysely';
import type { DatabaseExecutor } from './schema.js';

const streamOf = sql<string>`payload->>'streamId'`;

/** A poll stream's SETs: the `ssf` outbox entries of the stream, pending until acknowledged. */
export class KyselySsfPollStore implements SsfPollStore {
  constructor(private readonly db: DatabaseExecutor) {}

  async pending(streamId: string, since: Date, limit: number) {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['id', 'payload'])
      .where('kind', '=', 'ssf')
      .where('status', '=', 'pending')
      .where(streamOf, '=', streamId)
      .where('created_at', '>=', since)
      .orderBy('seq')
      .limit(limit + 1)
      .execute();
    const sets = rows.slice(0, limit).map((row) => ({
      id: row.id,
      // Written by the ssf channel as SsfSetPayload; a string from some PGlite paths.
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as SsfSetPayload,
    }));
    return { sets, more: rows.length > limit };
  }

  /** How many SETs wait, pending, by stream (for `ssf streams`). */
  async pendingByStream(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('outbox')
      .select([streamOf.as('stream_id'), (eb) => eb.fn.countAll<string | number | bigint>().as('count')])
      .where('kind', '=', 'ssf')
      .where('status', '=', 'pending')
      .groupBy(streamOf)
      .execute();
    return new Map(rows.map((row) => [row.stream_id, Number(row.count)]));
  }

  /** The SSF outbox entries by stream and status (queued: pending, delivered: done, failed), for /metrics. */
  async countsByStream(): Promise<{ streamId: string; status: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select([
        streamOf.as('stream_id'),
        'status',
        (eb) => eb.fn.countAll<string | number | bigint>().as('count'),
      ])
      .where('kind', '=', 'ssf')
      .groupBy([streamOf, 'status'])
      .execute();
    return rows.map((row) => ({ streamId: row.stream_id, status: row.status, count: Number(row.count) }));
  }

  async acknowledge(streamId: string, jtis: readonly string[]): Promise<void> {
    if (jtis.length === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ status: 'done', done_at: sql<Date>`now()`, last_error: null })
      .where('id', 'in', jtis)
      .where('kind', '=', 'ssf')
      .where('status', '=', 'pending')
      .where(streamOf, '=', streamId)
      .execute();
  }

  async dropPending(streamId: string, problem: string): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: problem })
      .where('kind', '=', 'ssf')
      .where('status', '=', 'pending')
      .where(streamOf, '=', streamId)
      .execute();
  }

  async resumePending(streamId: string): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('kind', '=', 'ssf')
      .where('status', '=', 'pending')
      .where(streamOf, '=', streamId)
      .execute();
  }

  async refuse(streamId: string, errors: readonly { jti: string; problem: string }[]): Promise<void> {
    for (const { jti, problem } of errors) {
      await this.db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: problem })
        .where('id', '=', jti)
        .where('kind', '=', 'ssf')
        .where('status', '=', 'pending')
        .where(streamOf, '=', streamId)
        .execute();
    }
  }
}
