# The service image: built with the whole workspace, shipped with production dependencies only.
#   docker build -t account-service .
# BASE_IMAGE is any Debian-based Node.js 24 image with npm; scripts/build-base-images.sh builds
# one locally for machines that cannot pull from Docker Hub.
ARG BASE_IMAGE=node:24-bookworm-slim

FROM ${BASE_IMAGE} AS build
# argon2 is compiled from source (.npmrc build-from-source): node-gyp needs a compiler and Python,
# and builds against the base image's own Node.js headers rather than downloading them.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# pnpm: non-interactive, plain log lines.
ENV CI=true
WORKDIR /src
# The pnpm version of package.json's packageManager, installed with npm (corepack is not needed).
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN npm install -g --no-fund --no-audit "$(node -p "require('./package.json').packageManager.split('+')[0]")"
COPY packages/domain/package.json packages/domain/
COPY packages/application/package.json packages/application/
COPY packages/adapters/package.json packages/adapters/
COPY apps/http/package.json apps/http/
COPY packages/client/package.json packages/client/
RUN npm_config_nodedir=/usr/local pnpm install --frozen-lockfile --reporter=append-only
COPY tsconfig.base.json tsconfig.build.json ./
COPY packages packages
COPY apps apps
# --legacy: the workspace does not inject its packages; deploy copies them (with dist/) instead.
RUN pnpm build \
 && pnpm --filter @accounts/http deploy --prod --legacy --reporter=append-only /app \
 && chmod 755 /app/dist/cli.js

FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# Read by glibc before any code of the service runs, so set here rather than in code: one malloc
# arena (a glibc tunable: argon2's 19 MiB blocks are reused instead of one kept per thread). Node's
# young generation stays at its default: halved, it cost 11 % more CPU per read (docs/performance.md).
# `pnpm bench` starts the service with this stage's ENV too.
ENV MALLOC_ARENA_MAX=1
WORKDIR /app
COPY --from=build /app ./
# The code stays root-owned and read-only to the service; only .data (the embedded database of
# dev mode) is writable. `accounts` is the operator CLI (pnpm cli in the repository).
RUN mkdir .data && chown 1000:1000 .data && ln -s /app/dist/cli.js /usr/local/bin/accounts
# Numeric (the node user of Node.js images), so that runAsNonRoot can check it.
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Only options Node's CLI documentation lists (V8-internal flags can vanish in a Node upgrade, and
# a start with an unknown flag fails); `pnpm bench` starts the service with these flags too.
CMD ["node", "--enable-source-maps", "dist/main.js"]
