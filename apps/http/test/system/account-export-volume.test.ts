import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { realServiceSuite, UNTHROTTLED } from '../real-service.js';
import { seedSignedInUser } from '../signed-in-user.js';

// GET /api/user/export of an account with a large history: it streams page by page (the rest of
// the export's behaviour is in test/account-export.test.ts, in the fast tier).

/**
 * The events the bounded-memory test seeds, and the growth of the live heap (after a full
 * collection) it allows while they stream: the export is about 16 MB of text; read page by page
 * the live heap grew by under 2 MB (PGlite and PostgreSQL); every event held at once is far more.
 */
const MANY_EVENTS = 100_000;
const HEAP_BOUND_BYTES = 8 * 1024 * 1024;

type Export = { securityEvents: { details: Record<string, unknown> }[] };

describe.each(await testDatabaseTargets())('GET /api/user/export of a large history on $label', (target) => {
  const real = realServiceSuite(target, {
    env: UNTHROTTLED,
  });

  it(`streams ${MANY_EVENTS} events with the heap growing by less than ${HEAP_BOUND_BYTES / 1024 / 1024} MiB`, async () => {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash });
    const db = real.service.database.db;
    // INSERT … SELECT generate_series, in batches that each stay well within the statement bound
    // (the server's, and the pool's on the client side).
    const BATCH = 10_000;
    for (let from = 1; from <= MANY_EVENTS; from += BATCH) {
      await sql`
        insert into audit_logs (user_id, event, details, created_at)
        select ${user.id}, 'USER_UPDATE',
               jsonb_build_object('action', 'account_enabled', 'actorId', 'operator-1', 'reason', 'ticket ' || n),
               timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second'
        from generate_series(${from}::int, ${Math.min(from + BATCH - 1, MANY_EVENTS)}::int) as n
      `.execute(db);
    }
    // What autovacuum does on a server after such a load (the embedded database has none): with
    // row counts known, each page is read in index order instead of sorted from all the rows.
    await sql`analyze audit_logs`.execute(db);

    const directory = await mkdtemp(join(tmpdir(), 'account-export-'));
    const file = join(directory, 'export.json');
    try {
      // Live memory, not garbage: a full collection before each reading (V8's gc(), exposed for
      // this test only), so the reading does not depend on when V8 would have collected.
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const liveHeap = () => {
        gc();
        return process.memoryUsage().heapUsed;
      };
      const baseline = liveHeap();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, liveHeap());
      }, 1000);
      const response = await user.send('GET', '/api/user/export');
      expect(response.status).toBe(200);
      // The body goes to a file as it arrives: the test holds none of it.
      await pipeline(Readable.fromWeb(response.body! as never), createWriteStream(file));
      clearInterval(sampler);
      expect(peak - baseline).toBeLessThan(HEAP_BOUND_BYTES);

      const exported = JSON.parse(await readFile(file, 'utf8')) as Export;
      expect(exported.securityEvents).toHaveLength(MANY_EVENTS);
      expect(exported.securityEvents[0]?.details.reason).toBe(`ticket ${MANY_EVENTS}`);
      expect(exported.securityEvents.at(-1)?.details.reason).toBe('ticket 1');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 300_000);
});
