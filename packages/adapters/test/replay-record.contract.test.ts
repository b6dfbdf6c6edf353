import { randomUUID } from 'node:crypto';
import { connectRedisReplayRecord, KyselyReplayRecord, RedisReplayRecord } from '@accounts/adapters';
import {
  startTestRedis,
  testDatabaseTargets,
  testRedisAvailable,
  type TestDatabase,
  type TestRedis,
} from '@accounts/adapters/testing';
import type { Logger, ReplayRecord } from '@accounts/application';
import { InMemoryReplayRecord } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS } from './postgres/contract-subjects.js';

/** Two instances' records over one store (for the in-memory fake, one record: it is one process). */
type Subject = { first: ReplayRecord; second: ReplayRecord; close(): Promise<void> };
type Target = { label: string; open(): Promise<Subject> };

const wallClock = { now: () => new Date() };
const databaseTargets = await testDatabaseTargets();
const targets: Target[] = [
  {
    label: 'in-memory',
    open: () => {
      const record = new InMemoryReplayRecord(wallClock);
      return Promise.resolve({ first: record, second: record, close: () => Promise.resolve() });
    },
  },
  ...databaseTargets.map((target) => ({
    label: `kysely on ${target.label}`,
    open: async () => {
      const database: TestDatabase = await target.create();
      return {
        first: new KyselyReplayRecord(database.db),
        second: new KyselyReplayRecord(database.db),
        close: () => database.close(),
      };
    },
  })),
  ...(testRedisAvailable()
    ? [
        {
          label: 'redis',
          open: async () => {
            const redis: TestRedis = await startTestRedis();
            const prefix = `test:${randomUUID()}:`;
            return {
              first: new RedisReplayRecord(redis.redis, prefix),
              second: new RedisReplayRecord(redis.redis, prefix),
              close: () => redis.close(),
            };
          },
        },
      ]
    : []),
];

describe.each(targets)('ReplayRecord: $label', (target) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await target.open();
  }, OPEN_TIMEOUT_MS);
  afterAll(() => subject.close(), OPEN_TIMEOUT_MS);

  it('answers true to the first use of an id and false to every later one, on any instance', async () => {
    const id = randomUUID();
    expect(await subject.first.firstUse('logout', id, 300)).toBe(true);
    expect(await subject.first.firstUse('logout', id, 300)).toBe(false);
    expect(await subject.second.firstUse('logout', id, 300)).toBe(false);
  });

  it('keeps scopes apart: the same id is new in another scope', async () => {
    const id = randomUUID();
    expect(await subject.first.firstUse('logout', id, 300)).toBe(true);
    expect(await subject.second.firstUse('dpop', id, 300)).toBe(true);
    expect(await subject.second.firstUse('dpop', id, 300)).toBe(false);
  });

  it('answers true to exactly one of many uses of one id racing on two instances', async () => {
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? subject.first : subject.second).firstUse('logout', id, 300),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('takes an id again once its time has passed, and not before', async () => {
    const id = randomUUID();
    const start = Date.now();
    expect(await subject.first.firstUse('dpop', id, 1)).toBe(true);
    expect(await subject.second.firstUse('dpop', id, 1)).toBe(false);
    let again = false;
    while (!again && Date.now() - start < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await subject.second.firstUse('dpop', id, 1);
    }
    expect(again).toBe(true);
    expect(Date.now() - start).toBeGreaterThanOrEqual(900);
  });
});

describe('ReplayRecord when its store cannot be reached', () => {
  const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

  it('rejects on Redis, never answers true unchecked', async () => {
    // Nothing listens on port 1.
    const connection = await connectRedisReplayRecord('redis://127.0.0.1:1', { logger: silent });
    try {
      await expect(connection.record.firstUse('logout', randomUUID(), 300)).rejects.toThrow();
    } finally {
      await connection.close();
    }
  });

  it.each(databaseTargets)(
    'rejects on a closed $label database',
    async (target) => {
      const database = await target.create();
      const record = new KyselyReplayRecord(database.db);
      await database.close();
      await expect(record.firstUse('logout', randomUUID(), 300)).rejects.toThrow();
    },
    OPEN_TIMEOUT_MS,
  );
});
