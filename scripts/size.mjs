// size.mjs — what a visitor of the main page downloads, gzipped: the page,
// its JS (incl. the experiments worker it starts), the WASM core and the CSS.
// Printed by scripts/test.sh after the production build (target < 300 KB).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const assets = readdirSync(join(dist, 'assets')).filter((f) => !/^(notes|iframe-host)-/.test(f)); // the example pages' own files
const files = ['index.html', ...assets.map((f) => join('assets', f))];
const kb = (n) => (n / 1024).toFixed(1);
const by = { JS: 0, WASM: 0, CSS: 0, other: 0 };
for (const f of files) {
  const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  by[f.endsWith('.js') ? 'JS' : f.endsWith('.wasm') ? 'WASM' : f.endsWith('.css') ? 'CSS' : 'other'] += gz;
}
const total = by.JS + by.WASM + by.CSS + by.other;
console.log(`size: a visitor downloads ${kb(total)} KB gzipped (JS ${kb(by.JS)} KB, WASM ${kb(by.WASM)} KB, CSS ${kb(by.CSS)} KB, HTML and icon ${kb(by.other)} KB)`);
