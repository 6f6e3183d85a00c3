#!/usr/bin/env bash
# observable.sh — builds the Observable Framework example (web/examples/observable/)
# with the real `observable build` (npm @observablehq/framework) into
# build/examples/observable/, offline.
#
#   bash scripts/pack.sh && bash scripts/examples/observable.sh
#
# The page imports attention-playground/core, @observablehq/inputs and htl as
# bare specifiers, which Framework bundles from node_modules: the package comes
# from the packed tarball's scratch install (build/pack/scratch/, linked into
# the project's node_modules), the two others come with Framework itself.
#
# Framework also writes into its client bundle the versions of its lazily
# loaded "recommended libraries" (Plot, d3, …): with an empty cache it asks
# the npm registry for their latest versions, even when the page imports
# none of them. This script pins those versions in the project's cache (as a
# prior online build would have left them), so the build asks nothing; it runs
# the build in a network namespace of its own (`unshare -n`, no network at
# all) when it can, and within `timeout` in any case.
#
# The page source src/index.md and src/style.css must equal the snippets
# observable-page and observable-style of web/examples/README.md (checked first).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SRC=web/examples/observable
OUT=build/examples/observable
WORK=build/examples/.observable-project
PACKAGE=build/pack/scratch/node_modules/attention-playground
BIN=node_modules/.bin/observable

if [ ! -x "$BIN" ]; then
  echo "SKIPPED observable: Observable Framework is not installed (npm @observablehq/framework, a devDependency: run npm ci)"
  exit 0
fi
if [ ! -f "$PACKAGE/package.json" ]; then
  echo "observable: $PACKAGE is missing: run bash scripts/pack.sh first" >&2
  exit 1
fi

echo "== observable: checking the page against the README's snippets"
node --input-type=module -e "
  import { readFileSync } from 'node:fs';
  import { snippet } from '$ROOT/scripts/snippets.mjs';
  for (const [name, file] of [['observable-page', '$SRC/src/index.md'], ['observable-style', '$SRC/src/style.css']])
    if (readFileSync(file, 'utf8') !== snippet(name)) throw new Error(file + ' differs from the snippet ' + name + ' of web/examples/README.md');
"

echo "== observable: copying the project into $WORK (Framework keeps its cache beside the pages)"
rm -rf "$WORK" "$OUT"
mkdir -p "$WORK/node_modules" "$(dirname "$OUT")"
cp -R "$SRC/." "$WORK/"
ln -s "$ROOT/$PACKAGE" "$WORK/node_modules/attention-playground"

# The versions Framework 1.13.4 records for its recommended libraries (see above); a directory name is all it reads.
for pinned in @observablehq/plot@0.6.17 @observablehq/sample-datasets@1.0.1 apache-arrow@21.2.0 arquero@8.0.3 d3@7.9.2 d3-dsv@3.0.2 \
  echarts@6.1.0 htl@1.0.0 leaflet@1.9.4 lodash@4.18.1 mapbox-gl@3.32.0 parquet-wasm@0.8.0 react@19.3.1 react-dom@19.3.1 topojson-client@3.1.0; do
  mkdir -p "$WORK/src/.observablehq/cache/_npm/$pinned"
done

OFFLINE=()
if unshare -n true 2>/dev/null; then
  OFFLINE=(unshare -n)
  echo "== observable: observable build (no network: unshare -n)"
else
  echo "== observable: observable build (unshare -n is not permitted here: the build runs with the network, but asks nothing of it)"
fi
start=$(date +%s)
if ! (cd "$WORK" && OBSERVABLE_TELEMETRY_DISABLE=1 timeout 60 "${OFFLINE[@]}" "$ROOT/$BIN" build >build.log 2>&1); then
  cat "$WORK/build.log" >&2
  echo "observable: observable build failed (its output is above; a 'fetch failed' line names what it tried to download)" >&2
  exit 1
fi
grep -E '^(render|build|alias) ' "$WORK/build.log" | sed 's/^/   /' || true
mv "$WORK/dist" "$OUT"
for f in index.html _node/attention-playground@0.1.0; do
  if [ ! -e "$OUT/$f" ]; then
    echo "observable: the build made no $OUT/$f" >&2
    exit 1
  fi
done
echo "== observable: built $OUT/ in $(($(date +%s) - start)) s ($(find "$OUT" -type f | wc -l) files, $(du -sk "$OUT" | cut -f1) KB)"
