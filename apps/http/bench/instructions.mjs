// `pnpm bench:instructions`: the machine instructions of one read, counted by valgrind's callgrind
// for the service as built (A), the stack floor and the variants of BENCH_AB_VARIANTS (their `main`,
// `env` and `flags`; lib/variants.mjs). A count does not move with the machine's load, so it settles
// an A/B of 1 or 2 % that CPU seconds on a shared VM cannot; it is not time (a cache miss counts
// as one instruction), so the targets stay `pnpm bench`'s. Each side runs in a process of its own
// under callgrind: warmed up with instrumentation off, then counted over BENCH_READS reads. Printed
// by part: the compiler and the garbage collector, which run when V8 decides, apart from the rest.
// Needs valgrind (Debian's `valgrind`).

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Argon2PasswordHasher } from '@accounts/adapters';
import autocannon from 'autocannon';
import { mintToken } from '../dist/tokens.js';
import { createBenchDatabase, seedBenchUser } from './lib/bench-database.mjs';
import { imageEnv, imageNodeFlags } from './lib/image-env.mjs';
import { startServer, waitFor200 } from './lib/server-process.mjs';
import { positiveSetting } from './lib/settings.mjs';
import { readVariantSpecs } from './lib/variants.mjs';

const env = process.env;
const setting = (name, fallback) => positiveSetting(env, name, fallback);
const settings = {
  reads: setting('BENCH_READS', 4000),
  warmUpReads: setting('BENCH_WARM_UP_READS', 6000),
  connections: setting('BENCH_CONNECTIONS', 10),
};
const file = (path) => fileURLToPath(new URL(path, import.meta.url));
const SERVICE = file('../dist/main.js');
const dockerfile = file('../../../Dockerfile');
const deployedEnv = env.BENCH_IMAGE_ENV === 'none' ? {} : imageEnv(dockerfile);
const deployedFlags = env.BENCH_IMAGE_ENV === 'none' ? [] : imageNodeFlags(dockerfile);
const serverUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const secret = randomBytes(32).toString('base64url');
const userId = 'bench-user';
const headers = { authorization: `Bearer ${mintToken({ secret, userId, expiresInSeconds: 3600 })}` };

/** Which part of the process a function of callgrind's report belongs to. */
const PARTS = [
  ['compiler', /compiler::|turboshaft|maglev|Zone|interpreter::|BytecodeGenerator|Parser|Scanner/],
  [
    'garbage collector',
    /Scaveng|MarkCompact|Sweep|heap::|Heap::|Marking|Evacuat|IteratePointers|Pretenuring/,
  ],
  ['node and JavaScript', /./],
];

function instructionsByPart(callgrindOut) {
  const report = execFileSync('callgrind_annotate', ['--threshold=100', '--inclusive=no', callgrindOut], {
    maxBuffer: 1 << 28,
  }).toString();
  const parts = Object.fromEntries(PARTS.map(([name]) => [name, 0]));
  for (const line of report.split('\n')) {
    const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!match || match[2].startsWith('PROGRAM TOTALS')) continue;
    const part = PARTS.find(([, pattern]) => pattern.test(match[2]))[0];
    parts[part] += Number(match[1].replaceAll(',', ''));
  }
  return parts;
}

async function reads(url, amount) {
  const result = await autocannon({ url, connections: settings.connections, amount, headers, timeout: 60 });
  if (result.errors + result.timeouts + result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx`);
  }
  return result.requests.total;
}

/** One side under callgrind: its instructions per read, by part. */
async function count(side, database, port, dir) {
  const script = side.floor ? file('./stack-floor.mjs') : (side.main ?? SERVICE);
  const sideEnv = {
    DATABASE_URL: database.url,
    JWT_SECRET: secret,
    PORT: String(port),
    RATE_LIMIT_MAX: '1000000',
  };
  const out = join(dir, `callgrind.${side.name.replace(/\W+/g, '-')}.out`);
  const server = startServer(
    script,
    side.floor ? sideEnv : { ...deployedEnv, ...sideEnv, ...side.env },
    side.floor ? [] : (side.flags ?? deployedFlags),
    ['valgrind', '-q', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`],
  );
  try {
    const url = `http://127.0.0.1:${port}/api/user/custom-domain`;
    await waitFor200(url, { headers, timeoutMs: 600_000, intervalMs: 500 });
    await reads(url, settings.warmUpReads);
    execFileSync('callgrind_control', ['--instr=on', String(server.pid)], { stdio: 'ignore' });
    const counted = await reads(url, settings.reads);
    execFileSync('callgrind_control', ['--dump', String(server.pid)], { stdio: 'ignore' });
    const parts = instructionsByPart(`${out}.1`);
    return Object.fromEntries(Object.entries(parts).map(([name, total]) => [name, total / counted]));
  } finally {
    await server.stop();
  }
}

const sides = [
  { name: 'as built', main: SERVICE, env: {} },
  { name: 'floor', floor: true },
  ...readVariantSpecs(env),
];
if (new Set(sides.map((side) => side.name)).size < sides.length) {
  throw new Error('an A/B variant cannot be named "as built" or "floor"');
}
/** A database migrated by the first start of `main` and seeded with the bench user. */
async function seededDatabase(main, passwordHash) {
  const database = await createBenchDatabase(serverUrl);
  const migrating = startServer(main, { DATABASE_URL: database.url, JWT_SECRET: secret, PORT: '3199' });
  try {
    await waitFor200('http://127.0.0.1:3199/readyz');
  } finally {
    await migrating.stop();
  }
  await seedBenchUser(database, { userId, passwordHash });
  return database;
}

// BENCH_CALLGRIND_DIR keeps callgrind's outputs there, one a side, for callgrind_annotate.
const kept = env.BENCH_CALLGRIND_DIR;
if (kept) mkdirSync(kept, { recursive: true });
const dir = kept ?? mkdtempSync(join(tmpdir(), 'bench-instructions-'));
const databases = [];
try {
  const passwordHash = await new Argon2PasswordHasher().hash(randomBytes(12).toString('base64url'));
  const shared = await seededDatabase(SERVICE, passwordHash);
  databases.push(shared);
  const results = [];
  for (const [i, side] of sides.entries()) {
    let database = shared;
    if (side.ownDatabase)
      databases.push((database = await seededDatabase(side.main ?? SERVICE, passwordHash)));
    console.log(`${side.name}: under callgrind…`);
    results.push({ name: side.name, parts: await count(side, database, 3200 + i, dir) });
  }
  const sum = (parts) => Object.values(parts).reduce((a, b) => a + b, 0);
  const steady = (parts) => parts['node and JavaScript'];
  const [a, floor] = results;
  console.log(`\nInstructions per read (${settings.reads} reads after ${settings.warmUpReads}):`);
  for (const { name, parts } of results) {
    const byPart = Object.entries(parts).map(([part, n]) => `${part} ${Math.round(n)}`);
    console.log(
      `${name}: ${Math.round(sum(parts))} (${byPart.join(', ')}); node and JavaScript over A ` +
        `${(steady(parts) / steady(a.parts)).toFixed(3)}, over the floor ${(steady(parts) / steady(floor.parts)).toFixed(3)}`,
    );
  }
} finally {
  for (const database of databases) await database.drop();
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
