#!/usr/bin/env bash
# CI check of the container image, on this machine: build it (and the local base image it starts
# from, when missing), run it against a fresh database on the local PostgreSQL server, wait for
# /readyz and the health check, create a user and mint a token with the image's CLI, get one
# authenticated 200, then remove the container and drop the database. Then, on the same engine,
# the database suites on a testcontainers PostgreSQL (scripts/testcontainers-check.sh, from the
# local PostgreSQL base image). Stops at the first step that fails, saying which.
#
# Installs docker.io and debootstrap when missing. When no Docker engine answers, it starts one of
# its own on a private socket (the test suites use any engine at /var/run/docker.sock for
# testcontainers, which needs a registry) and stops it at the end; images stay in /var/lib/docker
# for the next run. PostgreSQL must answer at 127.0.0.1:5432 as postgres (trust auth).
#   BASE_IMAGE   default accounts-base/node:24-bookworm-slim (built by build-base-images.sh);
#                node:24-bookworm-slim uses Docker Hub's image instead
#   IMAGE        tag of the service image, default account-service:ci
#   CHECK_PORT   port of the service on the host network, default 3900
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=${BASE_IMAGE:-accounts-base/node:24-bookworm-slim}
IMAGE=${IMAGE:-account-service:ci}
PORT=${CHECK_PORT:-3900}
PG="postgres://postgres@127.0.0.1:5432"
database="accounts_image_check_$$"
container="accounts-image-check-$$"
secret=$(openssl rand -base64 32)
started_dockerd=''

started=$SECONDS
step_started=$SECONDS
step() {
  [ -z "${current:-}" ] || printf '    (%ss)\n' $((SECONDS - step_started))
  current=$1
  step_started=$SECONDS
  printf -- '--- image check: %s\n' "$1"
}
fail() {
  printf '\nIMAGE CHECK FAILED at "%s": %s\n' "${current:-setup}" "$*" >&2
  if docker container inspect "$container" >/dev/null 2>&1; then
    echo "--- last lines of the service's log:" >&2
    docker logs --tail 40 "$container" >&2 || true
  fi
  exit 1
}
trap 'fail "command failed (line $LINENO): $BASH_COMMAND"' ERR

cleanup() {
  docker rm -f "$container" >/dev/null 2>&1 || true
  psql "$PG/postgres" -q -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  if [ -n "$started_dockerd" ]; then
    kill "$started_dockerd" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$started_dockerd" 2>/dev/null || break; sleep 1; done
  fi
}
trap cleanup EXIT

step "tools"
missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  run_dir=/run/accounts-image-check
  export DOCKER_HOST="unix://$run_dir/docker.sock"
  if ! docker info >/dev/null 2>&1; then
    mkdir -p "$run_dir"
    setsid dockerd --host "$DOCKER_HOST" --pidfile "$run_dir/dockerd.pid" --exec-root "$run_dir/exec" \
      >"$run_dir/dockerd.log" 2>&1 </dev/null &
    started_dockerd=$!
    for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
    docker info >/dev/null 2>&1 || fail "dockerd did not start: $(tail -n 5 "$run_dir/dockerd.log")"
  fi
fi
pg_isready -q -h 127.0.0.1 -p 5432 || fail "PostgreSQL does not answer at 127.0.0.1:5432"

if [[ "$BASE_IMAGE" == accounts-base/* ]]; then
  step "local base image $BASE_IMAGE"
  scripts/build-base-images.sh node
fi

step "build $IMAGE"
build_log=$(mktemp)
docker build --force-rm --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$IMAGE" . >"$build_log" 2>&1 ||
  fail "docker build failed; its last lines:
$(tail -n 40 "$build_log")"
rm -f "$build_log"
[ "$(docker image inspect -f '{{.Config.User}}' "$IMAGE")" = 1000:1000 ] || fail "the image does not run as user 1000"

step "run it against a fresh database"
psql "$PG/postgres" -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $database" >/dev/null
env_args=(-e HOST=127.0.0.1 -e PORT="$PORT" -e DATABASE_URL="$PG/$database" -e JWT_SECRET="$secret")
docker run -d --name "$container" --network host --health-interval 2s --health-start-period 60s \
  "${env_args[@]}" "$IMAGE" >/dev/null
ready=''
for _ in $(seq 1 60); do
  [ "$(docker inspect -f '{{.State.Running}}' "$container")" = true ] || fail "the service exited"
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/readyz" || true)
  if [ "$status" = 200 ]; then ready=1 && break; fi
  sleep 1
done
[ -n "$ready" ] || fail "/readyz did not answer 200 within 60 s (last: $status)"
[ "$(docker exec "$container" id -u)" != 0 ] || fail "the service runs as root"
health=''
for _ in $(seq 1 30); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$container")
  [ "$health" = healthy ] && break
  sleep 1
done
[ "$health" = healthy ] || fail "the health check says $health"

step "a user and a token from the image's CLI"
created=$(docker run --rm --network host "${env_args[@]}" "$IMAGE" \
  accounts users create --email image-check@example.com --password 'image check passphrase' --tier enterprise)
user_id=$(printf '%s' "$created" | sed -n 's/^{"id":"\([^"]*\)".*/\1/p')
[ -n "$user_id" ] || fail "users create printed: $created"
token=$(docker run --rm "${env_args[@]}" "$IMAGE" accounts tokens mint --user-id "$user_id" --expires-in 5m)

step "an authenticated request"
body=$(curl -sS -w '\n%{http_code}' -H "Authorization: Bearer $token" "http://127.0.0.1:$PORT/api/user/custom-domain")
[ "${body##*$'\n'}" = 200 ] || fail "GET /api/user/custom-domain answered: $body"
[ "${body%$'\n'*}" = '{"customDomain":null,"customDomainVerified":false,"hasCustomDomain":false}' ] ||
  fail "unexpected body: ${body%$'\n'*}"

step "clean up"
docker rm -f "$container" >/dev/null
psql "$PG/postgres" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE $database WITH (FORCE)" >/dev/null

step "database suites on a testcontainers PostgreSQL"
scripts/testcontainers-check.sh
printf '    (%ss)\n' $((SECONDS - step_started))
printf -- '--- image check passed in %ss\n' $((SECONDS - started))
