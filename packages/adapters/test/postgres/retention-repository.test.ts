import { randomUUID } from 'node:crypto';
import {
  auditRecordBatch,
  doneOutboxBatch,
  KyselyRetentionRepository,
  sessionBatch,
} from '@accounts/adapters';
import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { RunRetention } from '@accounts/application';
import type { AuditPosition } from '@accounts/domain';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_DONE_AT_INDEX } from '../../src/postgres/migrations/009-growth-indexes.js';
import { AUDIT_AGE_INDEX } from '../../src/postgres/migrations/010-audit-age-index.js';
import { kyselySubject, OPEN_TIMEOUT_MS } from './contract-subjects.js';

const targets = await testDatabaseTargets();
const DAY_MS = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const clock = { now: () => NOW };

class RolledBack extends Error {}
type PlanNode = {
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
};
const findNode = (node: PlanNode, index: string): PlanNode | undefined =>
  node['Index Name'] === index ? node : node.Plans?.map((child) => findNode(child, index)).find(Boolean);

describe.each(targets)('retention: $label', (target) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await target.create();
    userId = (await kyselySubject(database).addUser()).id;
  }, OPEN_TIMEOUT_MS);
  afterAll(() => database.close(), OPEN_TIMEOUT_MS);

  const addOutbox = (status: 'pending' | 'done' | 'failed', doneAt: Date | null, createdAt: Date) =>
    database.db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        kind: 'webhook',
        user_id: userId,
        payload: sql`'{}'::jsonb`,
        status,
        done_at: doneAt,
        created_at: createdAt,
        next_attempt_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const addAudit = (createdAt: Date) =>
    database.db
      .insertInto('audit_logs')
      .values({ user_id: userId, event: 'USER_UPDATE', details: sql`'{}'::jsonb`, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('removes done outbox entries done before the limit, in batches; pending, failed and younger ones stay', async () => {
    await sql`delete from outbox`.execute(database.db);
    const old = [];
    for (let i = 0; i < 5; i++) old.push((await addOutbox('done', daysAgo(8 + i), daysAgo(9 + i))).id);
    const young = (await addOutbox('done', daysAgo(6), daysAgo(30))).id;
    const pending = (await addOutbox('pending', null, daysAgo(30))).id;
    const failed = (await addOutbox('failed', null, daysAgo(30))).id;
    const repository = new KyselyRetentionRepository(database.db);

    // One batch of at most the limit, oldest first.
    expect(await repository.removeDoneOutboxEntries(daysAgo(7), 2)).toBe(2);
    const run = new RunRetention({ retention: repository, clock }, { outboxDays: 7, auditDays: null }, 2);
    expect(await run.execute()).toEqual({ outboxRemoved: 3, auditRemoved: 0, sessionsRemoved: 0 });
    const left = await database.db.selectFrom('outbox').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([young, pending, failed].sort());
  });

  it('removes audit records older than the limit when one is set, and none when it is not', async () => {
    await sql`delete from audit_logs`.execute(database.db);
    for (let i = 0; i < 7; i++) await addAudit(daysAgo(31 + i));
    const young = (await addAudit(daysAgo(29))).id;
    const repository = new KyselyRetentionRepository(database.db);

    const keepForever = new RunRetention(
      { retention: repository, clock },
      { outboxDays: 7, auditDays: null },
      3,
    );
    expect(await keepForever.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 0, sessionsRemoved: 0 });
    const run = new RunRetention({ retention: repository, clock }, { outboxDays: 7, auditDays: 30 }, 3);
    expect(await run.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 7, sessionsRemoved: 0 });
    const left = await database.db.selectFrom('audit_logs').select('id').execute();
    expect(left.map((row) => String(row.id))).toEqual([String(young)]);
  });

  it('removes a backdated record whose id is higher than a recent one’s, and reports it as the oldest', async () => {
    await sql`delete from audit_logs`.execute(database.db);
    const recent = (await addAudit(daysAgo(1))).id;
    // Imported from another system, or written by a transaction that began long before: a higher id.
    const backdated = (await addAudit(daysAgo(40))).id;
    expect(Number(backdated)).toBeGreaterThan(Number(recent));
    const repository = new KyselyRetentionRepository(database.db);
    expect((await repository.statistics()).oldestAuditRecordAt?.toISOString()).toBe(
      daysAgo(40).toISOString(),
    );

    const run = new RunRetention({ retention: repository, clock }, { outboxDays: 7, auditDays: 30 }, 1000);
    expect(await run.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 1, sessionsRemoved: 0 });
    const left = await database.db.selectFrom('audit_logs').select('id').execute();
    expect(left.map((row) => String(row.id))).toEqual([String(recent)]);
  });

  it('starts each batch of a run after the last record the one before removed, not at the first entry left in the index', async () => {
    await sql`delete from audit_logs`.execute(database.db);
    await sql`vacuum audit_logs`.execute(database.db);
    // 30,000 old records, one a minute, with no VACUUM while they go: the index keeps their entries.
    await sql`alter table audit_logs set (autovacuum_enabled = false)`.execute(database.db);
    await sql`
      insert into audit_logs (user_id, event, details, created_at)
      select ${userId}, 'USER_UPDATE', '{}'::jsonb, ${daysAgo(31)}::timestamptz - n * interval '1 minute'
      from generate_series(1, 30000) as n`.execute(database.db);
    await sql`analyze audit_logs`.execute(database.db);
    const repository = new KyselyRetentionRepository(database.db);
    const cutoff = daysAgo(30);
    let after: AuditPosition | null = null;
    for (let batch = 0; batch < 29; batch++) {
      const { removed, last } = await repository.removeAuditRecords(cutoff, 1000, after);
      expect(removed).toBe(1000);
      expect(last && Date.parse(last.createdAt)).toBe(
        daysAgo(31).getTime() - (30000 - 1000 * (batch + 1) + 1) * 60_000,
      );
      after = last;
    }
    // Pages the next batch's scan of the index reads, its entries' and the records' they point to
    // (EXPLAIN ANALYZE runs the delete: rolled back). From the position on, the few that hold its
    // 1,000; from the start of the index (a run that does not hand the position on), also those of
    // the 29,000 removed (9 against 656, on PGlite and on PostgreSQL).
    const pagesRead = async (position: AuditPosition | null) => {
      const compiled = auditRecordBatch(database.db, cutoff, 1000, position).compile();
      let plan: unknown;
      await database.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
            CompiledQuery.raw(`explain (analyze, buffers, format json) ${compiled.sql}`, [
              ...compiled.parameters,
            ]),
          );
          plan = rows[0]?.['QUERY PLAN'];
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      const scan = root && findNode(root.Plan, AUDIT_AGE_INDEX);
      if (!scan) throw new Error(`no scan of ${AUDIT_AGE_INDEX}`);
      return scan['Shared Hit Blocks'] + scan['Shared Read Blocks'];
    };
    expect(await pagesRead(after)).toBeLessThan(30);
    expect(await pagesRead(null)).toBeGreaterThan(300);

    // The last batch ends with the youngest old record; a run after it finds none.
    const lastBatch = await repository.removeAuditRecords(cutoff, 1000, after);
    expect(lastBatch.removed).toBe(1000);
    expect(lastBatch.last?.createdAt).toBe(
      new Date(daysAgo(31).getTime() - 60_000).toISOString().replace('Z', '000Z'),
    );
    expect(await repository.removeAuditRecords(cutoff, 1000, null)).toEqual({ removed: 0, last: null });
    await sql`alter table audit_logs reset (autovacuum_enabled)`.execute(database.db);
  });

  it('removes sessions a day after they expired unrevoked and 30 days after a revocation, in batches', async () => {
    await sql`delete from sessions`.execute(database.db);
    const addSession = (id: string, expiresAt: Date, revokedAt: Date | null) =>
      database.db
        .insertInto('sessions')
        .values({ id, user_id: userId, key: `jti:${id}`, expires_at: expiresAt, revoked_at: revokedAt })
        .execute();
    const hour = 3_600_000;
    await addSession('expired-long-ago', daysAgo(3), null);
    await addSession('expired-a-day-ago', new Date(NOW.getTime() - DAY_MS - 1), null);
    await addSession('expired-lately', new Date(NOW.getTime() - DAY_MS + hour), null);
    await addSession('revoked-long-ago', daysAgo(40), daysAgo(31));
    await addSession('revoked-lately', new Date(NOW.getTime() + hour), daysAgo(29));
    await addSession('live', new Date(NOW.getTime() + hour), null);
    const repository = new KyselyRetentionRepository(database.db);
    const run = new RunRetention({ retention: repository, clock }, { outboxDays: 7, auditDays: null }, 2);
    expect(await run.execute()).toEqual({ outboxRemoved: 0, auditRemoved: 0, sessionsRemoved: 3 });
    const left = await database.db.selectFrom('sessions').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['expired-lately', 'live', 'revoked-lately']);
  });

  it('removes used token ids past their expiry and refused sids 30 days after their refusal, in batches', async () => {
    const second = 1000;
    for (const [id, expiresAt] of [
      ['expired', new Date(NOW.getTime() - second)],
      ['expired-long-ago', daysAgo(2)],
      ['live', new Date(NOW.getTime() + second)],
    ] as const) {
      await database.db
        .insertInto('used_token_ids')
        .values({ scope: 'logout', id, expires_at: expiresAt })
        .execute();
    }
    for (const [sid, sub, refusedAt] of [
      ['old', null, daysAgo(31)],
      ['old', 'someone', daysAgo(30.5)],
      ['recent', null, daysAgo(29)],
    ] as const) {
      await database.db.insertInto('refused_sids').values({ sid, sub, refused_at: refusedAt }).execute();
    }
    const repository = new KyselyRetentionRepository(database.db);
    const run = new RunRetention({ retention: repository, clock }, { outboxDays: 7, auditDays: null }, 2);
    await run.execute();
    const ids = await database.db.selectFrom('used_token_ids').select('id').execute();
    expect(ids.map((row) => row.id)).toEqual(['live']);
    const sids = await database.db.selectFrom('refused_sids').select(['sid', 'sub']).execute();
    expect(sids).toEqual([{ sid: 'recent', sub: null }]);
  });

  it('reports rows per table and the oldest audit record kept', async () => {
    await sql`delete from audit_logs`.execute(database.db);
    await addAudit(daysAgo(3));
    await addAudit(daysAgo(1));
    const statistics = await new KyselyRetentionRepository(database.db).statistics();
    const rows = Object.fromEntries(statistics.rows.map((row) => [row.table, row.rows]));
    expect(rows.users).toBeGreaterThanOrEqual(1);
    expect(rows).toHaveProperty('audit_logs');
    expect(rows).toHaveProperty('outbox');
    expect(statistics.rows.map((row) => row.table)).not.toContain('kysely_migration');
    expect(statistics.oldestAuditRecordAt?.toISOString()).toBe(daysAgo(3).toISOString());
  });

  it('picks every batch through an index, never a scan of the table', async () => {
    await sql`
      insert into audit_logs (user_id, event, details, created_at)
      select ${userId}, 'USER_UPDATE', '{}'::jsonb, ${NOW}::timestamptz - n * interval '1 hour'
      from generate_series(1, 5000) as n`.execute(database.db);
    await sql`
      insert into outbox (id, kind, user_id, payload, status, done_at, created_at, next_attempt_at)
      select gen_random_uuid()::text, 'webhook', ${userId}, '{}'::jsonb, case when n % 10 = 0 then 'pending' else 'done' end,
             case when n % 10 = 0 then null else ${NOW}::timestamptz - n * interval '1 hour' end, ${NOW}::timestamptz, ${NOW}::timestamptz
      from generate_series(1, 5000) as n`.execute(database.db);
    await sql`
      insert into sessions (user_id, key, expires_at, revoked_at)
      select ${userId}, 'jti:' || n, ${NOW}::timestamptz - n * interval '1 hour',
             case when n % 10 = 0 then ${NOW}::timestamptz - n * interval '1 hour' else null end
      from generate_series(1, 5000) as n`.execute(database.db);
    await sql`analyze audit_logs`.execute(database.db);
    await sql`analyze outbox`.execute(database.db);
    await sql`analyze sessions`.execute(database.db);
    const planOf = async (query: Compilable) => {
      const compiled = query.compile();
      const { rows } = await database.db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    };

    // A run's second batch: most of what the first saw is still to come.
    const after = { createdAt: daysAgo(200).toISOString().replace('Z', '000Z'), id: '1' };
    for (const position of [null, after]) {
      const audit = await planOf(auditRecordBatch(database.db, daysAgo(30), 1000, position));
      expect(audit).toMatch(new RegExp(`Index Scan using ${AUDIT_AGE_INDEX}`));
      expect(audit).toMatch(/(Index Scan using|Bitmap Index Scan on) audit_logs_pkey/);
      expect(audit).not.toMatch(/Seq Scan on audit_logs/);
      // From the last batch's end on: where the scan starts, not a filter on what it reads.
      if (position) expect(audit).toMatch(/Index Cond: .*ROW\(/);
    }
    const outbox = await planOf(doneOutboxBatch(database.db, daysAgo(7), 1000));
    expect(outbox).toMatch(new RegExp(`Index Scan using ${OUTBOX_DONE_AT_INDEX}`));
    expect(outbox).toMatch(/(Index Scan using|Bitmap Index Scan on) outbox_pkey/);
    expect(outbox).not.toMatch(/Seq Scan on outbox/);
    for (const which of ['expired', 'revoked'] as const) {
      const sessions = await planOf(sessionBatch(database.db, which, NOW, 1000));
      expect(sessions).toMatch(
        new RegExp(`Index Scan using sessions_${which === 'expired' ? 'expires' : 'revoked'}_at_idx`),
      );
      expect(sessions).not.toMatch(/Seq Scan on sessions/);
    }
  });
});
