// The A/B of one optimisation (BENCH_AB_*): the service as built (A) against a variant without it
// (B), from the same interleaved rounds. Each measure gives A's and B's value over all rounds, B/A,
// and each side's spread (lowest and highest round), so a gain inside the spread reads as none.

const sum = (values) => values.reduce((a, b) => a + b, 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function measure(what, better, a, b, perRound) {
  const spread = (rounds) => {
    const values = rounds.map(perRound);
    return [Math.min(...values), Math.max(...values)];
  };
  return {
    what,
    better,
    a: a.value,
    b: b.value,
    bOverA: b.value / a.value,
    spreadA: spread(a.rounds),
    spreadB: spread(b.rounds),
  };
}

const side = (rounds, value) => ({ rounds, value });

export function abComparison({ spec, reads, flood, setUps, peakRssMb, readyMs }) {
  const rps = (rounds) => sum(rounds.map((r) => r.requests)) / sum(rounds.map((r) => r.seconds));
  const cpuPerRead = (rounds) => (sum(rounds.map((r) => r.cpu)) / sum(rounds.map((r) => r.requests))) * 1e6;
  const checks = (rounds) => sum(rounds.map((r) => r.checked)) / sum(rounds.map((r) => r.seconds));
  const setUpRate = (rounds) => sum(rounds.map((r) => r.setUps)) / sum(rounds.map((r) => r.seconds));
  const medianOf = (key) => (rounds) => median(rounds.map((r) => r[key]));
  const measures = [
    measure(
      'reads per second',
      'higher',
      side(reads.a, rps(reads.a)),
      side(reads.b, rps(reads.b)),
      (r) => r.requests / r.seconds,
    ),
    measure(
      'CPU µs per read',
      'lower',
      side(reads.a, cpuPerRead(reads.a)),
      side(reads.b, cpuPerRead(reads.b)),
      (r) => (r.cpu / r.requests) * 1e6,
    ),
    measure(
      'password checks per second',
      'higher',
      side(flood.a, checks(flood.a)),
      side(flood.b, checks(flood.b)),
      (r) => r.checked / r.seconds,
    ),
    measure(
      'read p99 during the flood / unloaded (median round)',
      'lower',
      side(flood.a, medianOf('readP99Ratio')(flood.a)),
      side(flood.b, medianOf('readP99Ratio')(flood.b)),
      (r) => r.readP99Ratio,
    ),
    measure(
      '2FA set-ups per second',
      'higher',
      side(setUps.a, setUpRate(setUps.a)),
      side(setUps.b, setUpRate(setUps.b)),
      (r) => r.setUps / r.seconds,
    ),
    measure(
      'read p99 beside the set-ups, ms (median round)',
      'lower',
      side(setUps.a, medianOf('readP99Ms')(setUps.a)),
      side(setUps.b, medianOf('readP99Ms')(setUps.b)),
      (r) => r.readP99Ms,
    ),
    measure(
      'spawn to ready, ms (median)',
      'lower',
      side(
        readyMs.a.map((ms) => ({ ms })),
        median(readyMs.a),
      ),
      side(
        readyMs.b.map((ms) => ({ ms })),
        median(readyMs.b),
      ),
      (r) => r.ms,
    ),
  ];
  measures.push({
    what: 'peak RSS, MB',
    better: 'lower',
    a: peakRssMb.a,
    b: peakRssMb.b,
    bOverA: peakRssMb.b / peakRssMb.a,
  });
  return { variant: spec, measures };
}

const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

export function printComparison(ab) {
  console.log(`\nA/B: A is the service as built, B the variant ${JSON.stringify(ab.variant)}:`);
  console.table(
    ab.measures.map((m) => ({
      measure: m.what,
      A: round(m.a),
      B: round(m.b),
      'B / A': round(m.bOverA, 3),
      'A rounds': m.spreadA ? `${round(m.spreadA[0])}–${round(m.spreadA[1])}` : '',
      'B rounds': m.spreadB ? `${round(m.spreadB[0])}–${round(m.spreadB[1])}` : '',
      better: m.better,
    })),
  );
}
