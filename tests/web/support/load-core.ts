// Load the WASM core in Node: the Emscripten build targets web/worker, so
// Node passes the .wasm bytes instead of fetching them.
//
// AP_SIMD=0 in the environment loads the build without SIMD128 instead (the
// test command runs the core's tests once on each build).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore, type Core } from '../../../web/src/core/core';

/** Whether these tests run on the SIMD128 build (the default) or on the one without. */
export const simd = process.env.AP_SIMD !== '0';

/** Path of the built .wasm file these tests load. */
export const wasmPath = fileURLToPath(new URL(`../../../web/src/core/wasm/${simd ? 'attention_core' : 'attention_core_nosimd'}.wasm`, import.meta.url));

/** The core, loaded once for the whole test file. */
export function loadCoreForNode(): Promise<Core> {
  return loadCore({ simd, wasmBinary: readFileSync(wasmPath) });
}
