// bundled-glue.ts — the npm package's files (vite.package.config.ts) carry the glue of the core's
// build without SIMD128 inside core.js rather than as a chunk imported on demand: they resolve
// web/src/core/nosimd-glue.ts to nosimd-glue-bundled.ts. Observable Framework bundles each package
// file a page imports and keeps only its entry chunk, so a dynamic import of a chunk beside it
// breaks its build (ENOENT on the chunk).

import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { importOf, moduleSwap } from './module-swap';

export function bundledNoSimdGlue(): Plugin {
  return moduleSwap('bundled-nosimd-glue', importOf('nosimd-glue'), resolve(import.meta.dirname, '../web/src/core/nosimd-glue-bundled.ts'));
}
