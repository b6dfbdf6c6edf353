#!/usr/bin/env bash
# Runs a test tier RUNS times in a row (default 3) and reports every test that failed in any run,
# with the runs it failed in. Exits 0 only when every run passed.
#   (default)  the system tier (`pnpm test:system`), built once before the first run.
#   --loaded   the fast tier (`pnpm test`) beside two CPU-bound processes (busy loops, started
#              for the whole check and stopped at its end), with LOADED=1: the tests of the
#              contract's own wall-clock bounds (tagged wall-clock, proven on a fake clock as well)
#              skip, saying why, and the check lists them. Nothing else may pass or fail by the
#              clock, so every other test must pass here as on a quiet machine.
# Database and Redis as for the tier (DATABASE_URL, REDIS_URL, TEST_POSTGRES from the environment).
# Usage: scripts/flake-check.sh [--loaded] [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."

loaded=''
if [ "${1:-}" = '--loaded' ]; then
  loaded=1
  shift
fi
runs=${1:-3}
out=$(mktemp -d "${TMPDIR:-/tmp}/flake-check.XXXXXX")
busy=()
cleanup() {
  [ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null
  rm -rf "$out"
}
trap cleanup EXIT

if [ -n "$loaded" ]; then
  tier=(test)
  for _ in 1 2; do
    node -e 'for (;;);' &
    busy+=($!)
  done
  export LOADED=1
  printf '=== flake check: the fast tier beside two busy loops (pids %s), LOADED=1\n' "${busy[*]}"
else
  tier=(test:system)
  # Build once (the runs then skip the system tier's own build).
  pnpm --silent build || exit 1
  export SKIP_BUILD=1
fi

failed_runs=0
for run in $(seq 1 "$runs"); do
  printf '\n=== flake check: run %d of %d\n' "$run" "$runs"
  started=$SECONDS
  pnpm "${tier[@]}" --reporter=default --reporter=json --outputFile.json="$out/run-$run.json"
  status=$?
  printf '=== run %d: exit %d, %ds\n' "$run" "$status" $((SECONDS - started))
  [ "$status" -eq 0 ] || failed_runs=$((failed_runs + 1))
done

# Every test that did not pass (failed, or its file failed to run), by run; and the wall-clock
# tests that skipped.
node --input-type=module - "$out" "$runs" <<'NODE'
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
const [dir, runs] = process.argv.slice(2);
const failures = new Map();
const wallClock = new Set();
const note = (name, run) => failures.set(name, [...(failures.get(name) ?? []), run]);
for (let run = 1; run <= Number(runs); run++) {
  const file = join(dir, `run-${run}.json`);
  if (!existsSync(file)) {
    note('(the run wrote no report)', run);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const path = relative(process.cwd(), suite.name);
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) note(`${path} > ${test.fullName}`, run);
    if (failed.length === 0 && suite.status === 'failed') note(`${path} (${suite.message || 'file failed'})`, run);
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'passed' && test.status !== 'failed' && (test.tags ?? []).includes('wall-clock')) {
        wallClock.add(`${path} > ${test.fullName}`);
      }
    }
  }
}
if (wallClock.size > 0) {
  console.log(`\n=== flake check: ${wallClock.size} wall-clock test(s) skipped (the contract's own bounds)`);
  for (const name of wallClock) console.log(`  ${name}`);
}
console.log(`\n=== flake check: ${failures.size} test(s) failed in at least one of ${runs} runs`);
for (const [name, inRuns] of failures) console.log(`  runs ${inRuns.join(',')}: ${name}`);
NODE

[ "$failed_runs" -eq 0 ]
