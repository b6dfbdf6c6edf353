#!/usr/bin/env bash
# Proof from outside: packs every package as `pnpm pack:tarballs` does (its prepack builds dist/,
# workspace:* becomes a version range). First the README's "Embedding the use cases" section as
# written: a project made by its shell block (npm init -y, the install line, tsc --init), its
# example saved as example.ts, compiled with `npx tsc` and run; npm's warnings are printed, and
# any EBADENGINE one fails the check. Then the tarballs are installed with npm into a new project
# in a temporary folder (no workspace links, no path mappings), the consumers in
# scripts/consumer/src are compiled with TypeScript strict and no skipLibCheck, and run on PGlite
# and on PostgreSQL:
#   readme-example  the README's "Embedding" example, extracted from README.md as it stands
#   readme-*        the first example of each package's README (the client's is compiled only)
#   factory         createAccounts: custom domain, 2FA with an otplib code, disable
#   full-control    createUseCases over ports with the host's own clock and logger
#   host            (HOST_CONSUMER=1) a Fastify host mounting accountsApi under /accounts with its
#                   own authentication, answered through inject, and the typed client against it
# PostgreSQL: DATABASE_URL (a server URL; each run creates and drops its own database), default
# postgres://postgres@127.0.0.1:5432/postgres; SKIP_POSTGRES=1 runs PGlite only.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
server_url=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
# The host consumer needs accountsApi (apps/http/src/accounts-api.ts); on by default once it is exported.
host_consumer=${HOST_CONSUMER:-1}

work=$(mktemp -d -t accounts-consumer-XXXXXX)
databases=()
cleanup() {
  for name in "${databases[@]}"; do psql "$server_url" -qc "drop database if exists \"$name\" with (force)" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "=== packing into $work/tarballs (pnpm pack:tarballs)"
"$root/scripts/pack-tarballs.sh" "$work/tarballs"

# The README's embedding section, as a reader follows it: its install block run in a new folder
# with ACCOUNTS (the clone in the README) pointing where the tarballs are, its example as
# example.ts, `npx tsc`, then `node example.js` on each database.
echo "=== the README's embedding section as written: $work/readme-project"
section() { awk '/^## Embedding the use cases/{s=1; next} s && /^## /{exit} s' "$root/README.md"; }
mkdir -p "$work/readme-project"
# The second ```sh block of the section: the one run in the reader's project.
section | awk '/^```sh$/{n++; if (n==2) {code=1; next}} code && /^```$/{exit} code' > "$work/readme-install.sh"
section | awk '/^```ts$/{code=1; next} code && /^```$/{exit} code' > "$work/readme-project/example.ts"
test -s "$work/readme-install.sh" && test -s "$work/readme-project/example.ts" \
  || { echo "README.md: no install block or example in the embedding section" >&2; exit 1; }
cat "$work/readme-install.sh"
(cd "$work/readme-project" && ACCOUNTS=$work bash -euo pipefail "$work/readme-install.sh" 2>&1) | tee "$work/readme-install.log"
if grep -q EBADENGINE "$work/readme-install.log"; then
  echo "npm install warned EBADENGINE (docs/decisions.md, Install warnings)" >&2
  exit 1
fi
(cd "$work/readme-project" && npx tsc)
echo "--- README example on pglite"
(cd "$work/readme-project" && DATABASE_URL=pglite://memory node example.js)

echo "=== a new project outside the workspace: $work/consumer"
mkdir -p "$work/consumer/src"
cd "$work/consumer"
# No .npmrc of the workspace applies here; npm's own defaults.
cat > package.json <<'JSON'
{ "name": "accounts-consumer", "private": true, "type": "module" }
JSON
cp "$root/scripts/consumer/tsconfig.json" .
cp "$root/scripts/consumer/src/check.ts" "$root/scripts/consumer/src/factory.ts" \
  "$root/scripts/consumer/src/full-control.ts" src/
consumers=(readme-example factory full-control)
if [ "$host_consumer" = 1 ]; then
  cp "$root/scripts/consumer/src/host.ts" src/
  consumers+=(host)
fi
# The README's example: the first ```ts block of its "## Embedding the use cases" section.
awk '/^## Embedding the use cases/{section=1} section && /^```ts$/{code=1; next} code && /^```$/{exit} code' \
  "$root/README.md" > src/readme-example.ts
test -s src/readme-example.ts || { echo "no example found in README.md" >&2; exit 1; }
# Each package README's first ```ts block is compiled too; those that need no server also run.
for readme in domain application adapters client; do
  awk '/^```ts$/{code=1; next} code && /^```$/{exit} code' "$root/packages/$readme/README.md" \
    > "src/readme-$readme.ts"
  test -s "src/readme-$readme.ts" || { echo "no example in packages/$readme/README.md" >&2; exit 1; }
done
consumers+=(readme-domain readme-application readme-adapters)

# Every tarball at once: each one's dependencies on the others resolve to the tarballs, the rest
# come from the registry. A missing or unpublished dependency fails here.
tarballs=("$work"/tarballs/*.tgz)
npm install --no-audit --no-fund --loglevel=error "${tarballs[@]}"
npm install --no-audit --no-fund --loglevel=error --save-dev \
  "typescript@$(node -p "require('$root/node_modules/typescript/package.json').version")" \
  "@types/node@$(node -p "require('$root/node_modules/@types/node/package.json').version")" \
  "otplib@$(node -p "require('$root/packages/adapters/node_modules/otplib/package.json').version")" \
  fastify@5
echo "installed: $(npm ls --depth=0 --parseable | sed 's#.*/node_modules/##' | tr '\n' ' ')"

# Nothing of the workspace may be reachable from here.
resolved=$(node --input-type=module -e "console.log(import.meta.resolve('@accounts/adapters'))")
case "$resolved" in
  "file://$work/consumer/node_modules/"*) echo "@accounts/adapters: $resolved" ;;
  *) echo "@accounts/adapters resolves outside the consumer: $resolved" >&2; exit 1 ;;
esac

echo "=== compiling (strict, no skipLibCheck)"
npx tsc -p tsconfig.json --listEmittedFiles | sed "s#$work/consumer/##"

echo "=== PGlite"
for consumer in "${consumers[@]}"; do
  echo "--- $consumer on pglite"
  DATABASE_URL=pglite://memory node --enable-source-maps "dist/$consumer.js"
done

if [ "${SKIP_POSTGRES:-0}" != 1 ]; then
  echo "=== PostgreSQL"
  name="consumer_readme_project_$$"
  databases+=("$name")
  psql "$server_url" -qc "create database \"$name\"" >/dev/null
  url=$(node -e "const u = new URL(process.argv[1]); u.pathname = '/' + process.argv[2]; console.log(u.href)" "$server_url" "$name")
  echo "--- README example (as written) on postgres"
  (cd "$work/readme-project" && DATABASE_URL=$url node example.js)
  for consumer in "${consumers[@]}"; do
    name="consumer_$(echo "$consumer" | tr - _)_$$"
    databases+=("$name")
    psql "$server_url" -qc "create database \"$name\"" >/dev/null
    url=$(node -e "const u = new URL(process.argv[1]); u.pathname = '/' + process.argv[2]; console.log(u.href)" "$server_url" "$name")
    echo "--- $consumer on postgres"
    DATABASE_URL=$url node --enable-source-maps "dist/$consumer.js"
  done
fi
echo "=== consumer check passed (${consumers[*]})"
