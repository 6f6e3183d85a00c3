// threads-build.ts — the one-file builds (vite.config.ts --mode single, vite.package.config.ts
// --mode standalone) leave out the core's build with threads: they resolve
// web/src/core/threads-build.ts to threads-build-none.ts (a file:// page or a module from a CDN
// is never cross-origin isolated, so the build with threads would never load there). And the dev
// server serves the build's threads worker (a classic script) as it is (rawThreadsWorker).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { importOf, moduleSwap } from './module-swap';

export function noThreadsBuild(): Plugin {
  return moduleSwap('no-threads-build', importOf('threads-build'), resolve(import.meta.dirname, '../web/src/core/threads-build-none.ts'));
}

/**
 * The dev server (scripts/serve.sh) serves the build with threads' glue and threads worker untouched:
 * the worker is a classic script, to which Vite's transform of a source file would add an import
 * statement (for its dynamic import of the glue), and the glue runs in those workers, where the
 * dev client Vite's transform adds to it cannot start.
 */
export function rawThreadsWorker(): Plugin {
  // the two builds with threads: the core's and the trainer's
  const files: Record<string, string> = {};
  for (const [dir, build] of [
    ['../web/src/core/wasm', 'attention_core_mt'],
    ['../web/src/training/wasm', 'tiny_core_mt'],
  ])
    for (const ext of ['.worker.js', '.mjs']) files[build + ext] = resolve(import.meta.dirname, dir, build + ext);
  return {
    name: 'attention-playground:raw-threads-build',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0].split('/').pop();
        const file = name ? files[name] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', 'text/javascript');
        // the dev server's own headers (server.headers) are not sent on this path: a worker of an isolated page needs COEP
        for (const [key, value] of Object.entries(server.config.server.headers ?? {})) res.setHeader(key, String(value));
        res.end(readFileSync(file));
      });
    },
  };
}
