// wasm-url.ts — how the page tells its worker where the .wasm is: a
// #wasm=… fragment on the worker's URL (start.ts writes it, worker.ts
// reads it). Needed where a user's bundler copied our prebuilt worker without
// rewriting the worker's own address of the .wasm.

/** The worker URL's #fragment that tells it where the page's .wasm is (worker.ts reads it back with wasmUrlFrom). */
export function wasmParameter(wasmUrl: string): string {
  return new URLSearchParams({ wasm: wasmUrl }).toString();
}

/** The .wasm address in a worker's location #fragment, or undefined. */
export function wasmUrlFrom(hash: string): string | undefined {
  const url = new URLSearchParams(hash.replace(/^#/, '')).get('wasm');
  return url && /^(https?|file):/.test(url) ? url : undefined;
}
