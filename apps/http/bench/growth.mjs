// `pnpm bench:growth`: the service on a database after a year of growth (seed-growth.mjs: 1,000,000
// users, 20,000,000 audit records by default) against the same service on the small database,
// the built server (dist/main.js) on a PostgreSQL database of its own. Measures the p99 of the
// authenticated read, the security-events first and tenth pages and a password-checked state
// change (disable, then enable) on the small database, seeds the growth, measures again, and
// checks each p99 stays within GROWTH_MAX_RATIO (1.2) of the small one. Then runs retention on the
// grown database as an operator does (`retention run` of the CLI, dist/cli.js, with
// AUDIT_RETENTION_DAYS=GROWTH_RETENTION_DAYS, default 300 of the seeded 365), and once more right
// after; times both, checks by counting that every record older than the cut-off is gone and every
// younger one stayed, and that the user's security-event pages keep their index plan (EXPLAIN, after
// the run and after an ANALYZE). Prints one JSON line.
// Settings: DATABASE_URL (the server, default postgres://postgres@127.0.0.1:5432/postgres),
// GROWTH_USERS, GROWTH_AUDIT_RECORDS, GROWTH_REQUESTS (per operation, default 400),
// GROWTH_RETENTION_DAYS.
// Also runs from bench.mjs with BENCH_GROWTH=1.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { mintToken } from '../dist/tokens.js';
import { createBenchDatabase, seedBenchUser } from './lib/bench-database.mjs';
import { percentile } from './lib/latency-probe.mjs';
import { startServer, waitFor200 } from './lib/server-process.mjs';
import { seedGrowth } from './seed-growth.mjs';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const PORT = 3121;
const BASE = `http://127.0.0.1:${PORT}`;
const PAGE = 20;
const OWN_RECORDS = PAGE * 12;
const DAY_MS = 86_400_000;
/** The index every security-event page reads through (migration 004). */
const PAGE_INDEX = 'audit_logs_user_id_created_at_id_idx';
/**
 * Records younger than the cut-off by less than this may age past it before a run starts: the
 * counts leave them out (the seed spreads 20,000,000 records over a year, one every 1.6 s).
 */
const WINDOW_MS = 10 * 60_000;

async function timed(path, init) {
  const started = performance.now();
  const response = await fetch(`${BASE}${path}`, init);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status}`);
  return performance.now() - started;
}

/** `count` requests of `request`, `concurrency` at a time; the latencies' p50 and p99 in ms. */
async function measure(request, count, concurrency) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      latencies.push(await request());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function measureAll(headers, password, requests) {
  // The tenth page: nine cursors on from the first.
  let cursor = null;
  for (let page = 1; page < 10; page++) {
    const response = await fetch(
      `${BASE}/api/user/security-events?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`,
      { headers },
    );
    cursor = (await response.json()).nextCursor;
  }
  const body = JSON.stringify({ password });
  const json = { ...headers, 'content-type': 'application/json' };
  let disabled = false;
  return {
    read: await measure(() => timed('/api/user/custom-domain', { headers }), requests, 4),
    eventsFirstPage: await measure(
      () => timed(`/api/user/security-events?limit=${PAGE}`, { headers }),
      requests,
      4,
    ),
    eventsTenthPage: await measure(
      () => timed(`/api/user/security-events?limit=${PAGE}&cursor=${cursor}`, { headers }),
      requests,
      4,
    ),
    // One account: its state changes one after another.
    passwordCheckedChange: await measure(
      () => {
        disabled = !disabled;
        return timed('/api/auth/disable-account', {
          method: disabled ? 'POST' : 'DELETE',
          headers: json,
          body,
        });
      },
      Math.max(20, Math.round(requests / 10)),
      1,
    ),
  };
}

/** `retention run` of the CLI, as an operator runs it: its summary and how long it took. */
async function runRetentionCli(databaseUrl, days, secret) {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'retention', 'run'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: secret,
      AUDIT_RETENTION_DAYS: String(days),
    },
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  return { seconds, ...JSON.parse(stdout.trim().split('\n').at(-1)) };
}

/** Records older than `cutoff`, records at least WINDOW_MS younger than it, and all (one scan). */
async function countAudit(database, cutoff) {
  const { rows } = await database.query(
    `select count(*) filter (where created_at < $1)::int as older,
            count(*) filter (where created_at >= $2)::int as younger,
            count(*)::int as total
     from audit_logs`,
    [cutoff, new Date(cutoff.getTime() + WINDOW_MS)],
  );
  return rows[0];
}

/**
 * The plan of the user's first and tenth security-event pages, as securityEventPageQuery
 * (packages/adapters) writes them: the lines of the scans on audit_logs.
 */
async function pagePlans(database, userId) {
  const select = `select id, event, details, created_at from audit_logs where user_id = $1`;
  const order = `order by created_at desc, id desc limit ${PAGE + 1}`;
  const { rows: at } = await database.query(
    `select created_at, id from audit_logs where user_id = $1 order by created_at desc, id desc offset $2 limit 1`,
    [userId, PAGE * 9 - 1],
  );
  const scans = async (sql, values) => {
    const { rows } = await database.query(`explain ${sql}`, values);
    return rows
      .map((row) =>
        row['QUERY PLAN']
          .trim()
          .replace(/^-> +/, '')
          .replace(/ +\(cost=.*\)$/, ''),
      )
      .filter((line) => / on audit_logs/.test(line));
  };
  return {
    firstPage: await scans(`${select} ${order}`, [userId]),
    tenthPage: await scans(`${select} and (created_at, id) < ($2::timestamptz, $3::bigint) ${order}`, [
      userId,
      at[0].created_at,
      at[0].id,
    ]),
  };
}

const usesPageIndex = (plans) =>
  Object.values(plans).every(
    (lines) => lines.length > 0 && lines.every((line) => line.includes(PAGE_INDEX) && !/Seq Scan/.test(line)),
  );

/**
 * Retention on the grown database: a run with AUDIT_RETENTION_DAYS=`days`, then a second right
 * after; each one's time and counts. Passes when no record older than the first run's cut-off
 * is left, every record younger than it (by more than WINDOW_MS) stayed, each run removed what
 * went missing, and the pages read through their index after the runs and after an ANALYZE.
 */
async function measureRetention(database, { userId, days, secret }) {
  const cutoff = new Date(Date.now() - days * DAY_MS);
  const before = await countAudit(database, cutoff);
  const first = await runRetentionCli(database.url, days, secret);
  const afterFirst = await countAudit(database, cutoff);
  const second = await runRetentionCli(database.url, days, secret);
  const afterSecond = await countAudit(database, cutoff);
  const plansAfter = await pagePlans(database, userId);
  await database.query('analyze audit_logs');
  const plansAfterAnalyze = await pagePlans(database, userId);
  const pass =
    afterFirst.older === 0 &&
    afterSecond.younger === before.younger &&
    first.auditRemoved >= before.older &&
    before.total - first.auditRemoved === afterFirst.total &&
    afterFirst.total - second.auditRemoved === afterSecond.total &&
    usesPageIndex(plansAfter) &&
    usesPageIndex(plansAfterAnalyze);
  return {
    days,
    cutoff: cutoff.toISOString(),
    before,
    first,
    afterFirst,
    second,
    afterSecond,
    plansAfter,
    plansAfterAnalyze,
    pass,
  };
}

export async function runGrowthBench(options = {}) {
  const env = process.env;
  const serverUrl = options.serverUrl ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const users = Number(env.GROWTH_USERS ?? 1_000_000);
  const auditRecords = Number(env.GROWTH_AUDIT_RECORDS ?? 20_000_000);
  const requests = Number(env.GROWTH_REQUESTS ?? 400);
  const maxRatio = Number(env.GROWTH_MAX_RATIO ?? 1.2);
  const retentionDays = Number(env.GROWTH_RETENTION_DAYS ?? 300);
  const database = await createBenchDatabase(serverUrl);
  const secret = randomBytes(32).toString('base64url');
  const password = randomBytes(12).toString('base64url');
  const userId = 'bench-user';
  const headers = { authorization: `Bearer ${mintToken({ secret, userId, expiresInSeconds: 7200 })}` };
  const server = startServer(MAIN, {
    ...(options.env ?? {}),
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    PORT: String(PORT),
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitFor200(`${BASE}/readyz`, { timeoutMs: 60_000 });
    await seedBenchUser(database, { userId, passwordHash: await new Argon2PasswordHasher().hash(password) });
    await database.query(
      `insert into audit_logs (user_id, event, details, created_at)
       select $1, 'USER_UPDATE', '{"action":"bench"}'::jsonb, now() - n * interval '1 hour'
       from generate_series(1, $2::int) as n`,
      [userId, OWN_RECORDS],
    );
    await database.query('analyze');
    await measureAll(headers, password, Math.round(requests / 4)); // warm-up
    const small = await measureAll(headers, password, requests);
    const seedSeconds = await seedGrowth(database.url, {
      users,
      auditRecords,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    await measureAll(headers, password, Math.round(requests / 4)); // warm-up on the grown database
    const grown = await measureAll(headers, password, requests);
    const ratios = Object.fromEntries(
      Object.keys(small).map((name) => [name, Math.round((grown[name].p99 / small[name].p99) * 100) / 100]),
    );
    const plansGrown = await pagePlans(database, userId);
    const retention = await measureRetention(database, { userId, days: retentionDays, secret });
    const pass = Object.values(ratios).every((ratio) => ratio <= maxRatio) && retention.pass;
    return {
      users,
      auditRecords,
      seedSeconds: Math.round(seedSeconds),
      requests,
      small,
      grown,
      ratios,
      maxRatio,
      plansGrown,
      retention,
      pass,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runGrowthBench();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(result.pass ? 0 : 1);
}
