// threads-build.ts — the one-file builds (vite.config.ts --mode single, vite.package.config.ts
// --mode standalone) leave out the core's build with threads: they resolve
// web/src/core/threads-build.ts to threads-build-none.ts (a file:// page or a module from a CDN
// is never cross-origin isolated, so the build with threads would never load there).

import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export function noThreadsBuild(): Plugin {
  const none = resolve(import.meta.dirname, '../web/src/core/threads-build-none.ts');
  return {
    name: 'attention-playground:no-threads-build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (/(^|\/)threads-build(\.ts)?$/.test(source) && importer?.includes('/web/src/')) return none;
      return null;
    },
  };
}
