// start.ts — start the training worker (worker.ts), also when this code was
// loaded from another origin or inlined into a one-file build, the way
// ../worker/start.ts starts the experiments' worker: a cross-origin script
// through a same-origin blob: import, a blob: URL (the one-file builds) as a
// classic worker, and the tiny core's .wasm address and build in the URL's #fragment.

// Vite bundles worker.ts as a module worker and gives its built URL
import workerUrl from './worker.ts?worker&url';
import { TINY_SIMD, TINY_THREADS, TINY_WASM_URL } from './core';
import { TINY_MT_BUILD } from '../core/threads-build';
import { workerScript } from '../worker/start';
import { wasmParameter } from '../worker/wasm-url';

/** Start a training worker. */
export function startTrainingWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url).href;
  if (url.startsWith('blob:')) return new Worker(url);
  // where the page is cross-origin isolated, the trainer's build with two threads
  const fragment = TINY_THREADS && TINY_MT_BUILD ? wasmParameter(TINY_MT_BUILD.wasm, 'mt') : wasmParameter(TINY_WASM_URL, TINY_SIMD ? 'simd' : 'nosimd');
  return new Worker(workerScript(`${url}#${fragment}`), { type: 'module' });
}
