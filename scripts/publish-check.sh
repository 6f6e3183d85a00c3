#!/usr/bin/env bash
# `npm publish --dry-run` from a fresh clone of HEAD: what a release would put on
# npm when nothing but the committed files is there (no dist-package/, no WASM).
# The clone is made with git, so uncommitted changes are not in it: that is the
# point. node_modules is the checkout's own, linked in (the clone's package-lock.json
# is the same, and npm ci would take minutes). npm runs package.json's prepack in
# the clone, which builds the WASM and dist-package/; then the tarball's file list
# must hold the package's entry points, the WASM, the worker, the types, LICENSE,
# README.md and package.json. Prints the tarball's file count and size.
#
# --wasm-from-checkout (the test command, right after its own WASM build): when the
# checkout is clean (no change, no untracked file), its WASM was built from exactly
# the committed files of HEAD, so the clone gets a copy of it instead of building the
# same modules a second time (about a minute); prepack still builds dist-package/ in
# the clone. With any change or untracked file, or without the flag, the clone builds
# its own.
#
# --force: a dry run publishes nothing; without it npm 11 asks the registry whether
# this version is already published and fails once it is, which is the release's
# concern (its real `npm publish` refuses then), not this check's. With it the
# check needs no network.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
echo "== npm publish --dry-run from a fresh clone of HEAD"
[ -d node_modules ] || { echo "publish-check: node_modules is missing (run bash scripts/setup.sh)"; exit 1; }
head=$(git rev-parse HEAD)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clone="$tmp/attention-playground"
git clone --quiet --local --no-hardlinks . "$clone" 2> "$tmp/clone.log" || { cat "$tmp/clone.log"; exit 1; }
git -C "$clone" checkout --quiet --detach "$head" # the same commit when HEAD is detached (a tag's checkout in CI)
ln -s "$root/node_modules" "$clone/node_modules"
dirty=""; [ -z "$(git status --porcelain --untracked-files=no)" ] || dirty=" (uncommitted changes are not in it)"
wasm="built in the clone"
if [ "${1:-}" = --wasm-from-checkout ] && [ -z "$(git status --porcelain --untracked-files=all)" ]; then
  for dir in web/src/core/wasm web/src/training/wasm; do
    [ -d "$dir" ] && mkdir -p "$clone/$dir" && cp -p "$dir"/* "$clone/$dir/"
  done
  wasm="the checkout's, built from this clean commit"
fi

(cd "$clone" && npm publish --dry-run --force --json > "$tmp/publish.json" 2> "$tmp/publish.log") ||
  { cat "$tmp/publish.log"; echo "publish-check: npm publish --dry-run failed in a fresh clone of ${head:0:12}"; exit 1; }

node - "$tmp/publish.json" "$clone/package.json" "${head:0:12}" "$dirty" "$wasm" <<'EOF'
const fs = require('node:fs');
const [out, manifestFile, head, dirty, wasm] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
let report = JSON.parse(fs.readFileSync(out, 'utf8'));
if (!report.files) report = report[manifest.name]; // npm 11 keys the report by the package's name
const files = new Set(report.files.map((f) => f.path));
// the entry points and every path package.json names, the WASM, the worker, the types, the licence
const wanted = new Set([
  'package.json', 'LICENSE', 'README.md',
  'dist-package/index.js', 'dist-package/core.js', 'dist-package/widget.js', 'dist-package/standalone.js',
  'dist-package/attention_core.wasm', 'dist-package/attention_core_nosimd.wasm', 'dist-package/attention-playground.worker.js',
  'dist-package/types/core/wasm/attention_core.d.mts',
]);
const named = [manifest.main, manifest.types, manifest.unpkg, manifest.jsdelivr];
for (const target of Object.values(manifest.exports)) named.push(...(typeof target === 'string' ? [target] : Object.values(target)));
for (const p of named) if (p) wanted.add(p.replace(/^\.\//, ''));
const missing = [...wanted].filter((p) => !files.has(p));
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`fresh clone of ${head}${dirty}, WASM ${wasm}: ${report.filename}, ${report.entryCount} files, ${kb(report.size)} (${kb(report.unpackedSize)} unpacked)`);
if (missing.length) {
  console.error(`publish-check: the tarball lacks ${missing.join(', ')}`);
  process.exit(1);
}
EOF
