// snippets.mjs — the copy-paste snippets of web/examples/README.md ("Use it in
// your notes"), read by the example builds and the tests, so that what a
// teacher copies is exactly what was built and tested.
//
//   import { snippet } from '../../scripts/snippets.mjs';
//   snippet('mkdocs-config')   // the fenced block after <!-- snippet: mkdocs-config -->
//
// In the README a snippet is an HTML comment naming it, then one fenced code block:
//   <!-- snippet: NAME -->
//   ```lang
//   …
//   ```

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The README the snippets live in. */
export const README = fileURLToPath(new URL('../web/examples/README.md', import.meta.url));

/** Every snippet of the README, by name (the code between the fences, ending with a newline). */
export function snippets(text = readFileSync(README, 'utf8')) {
  const found = new Map();
  const re = /<!-- snippet: ([a-z0-9-]+) -->\s*\n(`{3,})[^\n]*\n([\s\S]*?)\n\2[ \t]*(?:\n|$)/g;
  for (const m of text.matchAll(re)) {
    if (found.has(m[1])) throw new Error(`snippets: "${m[1]}" appears twice in ${README}`);
    found.set(m[1], `${m[3]}\n`);
  }
  return found;
}

/** The snippet called `name`; throws, naming the ones there are, when it is missing. */
export function snippet(name) {
  const all = snippets();
  const s = all.get(name);
  if (s === undefined) throw new Error(`snippets: no "${name}" in ${README} (there are: ${[...all.keys()].join(', ')})`);
  return s;
}
