// Two builds of the service side by side, as the image runs them: the read's p99 unloaded and
// during a password flood, in interleaved rounds, so that the machine's drift touches both alike.
// `pnpm bench` measures one build; this tells whether a change moved the p99 or the run did.
//   COMPARE_A=/path/a/apps/http/dist/main.js COMPARE_B=/path/b/apps/http/dist/main.js \
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node apps/http/bench/compare-flood-p99.mjs
// Settings: COMPARE_ROUNDS (3), BENCH_SECONDS (8), BENCH_FLOOD_CONNECTIONS (16), BENCH_PROBE_RATE (100).
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import autocannon from 'autocannon';
import { mintToken } from '../dist/tokens.js';
import { createBenchDatabase, seedBenchUser } from './lib/bench-database.mjs';
import { imageEnv, imageNodeFlags } from './lib/image-env.mjs';
import { percentile, probeLatency } from './lib/latency-probe.mjs';
import { startServer, waitFor200 } from './lib/server-process.mjs';

const env = process.env;
const builds = { a: env.COMPARE_A, b: env.COMPARE_B };
if (!builds.a || !builds.b)
  throw new Error('COMPARE_A and COMPARE_B name the two builds (their dist/main.js)');
const rounds = Number(env.COMPARE_ROUNDS ?? 3);
const seconds = Number(env.BENCH_SECONDS ?? 8);
const floodConnections = Number(env.BENCH_FLOOD_CONNECTIONS ?? 16);
const probeRate = Number(env.BENCH_PROBE_RATE ?? 100);
const dockerfile = fileURLToPath(new URL('../../../Dockerfile', import.meta.url));
const deployedEnv = imageEnv(dockerfile);
const deployedFlags = imageNodeFlags(dockerfile);
const ports = { a: 3141, b: 3142 };

const secret = randomBytes(32).toString('base64url');
const password = randomBytes(12).toString('base64url');
const auth = {
  authorization: `Bearer ${mintToken({ secret, userId: 'bench-user', expiresInSeconds: 3600 })}`,
};
const database = await createBenchDatabase(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const servers = [];
const start = (build, port) => {
  const server = startServer(
    builds[build],
    {
      ...deployedEnv,
      DATABASE_URL: database.url,
      JWT_SECRET: secret,
      PORT: String(port),
      RATE_LIMIT_MAX: '1000000',
    },
    deployedFlags,
  );
  servers.push(server);
  return waitFor200(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 60_000 });
};
const flood = (port, duration) =>
  autocannon({
    url: `http://127.0.0.1:${port}/api/auth/disable-account`,
    method: 'DELETE',
    connections: floodConnections,
    duration,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });

const latencies = { a: { unloaded: [], flood: [] }, b: { unloaded: [], flood: [] } };
try {
  await start('b', ports.b); // migrates the database
  await seedBenchUser(database, {
    userId: 'bench-user',
    passwordHash: await new Argon2PasswordHasher().hash(password),
  });
  await start('a', ports.a);
  for (const build of ['a', 'b']) await flood(ports[build], 5); // warm-up
  for (let round = 1; round <= rounds; round++) {
    for (const build of ['a', 'b']) {
      const url = `http://127.0.0.1:${ports[build]}/api/user/custom-domain`;
      const probe = { headers: auth, rate: probeRate, seconds };
      const unloaded = await probeLatency(url, probe);
      const [, during] = await Promise.all([flood(ports[build], seconds), probeLatency(url, probe)]);
      latencies[build].unloaded.push(...unloaded.latencies);
      latencies[build].flood.push(...during.latencies);
      console.log(
        `round ${round}, ${build}: read p99 ${percentile(unloaded.latencies, 99).toFixed(1)} ms unloaded, ${percentile(during.latencies, 99).toFixed(1)} ms during the flood`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
}
for (const build of ['a', 'b']) {
  const unloaded = percentile(latencies[build].unloaded, 99);
  const during = percentile(latencies[build].flood, 99);
  console.log(
    `${build} (${builds[build]}): read p99 ${unloaded.toFixed(1)} ms unloaded, ${during.toFixed(1)} ms during the flood, ratio ${(during / unloaded).toFixed(2)}`,
  );
}
