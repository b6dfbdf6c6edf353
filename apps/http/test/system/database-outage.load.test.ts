import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startTcpProxy,
  testDatabaseTargets,
  type TcpProxy,
  type TestDatabase,
} from '@accounts/adapters/testing';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  busyCpus,
  DISABLE,
  ENABLE,
  logEntries,
  READ,
  record,
  seedLoadUsers,
  startBuiltServer,
  stopBuiltServer,
  type Answer,
  type BuiltServer,
  type LoadUser,
} from './built-server.js';

// The built server on PostgreSQL through a loopback TCP proxy, under a steady load of reads and
// password-checked state changes (each queues a webhook in the outbox): the proxy goes silent,
// then resets every connection and forwards again. Once on a quiet machine, once as the outside
// tester found it (issue 34, finding 2): two CPU-bound processes beside the server, and clients
// that retry at once after a 500, so the refused requests come as fast as the server answers.
const serverTarget = (await testDatabaseTargets()).find((target) => target.label !== 'pglite');
const STATEMENT_TIMEOUT_MS = 1_000;
const CUT_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverTarget)(
  'database outage under load (built server on PostgreSQL behind a TCP proxy)',
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let server: BuiltServer | null = null;
    let busy: ReturnType<typeof busyCpus> | null = null;
    let receiver: Server;
    const webhooks: string[] = [];
    beforeAll(async () => {
      database = await serverTarget!.create();
      const url = new URL(database.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          webhooks.push(body);
          response.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    }, 120_000);
    afterEach(async () => {
      await busy?.stop();
      busy = null;
      if (server) await stopBuiltServer(server);
      server = null;
      proxy.restore();
    });
    afterAll(async () => {
      await proxy.close();
      await new Promise((resolve) => receiver.close(resolve));
      await database.close();
    });

    /**
     * Cuts the database for CUT_MS under a steady load whose clients pause `pauseMs` after an
     * answer other than 200, with `busyProcesses` CPU-bound processes beside the server from before
     * the load starts until it ends; resets every connection, forwards again, and checks the
     * contract of an outage.
     */
    async function cutAndRestore(busyProcesses: number, pauseMs: number, prefix: string) {
      const users = await seedLoadUsers(database, 4, prefix);
      const url = new URL(database.url);
      url.host = proxy.address;
      const built = await startBuiltServer(url.toString(), {
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
        WEBHOOK_TIMEOUT_MS: '1000',
        DELIVERY_POLL_MS: '100',
        DELIVERY_RETRY_BASE_MS: '100',
        DELIVERY_RETRY_MAX_MS: '500',
        DOMAIN_RECHECK_MS: '300',
      });
      server = built;
      const webhooksBefore = webhooks.length;
      if (busyProcesses > 0) busy = busyCpus(busyProcesses);
      const base = built.base;
      const answers: Answer[] = [];
      let stop = false;
      const stateClient = async (user: LoadUser) => {
        // Disable and enable in turn; after an answer other than 200 the account's state is read
        // back from the database's audit trail below, so the next step is whichever applies.
        let disabled = false;
        while (!stop) {
          const answer = await record(base, disabled ? ENABLE : DISABLE, user, 30_000);
          answers.push(answer);
          if (answer.status === 200) disabled = !disabled;
          else if (answer.status === 400 || answer.status === 401) disabled = !disabled;
          else await sleep(pauseMs);
        }
      };
      const readClient = async (user: LoadUser) => {
        while (!stop) {
          const answer = await record(base, READ, user, 30_000);
          answers.push(answer);
          await sleep(answer.status === 200 ? 20 : pauseMs);
        }
      };
      // Reads as a user that stays active (the last one).
      const readers = users.slice(0, 3);
      const clients = [...readers.map(stateClient), readClient(users[3]!), readClient(users[3]!)];
      await sleep(1_500);

      const cutAt = Date.now();
      proxy.cut();
      await sleep(300);
      const ready = await record(base, { name: 'readyz', method: 'GET', path: '/readyz' }, users[0]!, 10_000);
      const health = await record(
        base,
        { name: 'healthz', method: 'GET', path: '/healthz' },
        users[0]!,
        10_000,
      );
      await sleep(CUT_MS - 300);
      proxy.reset();
      proxy.restore();
      const restoredAt = Date.now();
      // The first read that succeeds after the restore.
      let recoveredAt: number | null = null;
      while (recoveredAt === null && Date.now() - restoredAt < 15_000) {
        const probe = await record(base, READ, users[3]!, 10_000);
        if (probe.status === 200) recoveredAt = Date.now();
        else await sleep(100);
      }
      const recoveredReady = await record(
        base,
        { name: 'readyz', method: 'GET', path: '/readyz' },
        users[0]!,
        10_000,
      );
      await sleep(2_000);
      const webhooksBeforeEnd = webhooks.length - webhooksBefore;
      stop = true;
      await Promise.all(clients);
      // The other processes kept their CPUs busy through the cut and the restore.
      if (busy) {
        expect(busy.running()).toBe(true);
        await busy.stop();
        busy = null;
      }

      // During the cut: 500 with the specification's body, in time; the probes as documented.
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(3_000);
      expect(health.status).toBe(200);
      const duringCut = answers.filter(
        (answer) => answer.startedAt >= cutAt + 100 && answer.startedAt + answer.ms < restoredAt - 100,
      );
      expect(duringCut.length).toBeGreaterThan(0);
      for (const answer of duringCut) {
        expect(answer.status, JSON.stringify(answer)).toBe(500);
        expect(answer.ms, JSON.stringify(answer)).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);
        expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 500, message: 'Internal server error' });
        expect(answer.body).not.toMatch(/select|insert|update|delete|stack|\bat\b|ECONN|timeout/i);
      }
      // Every request open at the cut also answered within the bound from the cut.
      for (const answer of answers.filter((a) => a.startedAt < cutAt && a.startedAt + a.ms > cutAt)) {
        expect(answer.startedAt + answer.ms - cutAt, JSON.stringify({ ...answer, cutAt })).toBeLessThan(
          STATEMENT_TIMEOUT_MS + 1_000,
        );
      }
      expect(answers.filter((answer) => answer.error !== null)).toEqual([]);

      // Back within 5 s, without a restart, and no error after recovery.
      // What the service told of the outage, in ms from the restore, should it not recover in time.
      const timeline = JSON.stringify(
        logEntries(built.output())
          .filter((entry) => entry.msg.startsWith('Database '))
          .map((entry) => [(entry.time as number) - restoredAt, entry.msg, entry.cause]),
      );
      expect(recoveredAt, timeline).not.toBeNull();
      expect(recoveredAt! - restoredAt, timeline).toBeLessThan(5_000);
      expect(recoveredReady.status).toBe(200);
      const after = answers.filter((answer) => answer.startedAt > recoveredAt!);
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((answer) => answer.status === null || answer.status >= 500)).toEqual([]);
      expect(built.child.exitCode).toBeNull();

      // No state change half applied: each 200 has its audit record; a change whose answer was
      // lost in the cut (500) may have committed, but then with its record, and the flag agrees.
      for (const user of readers) {
        const audits: Record<string, number> = {};
        for (const [op, event] of [
          ['disable', 'USER_DISABLE'],
          ['enable', 'USER_UPDATE'],
        ] as const) {
          const mine = answers.filter((answer) => answer.userId === user.id && answer.op === op);
          const ok = mine.filter((answer) => answer.status === 200).length;
          const unknown = mine.filter((answer) => answer.status === 500).length;
          const { rows } = await sql<{ count: string }>`
          select count(*) as count from audit_logs where user_id = ${user.id} and event = ${event}`.execute(
            database.db,
          );
          audits[op] = Number(rows[0]?.count);
          expect(audits[op], `${op} of ${user.id}`).toBeGreaterThanOrEqual(ok);
          expect(audits[op], `${op} of ${user.id}`).toBeLessThanOrEqual(ok + unknown);
        }
        const { rows } = await sql<{ disabled: boolean }>`
        select disabled from users where id = ${user.id}`.execute(database.db);
        expect(rows[0]?.disabled, `flag of ${user.id}`).toBe(
          (audits.disable ?? 0) - (audits.enable ?? 0) === 1,
        );
      }

      // The workers resumed: every queued webhook goes out (none left pending), and the re-check,
      // which failed during the cut, runs again without failing.
      for (let i = 0; i < 50; i++) {
        const { rows } = await sql<{ count: string }>`
        select count(*) as count from outbox where status = 'pending'`.execute(database.db);
        if (Number(rows[0]?.count) === 0) break;
        await sleep(100);
      }
      const { rows: pending } = await sql<{ count: string }>`
      select count(*) as count from outbox where status <> 'done'`.execute(database.db);
      expect(Number(pending[0]?.count)).toBe(0);
      expect(webhooksBeforeEnd).toBeGreaterThan(0);
      const entries = logEntries(built.output());
      const failures = entries.filter((entry) => entry.level >= 50);
      expect(failures.some((entry) => (entry.time as number) < restoredAt)).toBe(true);
      const lateFailures = failures.filter((entry) => (entry.time as number) > recoveredAt! + 1_000);
      expect(lateFailures).toEqual([]);

      // How the outage was logged: with its cause as it started, and again as it ended; each
      // request it refused one line without a stack (request id, route, 500). On a busy machine a
      // statement can time out (1 s here) before the cut too, and the service then sees an outage
      // of its own: a few start/end pairs, alternating, never one per request.
      const outageLines = entries.filter((entry) =>
        /^Database (unreachable: outage started|reachable again)/.test(entry.msg),
      );
      const told = JSON.stringify(outageLines.map((entry) => [entry.time, entry.msg, entry.cause]));
      expect(outageLines.length, told).toBeGreaterThanOrEqual(2);
      expect(outageLines.length, told).toBeLessThanOrEqual(6);
      outageLines.forEach((entry, i) => {
        expect(entry.msg, told).toBe(
          i % 2 === 0 ? 'Database unreachable: outage started' : 'Database reachable again: outage ended',
        );
        if (i % 2 === 0)
          expect(entry, told).toMatchObject({ level: 50, cause: { message: expect.any(String) as unknown } });
      });
      expect(outageLines.at(-1)!.msg, told).toBe('Database reachable again: outage ended');
      const refused = entries.filter((entry) => entry.msg === 'database unreachable');
      expect(refused.length).toBeGreaterThan(0);
      for (const entry of refused) {
        expect(Object.keys(entry).sort(), JSON.stringify(entry)).toEqual(
          expect.arrayContaining(['reqId', 'route', 'statusCode']),
        );
        expect(entry.statusCode).toBe(500);
        expect(JSON.stringify(entry)).not.toMatch(/stack|"err"/);
      }
      // Only the statements that met the outage before it was known (one per pooled connection
      // at most) are logged with their error and stack.
      const unexpected = entries.filter((entry) => entry.msg === 'Unexpected error');
      expect(unexpected.length, JSON.stringify(unexpected.map((entry) => entry.time))).toBeLessThanOrEqual(
        10,
      );
    }

    it('answers 500 in time during the cut, recovers within 5 s of the restore without a restart, and half-applies nothing', async () => {
      await cutAndRestore(0, 50, 'quiet');
    });

    it('does the same with two CPU-bound processes beside the server and clients retrying at once', async () => {
      await cutAndRestore(2, 0, 'busy');
    });
  },
);
