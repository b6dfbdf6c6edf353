// `pnpm bench:soak`: the built server (dist/main.js, as the image runs it: its ENV and CMD flags;
// SOAK_IMAGE_ENV=none for Node's and glibc's defaults) on a PostgreSQL database of its own under a
// steady mixed load for SOAK_SECONDS (default 600): authenticated reads, custom-domain writes,
// password-checked state changes (disable, then enable) and 2FA set-ups, from SOAK_CLIENTS
// (default 8) clients at once. The server's RSS (/proc/<pid>/status, VmRSS) is sampled every
// second. Passes when no request failed and RSS after the warm-up (SOAK_WARMUP_SECONDS, default
// a fifth of the run) grew by less than SOAK_MAX_RSS_GROWTH (0.05): the mean of the second half of
// the samples after the warm-up against the mean of the first half. Prints one JSON line.
// Linux only (/proc). DATABASE_URL: the server (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import { mintToken } from '../dist/tokens.js';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { imageEnv, imageNodeFlags } from './lib/image-env.mjs';
import { startServer, waitFor200 } from './lib/server-process.mjs';

const env = process.env;
const seconds = Number(env.SOAK_SECONDS ?? 600);
const warmupSeconds = Number(env.SOAK_WARMUP_SECONDS ?? Math.round(seconds / 5));
const clients = Number(env.SOAK_CLIENTS ?? 8);
const maxGrowth = Number(env.SOAK_MAX_RSS_GROWTH ?? 0.05);
const serverUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
// As deployed, as `pnpm bench` runs it: the image's environment and Node flags (its malloc arenas
// and young generation shape the RSS this measures).
// SOAK_IMAGE_ENV=none: Node's and glibc's defaults instead, to compare.
const DOCKERFILE = fileURLToPath(new URL('../../../Dockerfile', import.meta.url));
const asDeployed = env.SOAK_IMAGE_ENV !== 'none';
const PORT = 3131;
const BASE = `http://127.0.0.1:${PORT}`;

function rssBytes(pid) {
  const found = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return found ? Number(found[1]) * 1024 : Number.NaN;
}
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

const database = await createBenchDatabase(serverUrl);
const secret = randomBytes(32).toString('base64url');
const password = randomBytes(12).toString('base64url');
const server = startServer(
  MAIN,
  {
    ...(asDeployed ? imageEnv(DOCKERFILE) : {}),
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    PORT: String(PORT),
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  },
  asDeployed ? imageNodeFlags(DOCKERFILE) : [],
);
const counts = {};
const errors = [];
const samples = [];
const heap = [];
try {
  await waitFor200(`${BASE}/readyz`, { timeoutMs: 60_000 });
  const passwordHash = await new Argon2PasswordHasher().hash(password);
  // One account per client: its state changes never race another client's.
  const accounts = [];
  for (let i = 0; i < clients; i++) {
    const userId = `soak-${i}`;
    await database.query('insert into users (id, email, password_hash) values ($1, $2, $3)', [
      userId,
      `${userId}@example.com`,
      passwordHash,
    ]);
    await database.query(
      `insert into service_access (user_id, service, tier, metadata) values ($1, 'DROP', 'enterprise', $2)`,
      [userId, JSON.stringify({ customDomain: `${userId}.example.com` })],
    );
    accounts.push({
      userId,
      headers: { authorization: `Bearer ${mintToken({ secret, userId, expiresInSeconds: seconds + 3600 })}` },
    });
  }

  const send = async (name, path, init) => {
    try {
      const response = await fetch(`${BASE}${path}`, init);
      await response.arrayBuffer();
      counts[name] = (counts[name] ?? 0) + 1;
      if (response.status !== 200) errors.push({ name, status: response.status });
    } catch (error) {
      errors.push({
        name,
        error: error instanceof Error ? (error.cause?.code ?? error.message) : String(error),
      });
    }
  };
  const deadline = performance.now() + seconds * 1000;
  const client = async ({ headers }, index) => {
    const json = { ...headers, 'content-type': 'application/json' };
    const sendJson = (kind, method, path, body) =>
      send(kind, path, { method, headers: json, body: JSON.stringify(body) });
    for (let step = 0; performance.now() < deadline; step++) {
      switch (step % 8) {
        case 1:
          await sendJson('domainWrite', 'POST', '/api/user/custom-domain', {
            domain: `soak-${index}-${step % 1000}.example.com`,
          });
          break;
        case 3:
          await sendJson('disable', 'POST', '/api/auth/disable-account', { password });
          break;
        case 4:
          // Right after the disable: a disabled account's reads answer 401.
          await sendJson('enable', 'DELETE', '/api/auth/disable-account', { password });
          break;
        case 6:
          await sendJson('twoFactorSetup', 'POST', '/api/auth/2fa', { enable: true });
          break;
        default:
          await send('read', '/api/user/custom-domain', { headers });
      }
    }
  };
  const sampler = setInterval(
    () => samples.push({ at: samples.length + 1, rss: rssBytes(server.pid) }),
    1000,
  );
  // V8's heap beside the RSS, every 30 s: a leak of JavaScript objects grows the heap in use.
  const heapPoll = setInterval(() => {
    const at = samples.length;
    fetch(`${BASE}/metrics`)
      .then((response) => response.text())
      .then((text) => {
        const used = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1];
        if (used !== undefined) heap.push({ at, used: Number(used) });
      })
      .catch(() => undefined);
  }, 30_000);
  await Promise.all(accounts.map(client));
  clearInterval(sampler);
  clearInterval(heapPoll);
} finally {
  await server.stop();
  await database.drop();
}

// The heap's collections make RSS a sawtooth (tens of MB over a minute or two): a short window
// lands on a tooth or between two, so the run after the warm-up is halved and each half averaged,
// and a leak shows as a second half above the first; the halves' peaks are reported beside.
const afterWarmup = samples.filter((sample) => sample.at > warmupSeconds);
const halfway = Math.floor(afterWarmup.length / 2);
const [firstHalf, secondHalf] = [afterWarmup.slice(0, halfway), afterWarmup.slice(halfway)].map((half) =>
  half.map((sample) => sample.rss),
);
const baseline = mean(firstHalf);
const end = mean(secondHalf);
const growth = (end - baseline) / baseline;
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
const result = {
  seconds,
  asDeployed,
  warmupSeconds,
  clients,
  requests: counts,
  errors: errors.length,
  firstErrors: errors.slice(0, 5),
  rssMb: {
    firstHalf: mb(baseline),
    secondHalf: mb(end),
    firstHalfPeak: mb(Math.max(...firstHalf)),
    secondHalfPeak: mb(Math.max(...secondHalf)),
    peak: mb(Math.max(...samples.map((s) => s.rss))),
  },
  rssGrowth: Math.round(growth * 1000) / 1000,
  heapUsedMb: heap.map((sample) => [sample.at, mb(sample.used)]),
  maxGrowth,
  pass: errors.length === 0 && growth < maxGrowth,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(result.pass ? 0 : 1);
