import { randomUUID } from 'node:crypto';
import { KyselyRetentionRepository, retentionTask, type DatabaseHandle } from '@accounts/adapters';
import { seedUser, testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { runCommand } from './cli/run-command.js';
import { createLogger } from '../src/observability/logging.js';
import { parsePrometheusText, valueOf } from './prometheus-text.js';
import { startRealService } from './real-service.js';

const DAY_MS = 86_400_000;
const targets = await testDatabaseTargets();
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Per table: done entries of 10 and 3 days ago, a pending and a failed one of 30 days; audit records of 100 and 10 days ago. */
async function seedOldRows(db: DatabaseHandle['db']) {
  const { id: userId } = await seedUser(db, { email: `old-${randomUUID()}@example.com` });
  const outbox = (status: 'done' | 'pending' | 'failed', doneAt: Date | null) =>
    db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        kind: 'webhook',
        user_id: userId,
        payload: sql`'{}'::jsonb`,
        status,
        done_at: doneAt,
        created_at: ago(30),
      })
      .execute();
  await outbox('done', ago(10));
  await outbox('done', ago(3));
  await outbox('pending', null);
  await outbox('failed', null);
  for (const days of [100, 10])
    await db
      .insertInto('audit_logs')
      .values({ user_id: userId, event: 'USER_UPDATE', details: sql`'{}'::jsonb`, created_at: ago(days) })
      .execute();
  // Expired two days ago and never revoked: removed; expired an hour ago: kept.
  for (const [key, expiresAt] of [
    ['jti:old', ago(2)],
    ['jti:recent', new Date(Date.now() - 3_600_000)],
  ] as const)
    await db.insertInto('sessions').values({ user_id: userId, key, expires_at: expiresAt }).execute();
  return userId;
}

async function remaining(db: DatabaseHandle['db'], userId: string) {
  const outbox = await db
    .selectFrom('outbox')
    .select(['status', 'done_at'])
    .where('user_id', '=', userId)
    .execute();
  const audit = await db
    .selectFrom('audit_logs')
    .select('created_at')
    .where('user_id', '=', userId)
    .execute();
  return { outbox: outbox.map((row) => row.status).sort(), audit: audit.length };
}

describe('retention configuration', () => {
  it('keeps done outbox entries 7 days and audit records forever unless told otherwise', () => {
    const base = { DATABASE_URL: 'pglite://memory', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).retention).toEqual({ outboxDays: 7, auditDays: null });
    expect(
      loadConfig({ ...base, OUTBOX_RETENTION_DAYS: '2', AUDIT_RETENTION_DAYS: '365' }).retention,
    ).toEqual({
      outboxDays: 2,
      auditDays: 365,
    });
    expect(() => loadConfig({ ...base, AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe.each(targets)('retention worker and metrics: $label', (target) => {
  it('removes what is past retention in the background, and keeps the rest', async () => {
    const database = await target.create();
    try {
      const userId = await seedOldRows(database.db);
      const task = retentionTask(new KyselyRetentionRepository(database.db), {
        retention: { outboxDays: 7, auditDays: 30 },
        clock: { now: () => new Date() },
        logger: createLogger({ level: 'silent' }),
        intervalMs: 20,
      });
      task.start();
      for (let i = 0; i < 100 && (await remaining(database.db, userId)).audit > 1; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await task.stop();
      expect(await remaining(database.db, userId)).toEqual({
        outbox: ['done', 'failed', 'pending'],
        audit: 1,
      });
    } finally {
      await database.close();
    }
  }, 90_000);

  it('serves table row counts and the oldest audit record age in /metrics', async () => {
    const real = await startRealService(target);
    try {
      await seedOldRows(real.service.database.db);
      const samples = parsePrometheusText(await (await fetch(`${real.base}/metrics`)).text());
      expect(valueOf(samples, 'accounts_table_rows', { table: 'outbox' })).toBe(4);
      expect(valueOf(samples, 'accounts_table_rows', { table: 'audit_logs' })).toBeGreaterThanOrEqual(2);
      expect(valueOf(samples, 'accounts_table_rows', { table: 'users' })).toBeGreaterThanOrEqual(1);
      const age = valueOf(samples, 'accounts_audit_oldest_record_age_seconds');
      expect(age).toBeGreaterThan(100 * 86_400 - 60);
      expect(age).toBeLessThan(100 * 86_400 + 60);
    } finally {
      await real.close();
    }
  }, 90_000);
});

describe.each(targets)('accounts retention run on $label', (target) => {
  // A database per test: what one run removes must not count in the next.
  let database: TestDatabase;
  beforeEach(async () => {
    database = await target.create();
  }, 120_000);
  afterEach(() => database.close());

  const cli = async (env: Record<string, string>) => {
    const result = await runCommand(['retention', 'run'], { env, database });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return JSON.parse(result.stdout) as unknown;
  };

  it('removes at once with the default retention and prints what it removed', async () => {
    const userId = await seedOldRows(database.db);
    expect(await cli({})).toEqual({ outboxRemoved: 1, auditRemoved: 0, sessionsRemoved: 1 });
    expect(await cli({ AUDIT_RETENTION_DAYS: '30' })).toEqual({
      outboxRemoved: 0,
      auditRemoved: 1,
      sessionsRemoved: 0,
    });
    expect(await remaining(database.db, userId)).toEqual({ outbox: ['done', 'failed', 'pending'], audit: 1 });
  });

  it('removes at once what the configured retention says', async () => {
    const userId = await seedOldRows(database.db);
    expect(await cli({ OUTBOX_RETENTION_DAYS: '2', AUDIT_RETENTION_DAYS: '5' })).toEqual({
      outboxRemoved: 2,
      auditRemoved: 2,
      sessionsRemoved: 1,
    });
    expect(await remaining(database.db, userId)).toEqual({ outbox: ['failed', 'pending'], audit: 0 });
  });
});
