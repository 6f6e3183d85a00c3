// package-types.mjs — the last step of `npm run build:package`, on the .d.ts
// files tsc wrote into dist-package/types/:
//  * copy the hand-written type file of the Emscripten module, which core's
//    types refer to (tsc does not copy declaration files);
//  * give every relative import an extension (`'../core/core'` → `'../core/core.js'`):
//    the package is "type": "module", and TypeScript's NodeNext resolution, which
//    Node users of the package have, finds nothing behind a specifier without one.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const types = 'dist-package/types';
const from = 'web/src/core/wasm/attention_core.d.mts';
const to = join(types, 'core/wasm/attention_core.d.mts');
if (!existsSync(from)) throw new Error(`package-types: ${from} is missing (run bash scripts/build_wasm.sh)`);
mkdirSync(dirname(to), { recursive: true });
copyFileSync(from, to);

/** The specifier with the extension Node would need, or the specifier unchanged when it has one. */
function withExtension(file, spec) {
  if (!spec.startsWith('.') || /\.(m?js|css|json)$/.test(spec)) return spec;
  const target = resolve(dirname(file), spec);
  if (existsSync(`${target}.d.ts`)) return `${spec}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${spec}/index.js`;
  throw new Error(`package-types: ${file} imports ${spec}, which has no .d.ts`);
}

let changed = 0;
for (const entry of readdirSync(types, { recursive: true })) {
  const file = join(types, String(entry));
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(/(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.[^'"]*)\2/g, (_m, pre, q, spec) => `${pre}${q}${withExtension(file, spec)}${q}`);
  if (fixed !== text) {
    writeFileSync(file, fixed);
    changed++;
  }
}
console.log(`package-types: ${changed} declaration files given explicit extensions`);
