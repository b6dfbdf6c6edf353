// `pnpm bench:growth`: the service on a database after a year of growth (seed-growth.mjs: 1,000,000
// users, 20,000,000 audit records by default) against the same service on the small database,
// the built server (dist/main.js) on a PostgreSQL database of its own. Measures the p99 of the
// authenticated read, the security-events first and tenth pages and a password-checked state
// change (disable, then enable) on the small database, seeds the growth, measures again, and
// checks each p99 stays within GROWTH_MAX_RATIO (1.2) of the small one. Prints one JSON line.
// Settings: DATABASE_URL (the server, default postgres://postgres@127.0.0.1:5432/postgres),
// GROWTH_USERS, GROWTH_AUDIT_RECORDS, GROWTH_REQUESTS (per operation, default 400).
// Also runs from bench.mjs with BENCH_GROWTH=1.
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { mintToken } from '../dist/tokens.js';
import { createBenchDatabase, seedBenchUser } from './lib/bench-database.mjs';
import { percentile } from './lib/latency-probe.mjs';
import { startServer, waitFor200 } from './lib/server-process.mjs';
import { seedGrowth } from './seed-growth.mjs';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const PORT = 3121;
const BASE = `http://127.0.0.1:${PORT}`;
const PAGE = 20;
const OWN_RECORDS = PAGE * 12;

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

export async function runGrowthBench(options = {}) {
  const env = process.env;
  const serverUrl = options.serverUrl ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const users = Number(env.GROWTH_USERS ?? 1_000_000);
  const auditRecords = Number(env.GROWTH_AUDIT_RECORDS ?? 20_000_000);
  const requests = Number(env.GROWTH_REQUESTS ?? 400);
  const maxRatio = Number(env.GROWTH_MAX_RATIO ?? 1.2);
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
    const pass = Object.values(ratios).every((ratio) => ratio <= maxRatio);
    return {
      users,
      auditRecords,
      seedSeconds: Math.round(seedSeconds),
      requests,
      small,
      grown,
      ratios,
      maxRatio,
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
