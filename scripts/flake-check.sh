#!/usr/bin/env bash
# Runs the system tier (`pnpm test:system`) RUNS times in a row (default 3) and reports every test
# that failed in any run, with the runs it failed in. Exits 0 only when every run passed.
# Database and Redis as for `pnpm test:system` (DATABASE_URL, REDIS_URL from the environment).
# Usage: scripts/flake-check.sh [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
out=$(mktemp -d "${TMPDIR:-/tmp}/flake-check.XXXXXX")
trap 'rm -rf "$out"' EXIT

# Build once (the runs then skip the system tier's own build).
pnpm --silent build || exit 1

failed_runs=0
for run in $(seq 1 "$runs"); do
  printf '\n=== flake check: run %d of %d\n' "$run" "$runs"
  started=$SECONDS
  SKIP_BUILD=1 pnpm test:system --reporter=default --reporter=json --outputFile.json="$out/run-$run.json"
  status=$?
  printf '=== run %d: exit %d, %ds\n' "$run" "$status" $((SECONDS - started))
  [ "$status" -eq 0 ] || failed_runs=$((failed_runs + 1))
done

# Every test that did not pass (failed, or its file failed to run), by run.
node --input-type=module - "$out" "$runs" <<'NODE'
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
const [dir, runs] = process.argv.slice(2);
const failures = new Map();
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
  }
}
console.log(`\n=== flake check: ${failures.size} test(s) failed in at least one of ${runs} runs`);
for (const [name, inRuns] of failures) console.log(`  runs ${inRuns.join(',')}: ${name}`);
NODE

[ "$failed_runs" -eq 0 ]
