// wasm-url.ts — how the page tells its worker where the .wasm is and which
// build it is: a #wasm=…&build=simd fragment on the worker's URL (start.ts
// writes it, worker.ts reads it). Needed where a user's bundler copied our
// prebuilt worker without rewriting the worker's own address of the .wasm; and
// the worker then loads the glue of the build the page chose (core.ts: with
// SIMD128, without, or with two threads), whatever its own checks would say.

import type { CoreBuild } from '../core/simd';

const BUILDS: readonly CoreBuild[] = ['simd', 'nosimd', 'mt'];

/** The worker URL's #fragment that tells it where the page's .wasm is and which build it is (read back with wasmUrlFrom, buildFrom). */
export function wasmParameter(wasmUrl: string, build: CoreBuild): string {
  return new URLSearchParams({ wasm: wasmUrl, build }).toString();
}

/** The .wasm address in a worker's location #fragment, or undefined. */
export function wasmUrlFrom(hash: string): string | undefined {
  const url = new URLSearchParams(hash.replace(/^#/, '')).get('wasm');
  return url && /^(https?|file):/.test(url) ? url : undefined;
}

/** The build the fragment names, or undefined. */
export function buildFrom(hash: string): CoreBuild | undefined {
  const build = new URLSearchParams(hash.replace(/^#/, '')).get('build');
  return BUILDS.find((b) => b === build);
}
