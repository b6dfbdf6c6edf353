#!/usr/bin/env bash
# `pnpm pack:tarballs [DIR]`: installable tarballs of every package, for projects outside this
# repository while the packages are not on a registry. Each package's prepack builds its dist/,
# and pnpm turns its workspace:^ dependencies into version ranges, so the tarballs installed
# together with npm resolve each other. DIR: default tarballs/ at the repository root.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$root/tarballs}" && cd "${1:-$root/tarballs}" && pwd)
rm -f "$out"/accounts-*.tgz
for dir in packages/domain packages/application packages/adapters packages/client apps/http; do
  (cd "$root/$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done
ls -1 "$out"/accounts-*.tgz
