// size.mjs — what a visitor of the main page downloads, gzipped: the page,
// its JS (incl. the worker it starts), the WASM core and the CSS (the total,
// target ≤ 300 KB); and what the first screen needs before its first heatmap
// is painted: the page, the entry module and every module it imports
// statically or preloads (not those it loads later with import()), and the WASM (target
// ≤ 120 KB). The builds without SIMD128 (*_nosimd-*: glue and WASM, fetched only
// by a browser without WebAssembly SIMD, instead of the SIMD ones) are counted
// apart, as are the builds with threads (*_mt*: the core's and the trainer's glue,
// WASM and threads' worker, fetched by the workers of a cross-origin isolated page
// in addition to the page's own core, and the trainer's with its panel). Printed by scripts/test.sh after the production build.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const assets = readdirSync(join(dist, 'assets')).filter((f) => !/^(notes|iframe-host)-/.test(f)); // the example pages' own files
const nosimd = assets.filter((f) => /_nosimd-/.test(f)).map((f) => join('assets', f));
// the builds with threads (attention_core_mt*, tiny_core_mt*): fetched only by the workers of a cross-origin isolated page
const mt = assets.filter((f) => /_mt[.-]/.test(f)).map((f) => join('assets', f));
const files = ['index.html', ...assets.filter((f) => !/_nosimd-|_mt[.-]/.test(f)).map((f) => join('assets', f))];
const kb = (n) => (n / 1024).toFixed(1);
const by = { JS: 0, WASM: 0, CSS: 0, other: 0 };
for (const f of files) {
  const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  by[f.endsWith('.js') ? 'JS' : f.endsWith('.wasm') ? 'WASM' : f.endsWith('.css') ? 'CSS' : 'other'] += gz;
}
const total = by.JS + by.WASM + by.CSS + by.other;

/** The gzipped size of a built file. */
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
/** The files a module imports statically (import … from / import "…" / export … from; not import()). */
const staticImports = (f) =>
  [...readFileSync(join(dist, f), 'utf8').matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) =>
    join(dirname(f), m[1]),
  );
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/g)].map((m) => m[1]);
// and the modules the page preloads for its first screen (the element's registration, which the entry imports with import())
const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.?\/?([^"]+)"/g)].map((m) => m[1]);
const first = new Set();
const walk = (f) => {
  if (first.has(f)) return;
  first.add(f);
  for (const g of staticImports(f)) walk(g);
};
[...entries, ...preloaded].forEach(walk);
const firstJs = [...first].reduce((sum, f) => sum + gz(f), 0);
// the first screen's WASM is the attention core's; the trainer's tiny_core comes with its panel
const firstWasm = files.filter((f) => /^assets\/attention_core-.*\.wasm$/.test(f)).reduce((sum, f) => sum + gz(f), 0);
const firstTotal = gz('index.html') + firstJs + firstWasm + by.CSS;
console.log(
  `size: the first screen loads ${kb(firstTotal)} KB gzipped before its first heatmap (JS ${kb(firstJs)} KB in ${first.size} modules, WASM ${kb(firstWasm)} KB, page and CSS ${kb(gz('index.html') + by.CSS)} KB; target ≤ 120 KB)`,
);
console.log(
  `size: a visitor downloads ${kb(total)} KB gzipped (JS ${kb(by.JS)} KB, WASM ${kb(by.WASM)} KB, CSS ${kb(by.CSS)} KB, HTML and icon ${kb(by.other)} KB)`,
);

// the lessons (the player and the course, the author mode, the SCORM adapter) are loaded only when a lesson
// opens: what a visitor who never opens one does not download
// (every file a module names, static or import(); not the preload list of another's dependencies, __vite__mapDeps)
const anyImports = (f) =>
  [
    ...readFileSync(join(dist, f), 'utf8')
      .replace(/const __vite__mapDeps=.*?\]\)\)\)=>[^;]*;/s, '')
      .matchAll(/["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g),
  ]
    .map((m) => join(dirname(f), m[1]))
    .filter((g) => files.includes(g));
const reach = (roots, skip) => {
  const seen = new Set();
  const go = (f) => {
    if (seen.has(f) || skip.has(f)) return;
    seen.add(f);
    anyImports(f).forEach(go);
  };
  roots.forEach(go);
  return seen;
};
const lessonRoots = new Set(files.filter((f) => /^assets\/(lesson-module|author|scorm)-/.test(f)));
const withoutLessons = reach(entries, lessonRoots);
const lessonOnly = [...reach(entries, new Set())].filter((f) => !withoutLessons.has(f));
const lessonsKb = lessonOnly.reduce((sum, f) => sum + gz(f), 0);
console.log(`size: of which ${kb(lessonsKb)} KB in ${lessonOnly.length} modules only when a lesson or the author mode opens`);

// the trainer (its panel's modules, the trained checkpoint, the training worker, the tiny_core WASM) is loaded
// only when the training panel is first shown
const trainerRoots = new Set(files.filter((f) => /^assets\/training-panel-/.test(f)));
const withoutEither = reach(entries, new Set([...lessonRoots, ...trainerRoots]));
const trainerOnly = [...[...reach(entries, lessonRoots)].filter((f) => !withoutEither.has(f)), ...files.filter((f) => /^assets\/tiny_core-.*\.wasm$/.test(f))];
const trainerKb = trainerOnly.reduce((sum, f) => sum + gz(f), 0);
console.log(
  `size: and ${kb(trainerKb)} KB in ${trainerOnly.length} files only when the training panel is shown; without the lessons and the trainer ${kb(total - lessonsKb - trainerKb)} KB (target ≤ 300 KB)`,
);

// a browser without WebAssembly SIMD fetches these instead of the SIMD128 builds (its glue twice: the page's and the worker's copy)
const nosimdKb = (re) => nosimd.filter((f) => re.test(f)).reduce((sum, f) => sum + gz(f), 0);
console.log(
  `size: without WebAssembly SIMD a browser fetches instead the core's build without SIMD, ${kb(nosimdKb(/attention_core_nosimd-/))} KB (glue and WASM), and the trainer's, ${kb(nosimdKb(/tiny_core_nosimd-/))} KB`,
);
const mtOf = (re) => mt.filter((f) => re.test(f));
const mtKb = (re) => mtOf(re).reduce((sum, f) => sum + gz(f), 0);
console.log(
  `size: where the page is cross-origin isolated its worker also fetches the core's build with two threads, ${kb(mtKb(/attention_core_mt/))} KB in ${mtOf(/attention_core_mt/).length} files, and the training worker the trainer's, ${kb(mtKb(/tiny_core_mt/))} KB in ${mtOf(/tiny_core_mt/).length} files`,
);
