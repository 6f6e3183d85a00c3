#!/usr/bin/env bash
# slides.sh — builds the reveal.js example deck into build/examples/slides/:
#   index.html   web/examples/slides/deck.html with each "<!-- insert snippet: NAME -->"
#                line replaced, verbatim, by the snippet NAME of web/examples/README.md
#                (slides-head, slides-sections, slides-init: what a teacher copies);
#   dark.html    the same deck in reveal.js's dark theme black.css (the one line of the theme's
#                <link> changed), where every playground turns dark by itself (theme auto);
#   dist/        reveal.js's own files (reveal.js, reveal.css, reset.css, theme/white.css,
#                theme/black.css), copied from node_modules/reveal.js (npm reveal.js, a devDependency).
# The playground comes from the CDN address in the snippet (jsDelivr): the test
# (tests/e2e/notes-slides.spec.ts) serves that address from the packed tarball
# (tests/e2e/cdn.ts, after scripts/pack.sh), so the build itself needs no package.
# Without reveal.js installed it prints a SKIPPED line and exits 0.
set -euo pipefail
cd "$(dirname "$0")/../.."

REVEAL=node_modules/reveal.js
OUT=build/examples/slides

if [ ! -f "${REVEAL}/dist/reveal.js" ] || [ ! -f "${REVEAL}/package.json" ]; then
  echo "SKIPPED slides: reveal.js is not installed (npm install puts it in node_modules/reveal.js)"
  exit 0
fi
version=$(node -p "require('./${REVEAL}/package.json').version")
echo "== slides: reveal.js ${version} from ${REVEAL}"

rm -rf "${OUT}"
mkdir -p "${OUT}/dist/theme"
for f in reveal.js reveal.css reset.css theme/white.css theme/black.css; do
  cp "${REVEAL}/dist/${f}" "${OUT}/dist/${f}"
done
echo "== slides: copied reveal.js, reveal.css, reset.css, theme/white.css and theme/black.css into ${OUT}/dist/"

node --input-type=module - web/examples/slides/deck.html "${OUT}/index.html" <<'EOF'
import { readFileSync, writeFileSync } from 'node:fs';
import { snippet } from './scripts/snippets.mjs';
const [src, out] = process.argv.slice(2);
const used = [];
const html = readFileSync(src, 'utf8').replace(/^<!-- insert snippet: ([a-z0-9-]+) -->\n/gm, (_, name) => {
  used.push(name);
  return snippet(name); // throws, naming the snippets there are, when the README lacks it
});
if (used.length === 0) throw new Error(`slides: ${src} has no "<!-- insert snippet: NAME -->" line`);
if (/<!-- insert snippet:/.test(html)) throw new Error(`slides: an "insert snippet" line of ${src} was not replaced (it must stand alone on its line)`);
writeFileSync(out, html);
console.log(`== slides: ${out} from ${src} with the README's snippets ${used.join(', ')}`);
const theme = '<link rel="stylesheet" href="dist/theme/white.css" />';
if (html.split(theme).length !== 2) throw new Error(`slides: ${src} must link ${theme} once`);
const dark = out.replace(/index\.html$/, 'dark.html');
writeFileSync(dark, html.replace(theme, '<link rel="stylesheet" href="dist/theme/black.css" />'));
console.log(`== slides: ${dark}, the same deck in reveal.js's dark theme black.css`);
EOF
echo "== slides: done (open ${OUT}/index.html through a server; the playground loads from jsDelivr)"
