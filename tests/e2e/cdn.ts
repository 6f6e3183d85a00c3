// cdn.ts — the npm package as a CDN serves it, offline.
//
// The snippets in web/examples/README.md load the package from jsDelivr or
// unpkg. The machine that runs the tests has no network, so a test routes
// those addresses to the packed tarball, installed by scripts/pack.sh into a
// scratch folder: the files a CDN would serve are exactly the ones `npm pack`
// put in the tarball (a file left out of `files` is a 404 here too).
//
//   await routeCdn(context);   // then any page of the context can load https://cdn.jsdelivr.net/npm/attention-playground@0.1.0/…

import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';

/** The package as installed from the packed tarball (scripts/pack.sh). */
export const PACKAGE_DIR = fileURLToPath(new URL('../../build/pack/scratch/node_modules/attention-playground', import.meta.url));

/** The package's version (the CDN addresses carry it). */
export const VERSION = (JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }).version;

/** The CDN prefixes the snippets use, each followed by a path inside the package. */
export const CDN_PREFIXES = [`https://cdn.jsdelivr.net/npm/attention-playground@${VERSION}/`, `https://unpkg.com/attention-playground@${VERSION}/`];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
  '.d.ts': 'text/plain',
};

/** Serve the CDN prefixes from PACKAGE_DIR (with CORS, as the CDNs do) in `target`. */
export async function routeCdn(target: BrowserContext | Page): Promise<void> {
  if (!existsSync(PACKAGE_DIR)) throw new Error(`routeCdn: ${PACKAGE_DIR} is missing: run bash scripts/pack.sh first`);
  for (const prefix of CDN_PREFIXES)
    await target.route(`${prefix}**`, async (route) => {
      const path = decodeURIComponent(new URL(route.request().url()).pathname.slice(new URL(prefix).pathname.length));
      const file = normalize(join(PACKAGE_DIR, path));
      if (!file.startsWith(PACKAGE_DIR + sep) || !existsSync(file)) return route.fulfill({ status: 404, body: `not in the package: ${path}` });
      await route.fulfill({
        status: 200,
        body: readFileSync(file),
        headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' },
      });
    });
}
