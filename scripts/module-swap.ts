// module-swap.ts — a build that resolves one of the page's modules to another file: the one-file
// builds leave out the builds with threads (threads-build.ts) and the trainer (trainer-build.ts),
// the npm package's files carry the glue without SIMD in core.js (bundled-glue.ts).

import type { Plugin } from 'vite';

/** A Vite plugin named `attention-playground:<name>` that resolves every import `matches` accepts to `replacement`. */
export function moduleSwap(name: string, matches: (source: string, importer: string | undefined) => boolean, replacement: string): Plugin {
  return {
    name: `attention-playground:${name}`,
    enforce: 'pre',
    resolveId(source, importer) {
      return matches(source, importer) ? replacement : null;
    },
  };
}

/** An import of the page's module `file` (its name with or without .ts) from web/src/. */
export const importOf =
  (file: string) =>
  (source: string, importer: string | undefined): boolean =>
    new RegExp(`(^|/)${file}(\\.ts)?$`).test(source) && importer?.includes('/web/src/') === true;
