// The A/B of one optimisation (a variant of BENCH_AB_VARIANTS, or BENCH_AB_*): the service as built
// (A) against a variant without it (B), from the same interleaved rounds. Each measure gives A's and B's value over all rounds, B/A,
// and each side's spread (lowest and highest round), so a gain inside the spread reads as none, and
// in how many of the rounds B did better than A in the same round (the pairs share the machine's
// state of that moment, so a small but steady difference shows there when the spreads overlap),
// and the median of those rounds' own B/A (a round the machine disturbed for one side moves the
// total, not the median of the pairs).

import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const sum = (values) => values.reduce((a, b) => a + b, 0);
/** The upper of the two middle values of an even count: always one of the measured values. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The middle value, or the mean of the two middle values of an even count. */
export const middle = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
};

/**
 * Each measure: `total` over a side's rounds (or its median round), `perRound` for the spread.
 * `of` picks the side's rounds from the run's parts.
 */
const rate = (count) => (rounds) => sum(rounds.map(count)) / sum(rounds.map((r) => r.seconds));
/** A count per second, higher is better: over all rounds, and each round's own. */
const perSecond = (what, of, count) => ({
  what,
  better: 'higher',
  of,
  total: rate(count),
  perRound: (r) => count(r) / r.seconds,
});
/** A value each round measures, lower is better: the median round's, and each round's own. */
const medianRound = (what, of, value) => ({
  what,
  better: 'lower',
  of,
  total: (rounds) => median(rounds.map(value)),
  perRound: value,
});
const MEASURES = [
  perSecond('reads per second', 'reads', (r) => r.requests),
  {
    what: 'CPU µs per read',
    better: 'lower',
    of: 'reads',
    total: (rounds) => (sum(rounds.map((r) => r.cpu)) / sum(rounds.map((r) => r.requests))) * 1e6,
    perRound: (r) => (r.cpu / r.requests) * 1e6,
  },
  perSecond('GET /api/auth/2fa reads per second', 'twoFactorReads', (r) => r.requests),
  {
    what: 'CPU µs per GET /api/auth/2fa read',
    better: 'lower',
    of: 'twoFactorReads',
    total: (rounds) => (sum(rounds.map((r) => r.cpu)) / sum(rounds.map((r) => r.requests))) * 1e6,
    perRound: (r) => (r.cpu / r.requests) * 1e6,
  },
  perSecond('password checks per second', 'flood', (r) => r.checked),
  medianRound('read p99 during the flood / unloaded (median round)', 'flood', (r) => r.readP99Ratio),
  perSecond('2FA set-ups per second', 'setUps', (r) => r.setUps),
  medianRound('read p99 beside the set-ups, ms (median round)', 'setUps', (r) => r.readP99Ms),
  medianRound('spawn to ready, ms (median)', 'ready', (r) => r.ms),
];

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

/** A variant as a report shows it: its built server relative to the repository, not a machine's path. */
function reportedVariant(spec) {
  return spec.main ? { ...spec, main: relative(REPOSITORY, spec.main) } : spec;
}

export function abComparison({ spec, reads, twoFactorReads, flood, setUps, peakRssMb, readyMs }) {
  const parts = {
    reads,
    twoFactorReads,
    flood,
    setUps,
    ready: { a: readyMs.a.map((ms) => ({ ms })), b: readyMs.b.map((ms) => ({ ms })) },
  };
  const measures = MEASURES.map(({ what, better, of, total, perRound }) => {
    const { a, b } = parts[of];
    const spread = (rounds) => [Math.min(...rounds.map(perRound)), Math.max(...rounds.map(perRound))];
    const pairs = Math.min(a.length, b.length);
    const paired = Array.from({ length: pairs }, (_, i) => [perRound(a[i]), perRound(b[i])]);
    const bBetter = paired.filter(([inA, inB]) => (better === 'higher' ? inB > inA : inB < inA)).length;
    return {
      what,
      better,
      a: total(a),
      b: total(b),
      bOverA: total(b) / total(a),
      spreadA: spread(a),
      spreadB: spread(b),
      bBetterInRounds: [bBetter, pairs],
      bOverAPairedMedian: pairs > 0 ? middle(paired.map(([inA, inB]) => inB / inA)) : null,
      roundsA: a.map(perRound),
      roundsB: b.map(perRound),
    };
  });
  measures.push({
    what: 'peak RSS, MB',
    better: 'lower',
    a: peakRssMb.a,
    b: peakRssMb.b,
    bOverA: peakRssMb.b / peakRssMb.a,
  });
  return { variant: reportedVariant(spec), measures };
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
      'B / A, median pair': m.bOverAPairedMedian ? round(m.bOverAPairedMedian, 3) : '',
      'A rounds': m.spreadA ? `${round(m.spreadA[0])}–${round(m.spreadA[1])}` : '',
      'B rounds': m.spreadB ? `${round(m.spreadB[0])}–${round(m.spreadB[1])}` : '',
      better: m.better,
      'B better in': m.bBetterInRounds ? `${m.bBetterInRounds[0]} of ${m.bBetterInRounds[1]} rounds` : '',
    })),
  );
}
