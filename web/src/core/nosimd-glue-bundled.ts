// nosimd-glue-bundled.ts — nosimd-glue.ts in the npm package's files: the glue of the build
// without SIMD128 is part of core.js, so a bundler that keeps one file per package entry loses nothing.

import createNoSimd from './wasm/attention_core_nosimd.mjs';

/** The build without SIMD128's factory. */
export const loadNoSimdGlue = (): Promise<typeof createNoSimd> => Promise.resolve(createNoSimd);
