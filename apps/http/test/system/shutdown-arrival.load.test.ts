import { testDatabaseTargets, type TestDatabase } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  busyCpus,
  DISABLE,
  logEntries,
  record,
  seedLoadUsers,
  startBuiltServer,
  stopBuiltServer,
  type BuiltServer,
  type LoadUser,
} from './built-server.js';

// decisions.md, "Faults, deploys and retention": on SIGTERM every request already received gets
// its real answer. Password checks sent just before the signal, with two CPU-bound processes
// beside the server, have their bodies read after shutdown began; they are judged by the moment
// they arrived, not by when their bodies were read.
const serverTarget = (await testDatabaseTargets()).find((target) => target.label !== 'pglite');
const CHECKS = 16;
/** A hash that takes a while to check, so that checks are under way and waiting at the signal. */
const SLOW_HASH = { memoryCost: 8_192, timeCost: 2, parallelism: 1 };
const SENT_BEFORE_SIGNAL_MS = 250;

describe.skipIf(!serverTarget)('SIGTERM beside busy CPUs (built server on PostgreSQL)', () => {
  let database: TestDatabase;
  let users: LoadUser[];
  let server: BuiltServer | undefined;
  beforeAll(async () => {
    database = await serverTarget!.create();
    users = await seedLoadUsers(database, CHECKS, 'arrival', SLOW_HASH);
  }, 120_000);
  afterAll(async () => {
    if (server) await stopBuiltServer(server);
    await database.close();
  });

  it('answers every request that arrived before the signal for real, however late its body was read', async () => {
    server = await startBuiltServer(database.url, { ARGON2_QUEUE: '1000' });
    const busy = busyCpus(2);
    try {
      const answers = Promise.all(users.map((user) => record(server!.base, DISABLE, user)));
      await new Promise((resolve) => setTimeout(resolve, SENT_BEFORE_SIGNAL_MS));
      server.child.kill('SIGTERM');
      const code = await server.exited;
      const answered = await answers;
      expect(code).toBe(0);

      const entries = logEntries(server.output());
      const signalled = entries.find((entry) => entry.msg === 'Shutting down: finishing in-flight requests');
      expect(signalled).toBeDefined();
      // When each request arrived: its line's time less its response time (Fastify starts that
      // clock as it routes the request, before the onRequest hooks).
      const arrivedAt = new Map(
        entries
          .filter((entry) => entry.msg === 'request completed')
          .map((entry) => [entry.reqId, (entry.time as number) - (entry.responseTimeMs as number)]),
      );
      const beforeSignal = answered.filter(
        (answer) => (arrivedAt.get(answer.id) ?? Infinity) < (signalled!.time as number),
      );
      expect(beforeSignal.length).toBeGreaterThan(0);
      expect(
        beforeSignal.map((answer) => [answer.status, answer.body]).filter(([status]) => status !== 200),
      ).toEqual([]);
      // Every request the server read was answered: a connection error only for one it never read.
      for (const answer of answered) {
        if (answer.error !== null) expect(arrivedAt.has(answer.id)).toBe(false);
      }
    } finally {
      await busy.stop();
    }
  }, 120_000);
});
