// Load the WASM core in Node: the Emscripten build targets web/worker, so
// Node passes the .wasm bytes instead of fetching them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore, type Core } from '../../../web/src/core/core';

/** Path of the built .wasm file. */
export const wasmPath = fileURLToPath(new URL('../../../web/src/core/wasm/attention_core.wasm', import.meta.url));

/** The core, loaded once for the whole test file. */
export function loadCoreForNode(): Promise<Core> {
  return loadCore({ wasmBinary: readFileSync(wasmPath) });
}
