#!/usr/bin/env bash
# CI check of the testcontainers path of the database tests: with no DATABASE_URL, the vitest
# global setup starts one PostgreSQL container for the run and every database suite also runs on
# it ("postgres (testcontainers)"). Runs the adapters' repository and migration suites and one HTTP
# suite over a real socket that way, fails unless each of them passed tests on that target (read
# from vitest's JSON report), and fails if the run left a container or a reaper process behind.
#
# Needs a Docker engine: DOCKER_HOST, else the default socket, else the private one that
# scripts/image-check.sh starts (which runs this script while its engine is up). Ryuk is disabled
# (its image needs a registry); the test run removes its container itself. TEST_POSTGRES=container:
# a container that does not start fails the run instead of falling back to the embedded database.
#   TEST_POSTGRES_IMAGE  default accounts-base/postgres:15-bookworm, built by build-base-images.sh
#                        when missing; postgres:17-alpine is the official image the tests default to
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_POSTGRES_IMAGE=${TEST_POSTGRES_IMAGE:-accounts-base/postgres:15-bookworm}
export TESTCONTAINERS_RYUK_DISABLED=true TEST_POSTGRES=container
LABEL='postgres (testcontainers)'
SUITES=(packages/adapters/test/postgres apps/http/test/service.test.ts)

fail() {
  printf '\nTESTCONTAINERS CHECK FAILED: %s\n' "$*" >&2
  exit 1
}

if [ -z "${DOCKER_HOST:-}" ] && ! docker info >/dev/null 2>&1; then
  export DOCKER_HOST=unix:///run/accounts-image-check/docker.sock
fi
docker info >/dev/null 2>&1 ||
  fail "no Docker engine answers at ${DOCKER_HOST:-the default socket}; scripts/image-check.sh starts one on a private socket and runs this check"

if [[ "$TEST_POSTGRES_IMAGE" == accounts-base/* ]]; then
  scripts/build-base-images.sh postgres
fi

containers_before=$(docker ps -aq --no-trunc | sort)
report=$(mktemp --suffix=.json)
trap 'rm -f "$report"' EXIT

started=$SECONDS
# The embedded database stays a target too; only the container is under test here, so no
# DATABASE_URL (it would replace the container) and no Redis.
env -u DATABASE_URL -u REDIS_URL pnpm exec vitest run --reporter=default --reporter=json \
  --outputFile.json="$report" "${SUITES[@]}" || fail "the database suites failed (above)"
echo "--- suites ran in $((SECONDS - started))s"

# Every suite file of the run that takes the database targets must have passed tests on the
# container: a setup that silently fell back to PGlite alone fails here.
mapfile -t database_suites < <(grep -rlE 'testDatabaseTargets|contractTargets' "${SUITES[@]}" --include='*.test.ts')
node - "$report" "$LABEL" "${database_suites[@]}" <<'EOF'
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const [report, label, ...suites] = process.argv.slice(2);
const results = JSON.parse(readFileSync(report, 'utf8')).testResults;
const byFile = new Map(results.map((result) => [result.name, result.assertionResults]));
let total = 0;
const missing = [];
for (const suite of suites) {
  const tests = byFile.get(resolve(suite)) ?? [];
  const onContainer = tests.filter((test) => test.status === 'passed' && test.fullName.includes(label));
  if (onContainer.length === 0) missing.push(suite);
  total += onContainer.length;
}
if (suites.length === 0 || missing.length > 0) {
  console.error(`no passed test on "${label}" in: ${missing.join(', ') || '(no database suite found)'}`);
  process.exit(1);
}
console.log(`--- ${total} tests passed on "${label}" across ${suites.length} database suites`);
EOF

# The teardown removed the container before vitest exited, and stopped the reaper.
left=$(comm -13 <(printf '%s\n' "$containers_before") <(docker ps -aq --no-trunc | sort) | sed '/^$/d')
[ -z "$left" ] || fail "the run left containers behind: $(docker ps -a --filter "id=${left%%$'\n'*}")"
sleep 1
! pgrep -f 'accounts\.test-run=' >/dev/null || fail "the run left its reaper process behind: $(pgrep -af 'accounts\.test-run=')"
echo "--- no container and no reaper left behind"
docker ps -a
