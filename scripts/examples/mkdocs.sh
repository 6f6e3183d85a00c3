#!/usr/bin/env bash
# scripts/examples/mkdocs.sh — builds the MkDocs Material course-notes example (web/examples/mkdocs/) with the
# real tool into build/examples/mkdocs/site/, for tests/e2e/notes-mkdocs.spec.ts.
#
#   bash scripts/examples/mkdocs.sh
#
# 1. Checks that the example's sources hold the snippets of web/examples/README.md verbatim ("mkdocs-config" in
#    mkdocs.yml, "mkdocs-loader" = docs/javascripts/attention-playground.js, "mkdocs-element" in docs/index.md,
#    "mkdocs-iframe" in docs/iframe.md), so what a teacher copies is what is built.
# 2. Copies the sources to build/examples/mkdocs/src/, with one documented substitution: the iframe snippet's
#    https://<user>.github.io/<repo>/ (where a teacher's site is published) becomes
#    https://teacher.example/attention-playground/, an address the test serves from dist/.
# 3. mkdocs build --strict (offline: the config turns Google Fonts off; the package itself comes from the CDN
#    address at run time, which the test routes to the packed tarball).
# Without mkdocs or its Material theme it prints "SKIPPED mkdocs: …" and exits 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SRC=web/examples/mkdocs
OUT=build/examples/mkdocs
HOSTED='https://<user>.github.io/<repo>/'
TEST_HOST='https://teacher.example/attention-playground/'

if ! command -v mkdocs >/dev/null 2>&1; then
  echo "SKIPPED mkdocs: mkdocs is not installed (Debian: apt-get install mkdocs mkdocs-material)"
  exit 0
fi
echo "== mkdocs: $(mkdocs --version)"

echo "== mkdocs: the sources hold the README's snippets verbatim"
# shellcheck disable=SC2016 # the single quotes hold JavaScript, expanded by node, not by the shell
node --input-type=module -e '
  import { readFileSync } from "node:fs";
  import { snippet } from "./scripts/snippets.mjs";
  const src = "web/examples/mkdocs/";
  const checks = [
    ["mkdocs-config", "mkdocs.yml", "contains"],
    ["mkdocs-loader", "docs/javascripts/attention-playground.js", "is"],
    ["mkdocs-element", "docs/index.md", "contains"],
    ["mkdocs-iframe", "docs/iframe.md", "contains"],
  ];
  for (const [name, file, how] of checks) {
    const text = readFileSync(src + file, "utf8");
    const s = snippet(name);
    if (how === "is" ? text !== s : !text.includes(s)) {
      console.error(`mkdocs: ${src}${file} does not ${how === "is" ? "equal" : "contain"} the README snippet "${name}" (web/examples/README.md): copy it from there`);
      process.exit(1);
    }
  }
'

rm -rf "$OUT"
mkdir -p "$OUT"
cp -r "$SRC" "$OUT/src"
sed -i "s|<iframe src=\"${HOSTED}|<iframe src=\"${TEST_HOST}|" "$OUT/src/docs/iframe.md"
if grep -q "<iframe src=\"${HOSTED}" "$OUT/src/docs/iframe.md" || ! grep -q "src=\"${TEST_HOST}?embed" "$OUT/src/docs/iframe.md"; then
  echo "mkdocs: the iframe address in $OUT/src/docs/iframe.md was not replaced by ${TEST_HOST}" >&2
  exit 1
fi

echo "== mkdocs: mkdocs build --strict → $OUT/site"
LOG="$OUT/build.log"
if ! mkdocs build --strict --clean -f "$OUT/src/mkdocs.yml" -d "$ROOT/$OUT/site" >"$LOG" 2>&1; then
  if grep -q "Unrecognised theme name: 'material'" "$LOG"; then
    echo "SKIPPED mkdocs: the Material theme is not installed (Debian: apt-get install mkdocs-material)"
    exit 0
  fi
  cat "$LOG" >&2
  echo "mkdocs: the build failed (log above)" >&2
  exit 1
fi

# what the test relies on: the element on page 1, the iframe on page 2, the loader, instant navigation, no Google Fonts
SITE="$OUT/site"
grep -q '<attention-playground preset="seed000"></attention-playground>' "$SITE/index.html" || { echo "mkdocs: no <attention-playground> in $SITE/index.html" >&2; exit 1; }
grep -q "<iframe src=\"${TEST_HOST}?embed" "$SITE/iframe/index.html" || { echo "mkdocs: no iframe of ${TEST_HOST} in $SITE/iframe/index.html" >&2; exit 1; }
grep -q 'javascripts/attention-playground.js' "$SITE/index.html" || { echo "mkdocs: the loader is not in $SITE/index.html" >&2; exit 1; }
grep -q 'navigation.instant' "$SITE/index.html" || { echo "mkdocs: navigation.instant is not on in $SITE/index.html" >&2; exit 1; }
if grep -rl 'fonts.googleapis\|fonts.gstatic' "$SITE" --include='*.html' >/dev/null; then
  echo "mkdocs: $SITE still loads Google Fonts (theme.font: false?)" >&2
  exit 1
fi
echo "== mkdocs: built $SITE ($(find "$SITE" -type f | wc -l) files; pages: index.html, iframe/index.html)"
