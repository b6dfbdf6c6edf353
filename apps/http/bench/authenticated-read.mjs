// Benchmark: GET /api/user/custom-domain on this service vs a bare Fastify + JWT + one-query
// server, on the same PostgreSQL database, one after the other, each server in its own process.
// Usage (after `pnpm build`): DATABASE_URL=postgres://… node apps/http/bench/authenticated-read.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { mintToken } from '../dist/tokens.js';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const secret = randomBytes(32).toString('base64url');
const database = `bench_${randomBytes(4).toString('hex')}`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl() {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

function start(script, port, env) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env, PORT: String(port), DATABASE_URL: databaseUrl(), JWT_SECRET: secret },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function run(url, seconds) {
  return autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } });
}

async function measure(name, script, port, env = {}) {
  const child = start(script, port, env);
  try {
    const url = `http://127.0.0.1:${port}/api/user/custom-domain`;
    await waitFor(url);
    await run(url, 3); // warm-up
    const result = await run(url, duration);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const userId = 'bench-user';
const token = mintToken({ secret, userId, expiresInSeconds: 3600 });

await admin(`create database ${database}`);
try {
  // Migrate and seed through the service itself (it migrates at start).
  const warm = start('./service-server.mjs', 3101, { LOG_LEVEL: 'silent' });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  warm.kill('SIGTERM');
  await new Promise((resolve) => warm.once('exit', resolve));
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  await client.query("insert into users (id, email, password_hash) values ($1, 'bench@example.com', null)", [
    userId,
  ]);
  await client.query(
    `insert into service_access (user_id, service, tier, metadata) values ($1, 'DROP', 'enterprise', '{"customDomain":"bench.example.com"}')`,
    [userId],
  );
  await client.end();

  const results = [];
  for (let round = 1; round <= rounds; round++) {
    results.push(await measure('bare Fastify + JWT + 1 query', './bare-server.mjs', 3102));
    results.push(
      await measure('service, LOG_LEVEL=info', './service-server.mjs', 3103, {
        RATE_LIMIT_MAX: '1000000',
        LOG_LEVEL: 'info',
      }),
    );
    results.push(
      await measure('service, LOG_LEVEL=warn', './service-server.mjs', 3104, {
        RATE_LIMIT_MAX: '1000000',
        LOG_LEVEL: 'warn',
      }),
    );
  }
  console.log(
    `\n${duration} s per run, ${connections} connections, ${rounds} rounds, PostgreSQL ${new URL(serverUrl).host}`,
  );
  console.table(results.map((r) => ({ ...r, rps: Math.round(r.rps) })));
} finally {
  await admin(`drop database if exists ${database} with (force)`);
}
