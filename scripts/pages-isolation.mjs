// pages-isolation.mjs — make a built site cross-origin isolated where its host sends no COOP/COEP
// headers (GitHub Pages): `node scripts/pages-isolation.mjs dist` copies coi-serviceworker (the
// coi-serviceworker npm package, MIT, Guido Zuidhof) into dist/ with its settings and loads it
// from dist/index.html. On a visitor's first visit it registers a service worker that adds the two
// headers to every response of the site, and reloads the page once; from then on the page is
// cross-origin isolated and its worker runs the core with two threads. It registers only in a
// top-level window (a page embedded in someone's notes stays as it is, one thread) and logs nothing.
// The Pages workflow runs it after the build; tests/e2e/threads.spec.ts runs it on a copy of dist/.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const site = process.argv[2];
if (!site) {
  console.error('usage: node scripts/pages-isolation.mjs <built site folder>');
  process.exit(1);
}
const script = createRequire(import.meta.url).resolve('coi-serviceworker/coi-serviceworker.min.js');
copyFileSync(script, join(site, 'coi-serviceworker.js'));
// its settings, read from window.coi when the script runs (a file: the site's CSP allows no inline script)
writeFileSync(join(site, 'coi-settings.js'), 'window.coi = { shouldRegister: () => window.top === window, quiet: true };\n');
const page = join(site, 'index.html');
const html = readFileSync(page, 'utf8');
const tags = '<script src="./coi-settings.js"></script><script src="./coi-serviceworker.js"></script>';
if (!html.includes('coi-serviceworker.js')) {
  if (!html.includes('<head>')) throw new Error(`pages-isolation: no <head> in ${page}`);
  writeFileSync(page, html.replace('<head>', `<head>${tags}`));
}
console.log(`pages-isolation: ${page} loads coi-serviceworker.js (cross-origin isolation through a service worker)`);
