// The targets of `pnpm bench`, each a ratio against the stack floor in the same run, and the table
// and JSON a bench run ends with.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Each target compares one ratio of the run with a limit: `max` (at most) or `min` (at least).
 * `context` names the ratios printed beside it: what the two sides were made of.
 */
const TARGETS = [
  {
    key: 'readThroughputRatio',
    what: 'authenticated reads per second, service / stack floor',
    min: 0.95,
    context: { 'median round': 'readThroughputPairedMedian' },
  },
  {
    key: 'cpuPerReadRatio',
    what: 'server CPU per read, service / stack floor',
    max: 1.1,
    context: { 'median round': 'cpuPerReadPairedMedian' },
  },
  {
    key: 'twoFactorReadThroughputRatio',
    what: 'GET /api/auth/2fa reads per second, service / stack floor',
    min: 0.95,
    context: { 'median round': 'twoFactorReadThroughputPairedMedian' },
  },
  {
    key: 'twoFactorCpuPerReadRatio',
    what: 'server CPU per GET /api/auth/2fa read, service / stack floor',
    max: 1.1,
    context: { 'median round': 'twoFactorCpuPerReadPairedMedian' },
  },
  {
    key: 'keySetReadThroughputRatio',
    what: "RS256 reads per second (the provider's key set), service / stack floor",
    min: 0.95,
    context: { 'median round': 'keySetReadThroughputPairedMedian' },
  },
  {
    key: 'keySetCpuPerReadRatio',
    what: "server CPU per RS256 read (the provider's key set), service / stack floor",
    max: 1.1,
    context: { 'median round': 'keySetCpuPerReadPairedMedian' },
  },
  {
    key: 'floodThroughputRatio',
    what: 'password checks per second under the flood, service / stack floor',
    min: 0.9,
    context: { 'service / raw argon2': 'serviceChecksPerRaw', 'floor / raw argon2': 'floorChecksPerRaw' },
  },
  {
    key: 'readP99RatioOverFloor',
    what: 'read p99 during the flood / unloaded, service / stack floor',
    max: 1.2,
    context: { service: 'serviceReadP99Ratio', floor: 'floorReadP99Ratio' },
  },
  {
    key: 'dpopExtraOverParts',
    what: "a DPoP read's CPU beyond the RS256 Bearer read / (one proof verification + one replay record, each in a loop)",
    max: 1.2,
    context: { 'extra µs': 'dpopExtraCpuMicros' },
  },
  { key: 'peakRssRatio', what: 'peak RSS, service / stack floor (Node defaults)', max: 1.25 },
  { key: 'readyRatio', what: 'spawn to first /readyz 200, service / stack floor to first answer', max: 1.5 },
];

export function checkTargets(ratios) {
  return TARGETS.map((target) => {
    const value = ratios[target.key];
    const pass = target.max !== undefined ? value <= target.max : value >= target.min;
    const limit = target.max !== undefined ? `<= ${target.max}` : `>= ${target.min}`;
    const context = Object.fromEntries(
      Object.entries(target.context ?? {}).map(([label, key]) => [label, ratios[key]]),
    );
    return { key: target.key, what: target.what, value, limit, pass, context };
  });
}

const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

export function printReport(result) {
  const { settings, reads, flood, setUps, memory, ready, targets } = result;
  console.log(
    `\n${settings.rounds} rounds of ${settings.seconds} s, interleaved; ${settings.cpus} CPUs; ` +
      `load average ${result.loadAverage.start.map((l) => l.toFixed(2)).join(' ')} at start, ` +
      `${result.loadAverage.end.map((l) => l.toFixed(2)).join(' ')} at end; PostgreSQL ${settings.postgres}; ` +
      `service environment ${JSON.stringify(settings.serviceEnv)}, Node flags ${settings.serviceNodeFlags.join(' ')}`,
  );
  const readTable = (servers) =>
    Object.fromEntries(
      Object.entries(servers).map(([name, s]) => [
        name,
        {
          'req/s': Math.round(s.rps),
          'CPU µs/req': round(s.cpuMicrosPerRequest, 1),
          'CPU %': round(s.cpuPercent, 0),
        },
      ]),
    );
  console.log(`\nAuthenticated read, GET /api/user/custom-domain (${settings.connections} connections):`);
  console.table(readTable(reads.servers));
  console.log(`Authenticated read, GET /api/auth/2fa, 2FA on (${settings.connections} connections):`);
  console.table(readTable(reads.twoFactor));
  console.log(
    `Authenticated read, GET /api/user/custom-domain, an RS256 token of the provider's key set (${settings.connections} connections):`,
  );
  console.table(readTable(reads.keySet));
  console.log(
    `The same RS256 read with a DPoP-bound token and a fresh proof per request: ${round(result.dpop.dpopCpuMicrosPerRead, 1)} CPU µs/read ` +
      `against the Bearer read's ${round(result.dpop.bearerCpuMicrosPerRead, 1)}; alone in a loop, one proof verification ` +
      `${round(result.dpop.proofVerificationCpuMicros, 1)} µs, one replay record (PostgreSQL adapter) ${round(result.dpop.replayRecordCpuMicros, 1)} µs`,
  );
  console.log(
    `Password flood, DELETE /api/auth/disable-account with the right password (${settings.floodConnections} connections):`,
  );
  console.table({
    service: {
      'checks/s': round(flood.serviceChecksPerSecond, 1),
      rejected: flood.rejected,
      'read p99 ms': round(flood.readP99Ms, 2),
      'unloaded p99 ms': round(flood.unloadedReadP99Ms, 2),
      'loop delay p99 ms': round(flood.eventLoopDelayP99Ms, 2),
    },
    'stack floor': {
      'checks/s': round(flood.floor.checksPerSecond, 1),
      'read p99 ms': round(flood.floor.readP99Ms, 2),
      'unloaded p99 ms': round(flood.floor.unloadedReadP99Ms, 2),
    },
    'raw argon2': { 'checks/s': round(flood.rawChecksPerSecond, 1) },
  });
  console.log(
    `2FA set-ups, POST /api/auth/2fa (${settings.setUpConnections} connections): ${round(setUps.setUpsPerSecond, 1)}/s; ` +
      `read p99 ${round(setUps.readP99Ms, 2)} ms beside them, ${round(setUps.unloadedReadP99Ms, 2)} ms unloaded`,
  );
  console.log(
    `Peak RSS ${round(memory.peakRssMb, 1)} MB against the stack floor's ${round(memory.floorPeakRssMb, 1)} MB; ready ${Math.round(ready.medianMs)} ms against the stack floor's ` +
      `${Math.round(ready.floorMedianMs)} ms (medians of ${ready.restartsMs.length} starts each, alternated), ` +
      `${Math.round(ready.firstStartMs)} ms on the first start (applies every migration)`,
  );
  console.table(
    targets.map((t) => ({
      target: t.what,
      value: round(t.value),
      limit: t.limit,
      result: t.pass ? 'pass' : 'FAIL',
      beside: Object.entries(t.context)
        .map(([label, value]) => `${label} ${round(value)}`)
        .join(', '),
    })),
  );
}

export function writeReport(path, result) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${path}`);
}
