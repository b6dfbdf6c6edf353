// `pnpm bench:reads`: `pnpm bench`'s read rounds alone, for an A/B of the CPU per read that needs
// more rounds than a whole run can take. The service as built (A), the stack floor and the variants
// of BENCH_AB_VARIANTS (lib/variants.mjs), each round on fresh processes of every side in a turning
// order, each side's seconds in slices that take turns, as `pnpm bench` reads (docs/performance.md,
// "Method"). Prints each side's CPU per read and reads per second over A's and over the floor's, the
// median of the rounds' own ratios to A and in how many rounds the side did better than A; writes the
// rounds as JSON when BENCH_OUTPUT names a file. The targets stay `pnpm bench`'s.

import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import autocannon from 'autocannon';
import { mintToken } from '../dist/tokens.js';
import { middle } from './lib/ab-comparison.mjs';
import { createBenchDatabase, seedBenchUser } from './lib/bench-database.mjs';
import { imageEnv, imageNodeFlags } from './lib/image-env.mjs';
import { cpuSeconds, startServer, waitFor200 } from './lib/server-process.mjs';
import { positiveSetting } from './lib/settings.mjs';
import { readVariantSpecs } from './lib/variants.mjs';

const env = process.env;
const serverUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const setting = (name, fallback) => positiveSetting(env, name, fallback);
const settings = {
  rounds: setting('BENCH_ROUNDS', 30),
  seconds: setting('BENCH_SECONDS', 4),
  sliceSeconds: setting('BENCH_SLICE_SECONDS', 1),
  warmUpSeconds: setting('BENCH_WARM_UP_SECONDS', 3),
  connections: setting('BENCH_CONNECTIONS', 50),
};
const file = (path) => fileURLToPath(new URL(path, import.meta.url));
const SERVICE = file('../dist/main.js');
const dockerfile = file('../../../Dockerfile');
const deployedEnv = env.BENCH_IMAGE_ENV === 'none' ? {} : imageEnv(dockerfile);
const deployedFlags = env.BENCH_IMAGE_ENV === 'none' ? [] : imageNodeFlags(dockerfile);
const secret = randomBytes(32).toString('base64url');
const userId = 'bench-user';
const headers = { authorization: `Bearer ${mintToken({ secret, userId, expiresInSeconds: 3600 })}` };
const readUrl = (port) => `http://127.0.0.1:${port}/api/user/custom-domain`;
const sum = (values) => values.reduce((a, b) => a + b, 0);
const FIRST_PORT = 3131;

/** The server of a side on `database`, on `port`, as `pnpm bench` starts it. */
function starter({ floor, main, env: changes, flags }) {
  return (database, port) => {
    const common = {
      DATABASE_URL: database.url,
      JWT_SECRET: secret,
      PORT: String(port),
      RATE_LIMIT_MAX: '1000000',
    };
    if (floor) return startServer(file('./stack-floor.mjs'), common);
    // A variant without `main` is A's build with other settings.
    return startServer(main ?? SERVICE, { ...deployedEnv, ...common, ...changes }, flags ?? deployedFlags);
  };
}

/** `seconds` of reads of one side; its requests and the server's CPU seconds over exactly that span. */
async function read(server, port, seconds) {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({
    url: readUrl(port),
    connections: settings.connections,
    duration: seconds,
    headers,
  });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  if (result.errors + result.timeouts + result.non2xx > 0) {
    throw new Error(
      `${readUrl(port)}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx`,
    );
  }
  return { requests: result.requests.total, seconds: result.duration, cpu };
}

const passwordHash = await new Argon2PasswordHasher().hash(randomBytes(12).toString('base64url'));
const shared = await createBenchDatabase(serverUrl);
const databases = [shared];
try {
  const specs = [
    { name: 'as built', main: SERVICE, env: {}, flags: null, ownDatabase: false },
    { name: 'floor', floor: true },
    ...readVariantSpecs(env),
  ];
  if (new Set(specs.map((spec) => spec.name)).size < specs.length) {
    throw new Error('an A/B variant cannot be named "as built" or "floor"');
  }
  const sides = [];
  for (const [i, spec] of specs.entries()) {
    const database = spec.ownDatabase ? await createBenchDatabase(serverUrl) : shared;
    const side = { spec, start: starter(spec), port: FIRST_PORT + i, database, rounds: [] };
    if (spec.ownDatabase) databases.push(database);
    if (spec.ownDatabase || i === 0) {
      const migrating = side.start(database, side.port); // its first start applies its migrations
      try {
        await waitFor200(`http://127.0.0.1:${side.port}/readyz`);
      } finally {
        await migrating.stop();
      }
      await seedBenchUser(database, { userId, passwordHash });
    }
    sides.push(side);
  }
  const slices = Math.max(1, Math.round(settings.seconds / settings.sliceSeconds));
  for (let round = 0; round < settings.rounds; round++) {
    const order = [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)];
    const started = order.map((side) => ({ side, server: side.start(side.database, side.port) }));
    try {
      for (const { side } of started) await waitFor200(readUrl(side.port), { headers });
      for (const { side, server } of started) await read(server, side.port, settings.warmUpSeconds);
      const totals = started.map(() => ({ requests: 0, seconds: 0, cpu: 0 }));
      for (let slice = 0; slice < slices; slice++) {
        for (const [k, { side, server }] of started.entries()) {
          const part = await read(server, side.port, settings.seconds / slices);
          for (const key of ['requests', 'seconds', 'cpu']) totals[k][key] += part[key];
        }
      }
      started.forEach(({ side }, k) => side.rounds.push(totals[k]));
    } finally {
      for (const { server } of started) await server.stop();
    }
    const cpuPerRead = (r) => ((r.cpu / r.requests) * 1e6).toFixed(1);
    console.log(
      `Round ${round + 1} of ${settings.rounds}: ${sides.map((s) => `${s.spec.name} ${cpuPerRead(s.rounds[round])} µs`).join(', ')}`,
    );
  }

  const perRead = (rounds) => (sum(rounds.map((r) => r.cpu)) / sum(rounds.map((r) => r.requests))) * 1e6;
  const perSecond = (rounds) => sum(rounds.map((r) => r.requests)) / sum(rounds.map((r) => r.seconds));
  const [a, floor] = sides;
  const summary = sides.map((side) => {
    const pairs = side.rounds.map((r, i) => r.cpu / r.requests / (a.rounds[i].cpu / a.rounds[i].requests));
    return {
      name: side.spec.name,
      cpuMicrosPerRead: perRead(side.rounds),
      readsPerSecond: perSecond(side.rounds),
      cpuOverA: perRead(side.rounds) / perRead(a.rounds),
      cpuOverAPairedMedian: middle(pairs),
      betterThanAInRounds: pairs.filter((p) => p < 1).length,
      cpuOverFloor: perRead(side.rounds) / perRead(floor.rounds),
      readsOverFloor: perSecond(side.rounds) / perSecond(floor.rounds),
    };
  });
  console.log(
    `\n${settings.rounds} rounds of ${settings.seconds} s in ${slices} slices; CPU per read and reads/s:`,
  );
  for (const s of summary) {
    console.log(
      `${s.name}: ${s.cpuMicrosPerRead.toFixed(1)} µs, ${s.readsPerSecond.toFixed(0)}/s; CPU over A ${s.cpuOverA.toFixed(3)} ` +
        `(pairs ${s.cpuOverAPairedMedian.toFixed(3)}, better in ${s.betterThanAInRounds} of ${settings.rounds}); ` +
        `over the floor: CPU ${s.cpuOverFloor.toFixed(3)}, reads ${s.readsOverFloor.toFixed(3)}`,
    );
  }
  if (env.BENCH_OUTPUT) {
    const rounds = Object.fromEntries(sides.map((s) => [s.spec.name, s.rounds]));
    writeFileSync(
      env.BENCH_OUTPUT,
      `${JSON.stringify({ date: new Date().toISOString(), settings, summary, rounds }, null, 2)}\n`,
    );
  }
} finally {
  for (const database of databases) await database.drop();
}
