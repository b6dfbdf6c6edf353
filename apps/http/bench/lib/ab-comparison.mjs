// The A/B of one optimisation (a variant of BENCH_AB_VARIANTS, or BENCH_AB_*): the service as built
// (A) against a variant without it (B), from the same interleaved rounds. Each measure gives A's and B's value over all rounds, B/A,
// and each side's spread (lowest and highest round), so a gain inside the spread reads as none.

const sum = (values) => values.reduce((a, b) => a + b, 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each measure: `total` over a side's rounds (or its median round), `perRound` for the spread.
 * `of` picks the side's rounds from the run's parts.
 */
const rate = (count) => (rounds) => sum(rounds.map(count)) / sum(rounds.map((r) => r.seconds));
const medianRound = (perRound) => (rounds) => median(rounds.map(perRound));
const MEASURES = [
  {
    what: 'reads per second',
    better: 'higher',
    of: 'reads',
    total: rate((r) => r.requests),
    perRound: (r) => r.requests / r.seconds,
  },
  {
    what: 'CPU µs per read',
    better: 'lower',
    of: 'reads',
    total: (rounds) => (sum(rounds.map((r) => r.cpu)) / sum(rounds.map((r) => r.requests))) * 1e6,
    perRound: (r) => (r.cpu / r.requests) * 1e6,
  },
  {
    what: 'password checks per second',
    better: 'higher',
    of: 'flood',
    total: rate((r) => r.checked),
    perRound: (r) => r.checked / r.seconds,
  },
  {
    what: 'read p99 during the flood / unloaded (median round)',
    better: 'lower',
    of: 'flood',
    total: medianRound((r) => r.readP99Ratio),
    perRound: (r) => r.readP99Ratio,
  },
  {
    what: '2FA set-ups per second',
    better: 'higher',
    of: 'setUps',
    total: rate((r) => r.setUps),
    perRound: (r) => r.setUps / r.seconds,
  },
  {
    what: 'read p99 beside the set-ups, ms (median round)',
    better: 'lower',
    of: 'setUps',
    total: medianRound((r) => r.readP99Ms),
    perRound: (r) => r.readP99Ms,
  },
  {
    what: 'spawn to ready, ms (median)',
    better: 'lower',
    of: 'ready',
    total: medianRound((r) => r.ms),
    perRound: (r) => r.ms,
  },
];

export function abComparison({ spec, reads, flood, setUps, peakRssMb, readyMs }) {
  const parts = {
    reads,
    flood,
    setUps,
    ready: { a: readyMs.a.map((ms) => ({ ms })), b: readyMs.b.map((ms) => ({ ms })) },
  };
  const measures = MEASURES.map(({ what, better, of, total, perRound }) => {
    const { a, b } = parts[of];
    const spread = (rounds) => [Math.min(...rounds.map(perRound)), Math.max(...rounds.map(perRound))];
    return {
      what,
      better,
      a: total(a),
      b: total(b),
      bOverA: total(b) / total(a),
      spreadA: spread(a),
      spreadB: spread(b),
    };
  });
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
  const { name, ...variant } = ab.variant;
  console.log(`\nA/B ${name}: A is the service as built, B the variant ${JSON.stringify(variant)}:`);
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
