// `pnpm bench`: this service, built and started as its image runs it (node, the CMD's flags,
// dist/main.js, the image's ENV), against the stack floor (stack-floor.mjs: Fastify, pino request
// logging at info, @fastify/cors, @fastify/rate-limit, @fastify/jwt, one SELECT through Kysely on
// pg; under the password flood, that SELECT and argon2) and against argon2 alone, on a PostgreSQL
// database of its own, in interleaved rounds so that the machine's drift affects both sides of each
// ratio alike. Every target is a ratio against the stack floor in the same run (report.mjs); a
// 2FA set-up probe follows (set-ups per second, the read's p99 beside them). Prints a table and
// writes JSON (BENCH_OUTPUT, default bench-results/bench-<time>.json at the repository root). Linux
// only (/proc). Settings below (BENCH_SECONDS etc. shorten a smoke run).

import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import autocannon from 'autocannon';
import { mintToken } from '../dist/tokens.js';
import { createBenchDatabase, seedBenchUser, seedTwoFactorBenchUser } from './lib/bench-database.mjs';
import { imageEnv, imageNodeFlags } from './lib/image-env.mjs';
import { eventLoopDelayP99Ms, resetEventLoopDelay } from './lib/event-loop-delay.mjs';
import { percentile, probeLatency } from './lib/latency-probe.mjs';
import { checkTargets, printReport, writeReport } from './lib/report.mjs';
import { abComparison, median, middle, printComparison } from './lib/ab-comparison.mjs';
import { cpuSeconds, peakRssBytes, startServer, waitFor200 } from './lib/server-process.mjs';
import { BENCH_AUDIENCE, startKeyServer } from './lib/key-server.mjs';
import { readVariantSpecs } from './lib/variants.mjs';
import { measureDpopParts, startDpopClient } from './lib/dpop-proofs.mjs';

const env = process.env;
const serverUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const settings = {
  postgres: new URL(serverUrl).host, // never the credentials
  seconds: Number(env.BENCH_SECONDS ?? 8),
  rounds: Number(env.BENCH_ROUNDS ?? 3),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  floodConnections: Number(env.BENCH_FLOOD_CONNECTIONS ?? 16),
  setUpConnections: Number(env.BENCH_SETUP_CONNECTIONS ?? 4),
  probeRate: Number(env.BENCH_PROBE_RATE ?? 100),
  restarts: Number(env.BENCH_RESTARTS ?? 3),
  floorWithout: env.BENCH_FLOOR_WITHOUT ?? '',
  warmUpSeconds: Number(env.BENCH_WARM_UP_SECONDS ?? 5),
  sliceSeconds: Number(env.BENCH_SLICE_SECONDS ?? 1),
  dpopLoop: Number(env.BENCH_DPOP_LOOP ?? 2000),
  cpus: availableParallelism(),
};
const file = (path) => fileURLToPath(new URL(path, import.meta.url));
const MAIN = file('../dist/main.js');
const FLOOR = file('./stack-floor.mjs');
const RAW_ARGON2 = file('./raw-argon2.mjs');
const REPOSITORY = file('../../../');
// As deployed: the image's environment (BENCH_IMAGE_ENV=none: Node's and glibc's defaults).
const deployedEnv = env.BENCH_IMAGE_ENV === 'none' ? {} : imageEnv(`${REPOSITORY}Dockerfile`);
const deployedFlags = env.BENCH_IMAGE_ENV === 'none' ? [] : imageNodeFlags(`${REPOSITORY}Dockerfile`);
const variantSpecs = readVariantSpecs(env);
const output =
  env.BENCH_OUTPUT ??
  `${REPOSITORY}bench-results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;

const secret = randomBytes(32).toString('base64url');
const password = randomBytes(12).toString('base64url');
const userId = 'bench-user';
const token = mintToken({ secret, userId, expiresInSeconds: 3600 });
const auth = { authorization: `Bearer ${token}` };
const twoFactorUserId = 'bench-user-2fa';
const twoFactorAuth = {
  authorization: `Bearer ${mintToken({ secret, userId: twoFactorUserId, expiresInSeconds: 3600 })}`,
};
// The RS256 read: the same route with a token of a key set a loopback identity provider serves.
const keyServer = await startKeyServer();
const keySetAuth = { authorization: `Bearer ${await keyServer.sign(userId)}` };
// The DPoP read: the same key kind, the token bound to a client key, a fresh proof per request.
const dpopClient = await startDpopClient();
const dpopToken = await keyServer.sign(userId, { cnf: { jkt: dpopClient.jkt } });
/** The reads, in this order within each slice; each side is measured on those of its kind of key. */
const READS = [
  { name: 'customDomain', path: '/api/user/custom-domain', headers: auth },
  { name: 'twoFactor', path: '/api/auth/2fa', headers: twoFactorAuth },
  { name: 'keySet', path: '/api/user/custom-domain', headers: keySetAuth, keySet: true },
  {
    name: 'dpop',
    path: '/api/user/custom-domain',
    headers: { authorization: `DPoP ${dpopToken}` },
    keySet: true,
    dpop: true,
  },
];
/** The reads a side takes: the HS256 ones, or (a side with the provider's keys) the RS256 one. */
const readsOf = (side) =>
  READS.filter(
    (read) => (read.keySet ?? false) === (side.keySet ?? false) && (!read.dpop || (side.dpop ?? false)),
  );
/** Requests per second of the last DPoP span, to size the next span's pool of proofs. */
let dpopRate = 8000;
const SERVICE_PORT = 3111;
const FLOOR_PORT = 3112;
const READY_PORT = 3113;
const FLOOR_READY_PORT = 3114;
const FIRST_VARIANT_PORT = 3115; // the variants on 3115, 3116, …
const KEY_SET_SERVICE_PORT = 3109;
const KEY_SET_FLOOR_PORT = 3110;
const readUrl = (port) => `http://127.0.0.1:${port}/api/user/custom-domain`;
const sum = (values) => values.reduce((a, b) => a + b, 0);
/** `list` starting at its `k`-th element: each side of a round takes every place in turn. */
const rotated = (list, k) => [...list.slice(k % list.length), ...list.slice(0, k % list.length)];

// Route protection's budget out of the way of a load test from one address, on both servers.
const RATE_LIMIT_MAX = '1000000';

function serviceEnv(database, port) {
  // As deployed (LOG_LEVEL unset: requests logged at info).
  return {
    ...deployedEnv,
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    PORT: String(port),
    RATE_LIMIT_MAX,
  };
}

function floorEnv(database, port) {
  // BENCH_FLOOR_WITHOUT=cors (etc.): the floor without that plugin, to measure what it costs.
  return {
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    PORT: String(port),
    RATE_LIMIT_MAX,
    STACK_FLOOR_WITHOUT: settings.floorWithout,
  };
}

/** With the provider's keys instead of JWT_SECRET: discovery from its issuer, the audience required. */
const keySetServiceEnv = (database, port) => ({
  ...serviceEnv(database, port),
  JWT_SECRET: null,
  OIDC_ISSUER: keyServer.issuer,
  JWT_AUDIENCE: BENCH_AUDIENCE,
});
const keySetFloorEnv = (database, port) => ({
  ...floorEnv(database, port),
  JWT_SECRET: null,
  JWKS_URL: keyServer.jwksUrl,
  JWT_ISSUER: keyServer.issuer,
  JWT_AUDIENCE: BENCH_AUDIENCE,
});

const startService = (database, port) => startServer(MAIN, serviceEnv(database, port), deployedFlags);
const startKeySetService = (database, port) =>
  startServer(MAIN, keySetServiceEnv(database, port), deployedFlags);
const startKeySetFloor = (database, port) => startServer(FLOOR, keySetFloorEnv(database, port));
const variantStart = (spec) => (database, port) =>
  startServer(spec.main ?? MAIN, { ...serviceEnv(database, port), ...spec.env }, spec.flags ?? deployedFlags);
const startFloor = (database, port) => startServer(FLOOR, floorEnv(database, port));

/** Milliseconds from spawning the service to its first /readyz 200. */
async function serviceTimeToReady(database, start = startService) {
  const server = start(database, READY_PORT);
  try {
    const readyAt = await waitFor200(`http://127.0.0.1:${READY_PORT}/readyz`);
    return readyAt - server.startedAt;
  } finally {
    await server.stop();
  }
}

/** Milliseconds from spawning the stack floor to its first answer (a 200 to the authenticated read). */
async function floorTimeToAnswer(database) {
  const server = startFloor(database, FLOOR_READY_PORT);
  try {
    const answeredAt = await waitFor200(readUrl(FLOOR_READY_PORT), { headers: auth });
    return answeredAt - server.startedAt;
  } finally {
    await server.stop();
  }
}

/** autocannon against `url` for `seconds`, with the server's CPU time over exactly that span. */
async function load(server, options) {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon(options);
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  if (result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { result, cpu };
}

async function readRound(server, port, seconds, read = READS[0]) {
  const url = `http://127.0.0.1:${port}${read.path}`;
  // A DPoP read takes one fresh proof per request from a pool made before the span (twice what
  // the last span's rate needs): the proofs cost the client, never the measured server.
  const proofs = read.dpop
    ? await dpopClient.proofs(Math.ceil(dpopRate * seconds * 2) + settings.connections, url, dpopToken)
    : null;
  const { result, cpu } = await load(server, {
    url,
    connections: settings.connections,
    duration: seconds,
    headers: read.headers,
    ...(proofs
      ? {
          requests: [
            {
              // An empty pool sends no proof: a 401, which fails the span below (a throw here
              // would end the process with its servers still running).
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, dpop: proofs.pop() ?? '' },
              }),
            },
          ],
        }
      : {}),
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  if (read.dpop) dpopRate = result.requests.total / result.duration;
  return { requests: result.requests.total, seconds: result.duration, cpu };
}

/**
 * One read round of every side in `started`, for each read, each side's seconds taken in slices
 * that turn in the round's order (A, floor, B, A, floor, B, …), so that every side meets the
 * machine of the whole round rather than a few seconds of its own (docs/performance.md, "Method").
 */
async function slicedReadRounds(started) {
  const slices = Math.max(1, Math.round(settings.seconds / settings.sliceSeconds));
  const totals = started.map(({ side, server }) => ({
    side,
    server,
    rounds: Object.fromEntries(readsOf(side).map((read) => [read.name, { requests: 0, seconds: 0, cpu: 0 }])),
  }));
  for (let slice = 0; slice < slices; slice++) {
    for (const read of READS) {
      for (const { side, server, rounds } of totals) {
        if (!readsOf(side).includes(read)) continue;
        const part = await readRound(server, side.port, settings.seconds / slices, read);
        const round = rounds[read.name];
        round.requests += part.requests;
        round.seconds += part.seconds;
        round.cpu += part.cpu;
      }
    }
  }
  return totals;
}

/** Password-checked re-enable of an active account: argon2 runs, then 400 "Account is not disabled". */
function flood(server, port, seconds) {
  return load(server, {
    url: `http://127.0.0.1:${port}/api/auth/disable-account`,
    method: 'DELETE',
    connections: settings.floodConnections,
    duration: seconds,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

/** 2FA set-ups (a new secret and its QR code, 200) for `seconds`. */
function setUps(server, port, seconds) {
  return load(server, {
    url: `http://127.0.0.1:${port}/api/auth/2fa`,
    method: 'POST',
    connections: settings.setUpConnections,
    duration: seconds,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ enable: true }),
  });
}

function rawArgon2(hash, seconds) {
  const out = execFileSync(process.execPath, [RAW_ARGON2], {
    env: {
      ...env,
      BENCH_ARGON2_HASH: hash,
      BENCH_ARGON2_PASSWORD: password,
      BENCH_ARGON2_CONCURRENCY: String(settings.floodConnections),
      BENCH_ARGON2_SECONDS: String(seconds),
    },
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPOSITORY,
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

const loadAtStart = loadavg();
const database = await createBenchDatabase(serverUrl);
const databases = [database];
const servers = [];
try {
  // Each variant's rounds of every phase, beside A's; its server and database.
  const variants = [];
  for (const [i, spec] of variantSpecs.entries()) {
    const ownDatabase = spec.ownDatabase ? await createBenchDatabase(serverUrl) : null;
    if (ownDatabase) databases.push(ownDatabase);
    variants.push({
      spec,
      start: variantStart(spec),
      port: FIRST_VARIANT_PORT + i,
      database: ownDatabase ?? database,
      server: null,
      startsMs: [],
      readRounds: [],
      twoFactorReadRounds: [],
      floodRounds: [],
      setUps: { unloaded: [], during: [], rounds: [] },
      peakRss: null,
    });
  }
  console.log(`Bench database ${new URL(database.url).pathname.slice(1)}; ready times…`);
  const firstStartMs = await serviceTimeToReady(database); // applies every migration
  const passwordHash = await new Argon2PasswordHasher().hash(password);
  await seedBenchUser(database, { userId, passwordHash });
  await seedTwoFactorBenchUser(database, { userId: twoFactorUserId, passwordHash });
  for (const v of variants.filter(({ spec }) => spec.ownDatabase)) {
    await serviceTimeToReady(v.database, v.start); // the variant's own migrations
    await seedBenchUser(v.database, { userId, passwordHash });
    await seedTwoFactorBenchUser(v.database, { userId: twoFactorUserId, passwordHash });
  }
  const restartsMs = [];
  const floorStartsMs = [];
  for (let i = 0; i < settings.restarts; i++) {
    restartsMs.push(await serviceTimeToReady(database));
    floorStartsMs.push(await floorTimeToAnswer(database));
    for (const v of variants) v.startsMs.push(await serviceTimeToReady(v.database, v.start));
  }

  // Reads: each round on fresh processes of every side, spawned, warmed up and measured in the
  // round's order, then stopped. One process of a build can read several percent above another of
  // the same build for its whole life (a copy of A as a variant read 4-6 % below A in each of five
  // runs on one process per side), so a side's total is over as many of its processes as rounds.
  const readRounds = { service: [], floor: [] };
  const twoFactorReadRounds = { service: [], floor: [] };
  const keySetReadRounds = { service: [], floor: [] };
  const dpopReadRounds = [];
  const readSides = [
    {
      port: SERVICE_PORT,
      start: startService,
      database,
      rounds: { customDomain: readRounds.service, twoFactor: twoFactorReadRounds.service },
    },
    {
      port: FLOOR_PORT,
      start: startFloor,
      database,
      rounds: { customDomain: readRounds.floor, twoFactor: twoFactorReadRounds.floor },
    },
    ...variants.map((v) => ({
      port: v.port,
      start: v.start,
      database: v.database,
      rounds: { customDomain: v.readRounds, twoFactor: v.twoFactorReadRounds },
    })),
    // The RS256 read: the service and the floor with the provider's keys, processes of their own.
    {
      port: KEY_SET_SERVICE_PORT,
      start: startKeySetService,
      database,
      keySet: true,
      dpop: true,
      rounds: { keySet: keySetReadRounds.service, dpop: dpopReadRounds },
    },
    {
      port: KEY_SET_FLOOR_PORT,
      start: startKeySetFloor,
      database,
      keySet: true,
      rounds: { keySet: keySetReadRounds.floor },
    },
  ];
  for (let round = 1; round <= settings.rounds; round++) {
    console.log(`Reads, round ${round} of ${settings.rounds}…`);
    const order = rotated(readSides, round - 1);
    const started = order.map((side) => ({ side, server: side.start(side.database, side.port) }));
    try {
      for (const { side } of started) {
        await waitFor200(readUrl(side.port), { headers: readsOf(side)[0].headers });
      }
      for (const read of READS) {
        for (const { side, server } of started) {
          if (readsOf(side).includes(read)) await readRound(server, side.port, settings.warmUpSeconds, read);
        }
      }
      for (const { side, rounds } of await slicedReadRounds(started)) {
        for (const read of readsOf(side)) side.rounds[read.name].push(rounds[read.name]);
      }
    } finally {
      for (const { server } of started) await server.stop();
    }
  }

  // What a DPoP read adds, each part alone in a loop in this process (issue 56).
  console.log('DPoP parts, in a loop…');
  const dpopParts = await measureDpopParts(dpopClient, database.url, {
    url: readUrl(KEY_SET_SERVICE_PORT),
    token: dpopToken,
    count: settings.dpopLoop,
  });

  // The processes of the flood and the set-ups, each warmed up by the same reads.
  const service = startService(database, SERVICE_PORT);
  servers.push(service);
  const floor = startFloor(database, FLOOR_PORT);
  servers.push(floor);
  for (const v of variants) {
    v.server = v.start(v.database, v.port);
    servers.push(v.server);
  }
  for (const port of [SERVICE_PORT, FLOOR_PORT, ...variants.map((v) => v.port)]) {
    await waitFor200(readUrl(port), { headers: auth });
  }
  console.log('Warm-up…');
  await readRound(service, SERVICE_PORT, settings.warmUpSeconds);
  await readRound(floor, FLOOR_PORT, settings.warmUpSeconds);
  for (const v of variants) await readRound(v.server, v.port, settings.warmUpSeconds);

  // Right before its rounds, and as long as the reads': with 2 s before the reads, the first flood
  // round still paid for V8 compiling the password-check path (a fifth fewer checks than the next).
  console.log('Password flood, warm-up…');
  await flood(service, SERVICE_PORT, settings.warmUpSeconds);
  await flood(floor, FLOOR_PORT, settings.warmUpSeconds);
  for (const v of variants) await flood(v.server, v.port, settings.warmUpSeconds);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the warm-up's last checks finish

  const probe = { headers: auth, rate: settings.probeRate, seconds: settings.seconds };
  /** The read probed unloaded, then during a flood of `server`; the flood's answers counted. */
  async function floodRound(server, port, allowed) {
    const unloaded = await probeLatency(readUrl(port), probe);
    const [{ result, cpu }, during] = await Promise.all([
      flood(server, port, settings.seconds),
      probeLatency(readUrl(port), probe),
    ]);
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    );
    const unexpected = Object.keys(statuses).filter((code) => !['400', ...allowed].includes(code));
    if (unexpected.length > 0) throw new Error(`flood: unexpected statuses ${JSON.stringify(statuses)}`);
    if (unloaded.failures + during.failures > 0) throw new Error('a probe read failed');
    const round = {
      checked: statuses['400'] ?? 0,
      seconds: result.duration,
      cpu,
      statuses,
      readP99Ratio: percentile(during.latencies, 99) / percentile(unloaded.latencies, 99),
    };
    return { round, unloaded: unloaded.latencies, during: during.latencies };
  }

  const serviceFlood = { unloaded: [], during: [], rounds: [] };
  const floorFlood = { unloaded: [], during: [], rounds: [] };
  const rawRounds = [];
  const metricsUrl = `http://127.0.0.1:${SERVICE_PORT}/metrics`;
  const flooders = [
    async () => {
      await resetEventLoopDelay(metricsUrl);
      const ofService = await floodRound(service, SERVICE_PORT, ['429', '503']);
      const eventLoopDelay = await eventLoopDelayP99Ms(metricsUrl);
      const { statuses } = ofService.round;
      serviceFlood.rounds.push({
        ...ofService.round,
        rejected: (statuses['429'] ?? 0) + (statuses['503'] ?? 0),
        eventLoopDelayP99Ms: eventLoopDelay,
      });
      serviceFlood.unloaded.push(...ofService.unloaded);
      serviceFlood.during.push(...ofService.during);
    },
    async () => {
      const ofFloor = await floodRound(floor, FLOOR_PORT, []);
      floorFlood.rounds.push(ofFloor.round);
      floorFlood.unloaded.push(...ofFloor.unloaded);
      floorFlood.during.push(...ofFloor.during);
    },
    ...variants.map((v) => async () => {
      v.floodRounds.push((await floodRound(v.server, v.port, ['429', '503'])).round);
    }),
  ];
  for (let round = 1; round <= settings.rounds; round++) {
    console.log(`Password flood, round ${round} of ${settings.rounds}…`);
    for (const flooded of rotated(flooders, round - 1)) await flooded();
    rawRounds.push(rawArgon2(passwordHash, settings.seconds));
  }
  // Every server has taken the same warm-up reads and flood (the set-ups below are not the floor's).
  const peakRss = peakRssBytes(service.pid);
  const floorPeakRss = peakRssBytes(floor.pid);
  for (const v of variants) v.peakRss = peakRssBytes(v.server.pid);

  /** 2FA set-ups on `server` with the read probed beside them and unloaded. */
  async function setUpRound(server, port, into) {
    const unloaded = await probeLatency(readUrl(port), probe);
    const [{ result, cpu }, during] = await Promise.all([
      setUps(server, port, settings.seconds),
      probeLatency(readUrl(port), probe),
    ]);
    if (result.non2xx > 0) throw new Error(`2FA set-up: ${result.non2xx} answers were not 2xx`);
    if (unloaded.failures + during.failures > 0) throw new Error('a probe read failed');
    into.rounds.push({
      setUps: result.requests.total,
      seconds: result.duration,
      cpu,
      readP99Ms: percentile(during.latencies, 99),
    });
    into.unloaded.push(...unloaded.latencies);
    into.during.push(...during.latencies);
  }
  const setUpProbe = { unloaded: [], during: [], rounds: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    console.log(`2FA set-ups, round ${round} of ${settings.rounds}…`);
    await setUpRound(service, SERVICE_PORT, setUpProbe);
    for (const v of variants) await setUpRound(v.server, v.port, v.setUps);
  }

  const perServer = (rounds) => {
    const requests = sum(rounds.map((r) => r.requests));
    const seconds = sum(rounds.map((r) => r.seconds));
    const cpu = sum(rounds.map((r) => r.cpu));
    return {
      rps: requests / seconds,
      cpuMicrosPerRequest: (cpu / requests) * 1e6,
      cpuPercent: (cpu / seconds) * 100,
      rounds,
    };
  };
  const reads = {
    servers: { service: perServer(readRounds.service), floor: perServer(readRounds.floor) },
    twoFactor: {
      service: perServer(twoFactorReadRounds.service),
      floor: perServer(twoFactorReadRounds.floor),
    },
    keySet: {
      service: perServer(keySetReadRounds.service),
      floor: perServer(keySetReadRounds.floor),
    },
    dpop: perServer(dpopReadRounds),
  };
  // The DPoP read's CPU beyond the Bearer read of the same key kind, on the same processes.
  const dpopExtraCpuMicros = reads.dpop.cpuMicrosPerRequest - reads.keySet.service.cpuMicrosPerRequest;
  const dpop = {
    bearerCpuMicrosPerRead: reads.keySet.service.cpuMicrosPerRequest,
    dpopCpuMicrosPerRead: reads.dpop.cpuMicrosPerRequest,
    extraCpuMicros: dpopExtraCpuMicros,
    ...dpopParts,
  };
  const checksPerSecond = (rounds) => sum(rounds.map((r) => r.checked)) / sum(rounds.map((r) => r.seconds));
  const floodResult = {
    serviceChecksPerSecond: checksPerSecond(serviceFlood.rounds),
    rawChecksPerSecond: sum(rawRounds.map((r) => r.verified)) / sum(rawRounds.map((r) => r.seconds)),
    rejected: sum(serviceFlood.rounds.map((r) => r.rejected)),
    unloadedReadP99Ms: percentile(serviceFlood.unloaded, 99),
    readP99Ms: percentile(serviceFlood.during, 99),
    // The worst round: each round's value is the p99 of that round's window.
    eventLoopDelayP99Ms: Math.max(...serviceFlood.rounds.map((r) => r.eventLoopDelayP99Ms)),
    rounds: serviceFlood.rounds,
    rawRounds,
    // The stack floor under the same flood and probe: what this machine leaves any server.
    floor: {
      checksPerSecond: checksPerSecond(floorFlood.rounds),
      unloadedReadP99Ms: percentile(floorFlood.unloaded, 99),
      readP99Ms: percentile(floorFlood.during, 99),
      rounds: floorFlood.rounds,
    },
  };
  const setUpResult = {
    setUpsPerSecond:
      sum(setUpProbe.rounds.map((r) => r.setUps)) / sum(setUpProbe.rounds.map((r) => r.seconds)),
    unloadedReadP99Ms: percentile(setUpProbe.unloaded, 99),
    readP99Ms: percentile(setUpProbe.during, 99),
    rounds: setUpProbe.rounds,
  };
  const memory = { peakRssMb: peakRss / 1e6, floorPeakRssMb: floorPeakRss / 1e6 };
  const ready = {
    medianMs: median(restartsMs),
    restartsMs,
    floorMedianMs: median(floorStartsMs),
    floorStartsMs,
    firstStartMs,
  };
  const serviceReadP99Ratio = floodResult.readP99Ms / floodResult.unloadedReadP99Ms;
  const floorReadP99Ratio = floodResult.floor.readP99Ms / floodResult.floor.unloadedReadP99Ms;
  // Each round's own service / floor (the two sides of a round share the machine's state of that
  // moment): their median is printed beside the targets, which stay ratios of the totals.
  const pairedMedian = (value, servers = reads.servers) =>
    middle(servers.service.rounds.map((round, i) => value(round) / value(servers.floor.rounds[i])));
  const ratios = {
    readThroughputRatio: reads.servers.service.rps / reads.servers.floor.rps,
    readThroughputPairedMedian: pairedMedian((r) => r.requests / r.seconds),
    cpuPerReadRatio: reads.servers.service.cpuMicrosPerRequest / reads.servers.floor.cpuMicrosPerRequest,
    cpuPerReadPairedMedian: pairedMedian((r) => r.cpu / r.requests),
    twoFactorReadThroughputRatio: reads.twoFactor.service.rps / reads.twoFactor.floor.rps,
    twoFactorReadThroughputPairedMedian: pairedMedian((r) => r.requests / r.seconds, reads.twoFactor),
    twoFactorCpuPerReadRatio:
      reads.twoFactor.service.cpuMicrosPerRequest / reads.twoFactor.floor.cpuMicrosPerRequest,
    twoFactorCpuPerReadPairedMedian: pairedMedian((r) => r.cpu / r.requests, reads.twoFactor),
    keySetReadThroughputRatio: reads.keySet.service.rps / reads.keySet.floor.rps,
    keySetReadThroughputPairedMedian: pairedMedian((r) => r.requests / r.seconds, reads.keySet),
    keySetCpuPerReadRatio: reads.keySet.service.cpuMicrosPerRequest / reads.keySet.floor.cpuMicrosPerRequest,
    keySetCpuPerReadPairedMedian: pairedMedian((r) => r.cpu / r.requests, reads.keySet),
    floodThroughputRatio: floodResult.serviceChecksPerSecond / floodResult.floor.checksPerSecond,
    readP99RatioOverFloor: serviceReadP99Ratio / floorReadP99Ratio,
    peakRssRatio: memory.peakRssMb / memory.floorPeakRssMb,
    readyRatio: ready.medianMs / ready.floorMedianMs,
    // Context, printed beside the targets.
    serviceChecksPerRaw: floodResult.serviceChecksPerSecond / floodResult.rawChecksPerSecond,
    floorChecksPerRaw: floodResult.floor.checksPerSecond / floodResult.rawChecksPerSecond,
    serviceReadP99Ratio,
    floorReadP99Ratio,
    eventLoopDelayP99Ms: floodResult.eventLoopDelayP99Ms,
    setUpReadP99Ratio: setUpResult.readP99Ms / setUpResult.unloadedReadP99Ms,
    dpopExtraOverParts: dpopExtraCpuMicros / (dpop.proofVerificationCpuMicros + dpop.replayRecordCpuMicros),
    dpopExtraCpuMicros,
  };
  const result = {
    commit: gitCommit(),
    date: new Date().toISOString(),
    node: process.version,
    settings: { ...settings, serviceEnv: deployedEnv, serviceNodeFlags: deployedFlags },
    loadAverage: { start: loadAtStart, end: loadavg() },
    reads,
    dpop,
    flood: floodResult,
    setUps: setUpResult,
    memory,
    ready,
    ratios,
    targets: checkTargets(ratios),
  };
  // One A/B for each variant, by its name (the service as built is A in each).
  result.ab = variants.map((v) =>
    abComparison({
      spec: v.spec,
      reads: { a: readRounds.service, b: v.readRounds },
      twoFactorReads: { a: twoFactorReadRounds.service, b: v.twoFactorReadRounds },
      flood: { a: serviceFlood.rounds, b: v.floodRounds },
      setUps: { a: setUpProbe.rounds, b: v.setUps.rounds },
      peakRssMb: { a: peakRss / 1e6, b: v.peakRss / 1e6 },
      readyMs: { a: restartsMs, b: v.startsMs },
    }),
  );
  printReport(result);
  for (const ab of result.ab) printComparison(ab);
  writeReport(output, result);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  for (const each of databases) await each.drop();
  await keyServer.close();
}
// BENCH_GROWTH=1: also the growth target (growth.mjs, on a database of its own), printed as JSON.
if (env.BENCH_GROWTH === '1')
  console.log(JSON.stringify(await (await import('./growth.mjs')).runGrowthBench()));
