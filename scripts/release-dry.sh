#!/usr/bin/env bash
# What `changeset publish` would publish, without publishing: the pending version bumps, then
# every package packed by pnpm (its `prepack` builds dist/; `workspace:*` becomes the version
# range) into one folder, with each tarball's files and dependency ranges.
# Usage: scripts/release-dry.sh [folder]   (default: a new temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-$(mktemp -d -t accounts-release-XXXXXX)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

echo "=== pending changesets"
pnpm exec changeset status --verbose

echo
echo "=== packing into $out"
for dir in packages/domain packages/application packages/adapters packages/client apps/http; do
  (cd "$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done

for tarball in "$out"/*.tgz; do
  echo
  echo "=== $(basename "$tarball")"
  tar -xzOf "$tarball" package/package.json | node -e '
    const pkg = JSON.parse(require("fs").readFileSync(0, "utf8"));
    console.log(`${pkg.name}@${pkg.version}  license ${pkg.license}  engines node ${pkg.engines?.node}`);
    for (const [name, range] of Object.entries(pkg.dependencies ?? {})) console.log(`  dependency ${name} ${range}`);
    const workspace = Object.entries(pkg.dependencies ?? {}).filter(([, range]) => range.startsWith("workspace:"));
    if (workspace.length > 0) { console.error(`  ${pkg.name} still has workspace: ranges`); process.exit(1); }'
  files=$(tar -tzf "$tarball" | sed 's#^package/##')
  echo "  $(echo "$files" | wc -l) files, $(du -k "$tarball" | cut -f1) KiB packed"
  if echo "$files" | grep -qE '^(src|test|examples)/|tsconfig|\.tsbuildinfo$'; then
    echo "  ships sources, tests or build files:" >&2
    echo "$files" | grep -E '^(src|test|examples)/|tsconfig|\.tsbuildinfo$' >&2
    exit 1
  fi
  echo "$files" | grep -vE '^dist/' | sed 's/^/  /'
  echo "$files" | grep -E '^dist/' | sed -E 's#^(dist/[^/]+)/.*#\1/#' | sort -u | sed 's/^/  /' | head -n 40
done
echo
echo "Tarballs: $out"
