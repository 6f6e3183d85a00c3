// nosimd-glue.ts — the Emscripten glue of the core's build without SIMD128: a chunk of its own,
// fetched only by an engine without SIMD128. The npm package's core.js carries it instead
// (nosimd-glue-bundled.ts, scripts/bundled-glue.ts): a notes tool that bundles a package's file
// and keeps only its entry chunk (Observable Framework) would lose a chunk imported on demand.

import type createAttentionCore from './wasm/attention_core.mjs';

/** The build without SIMD128's factory. */
export const loadNoSimdGlue = (): Promise<typeof createAttentionCore> => import('./wasm/attention_core_nosimd.mjs').then((m) => m.default);
