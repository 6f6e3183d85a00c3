// wasm-url.ts — how the page tells its worker where the .wasm is and which
// build it is: a #wasm=…&simd=1 fragment on the worker's URL (start.ts writes
// it, worker.ts reads it). Needed where a user's bundler copied our prebuilt
// worker without rewriting the worker's own address of the .wasm; and the
// worker then loads the glue of the build the page chose (with SIMD128 or
// without, core.ts), whatever its own feature check would say.

/** The worker URL's #fragment that tells it where the page's .wasm is and whether it is the SIMD build (read back with wasmUrlFrom, simdFrom). */
export function wasmParameter(wasmUrl: string, simd: boolean): string {
  return new URLSearchParams({ wasm: wasmUrl, simd: simd ? '1' : '0' }).toString();
}

/** The .wasm address in a worker's location #fragment, or undefined. */
export function wasmUrlFrom(hash: string): string | undefined {
  const url = new URLSearchParams(hash.replace(/^#/, '')).get('wasm');
  return url && /^(https?|file):/.test(url) ? url : undefined;
}

/** Whether the fragment names the build with SIMD128 (true), the one without (false), or neither (undefined). */
export function simdFrom(hash: string): boolean | undefined {
  const simd = new URLSearchParams(hash.replace(/^#/, '')).get('simd');
  return simd === '1' ? true : simd === '0' ? false : undefined;
}
