// start.ts — start the module worker that runs the experiments and the
// large computations, also when this code was loaded from another origin (a
// CDN, or the project's site embedded in someone's course notes). A worker's
// script must be same-origin, so a cross-origin one is started from a
// same-origin blob: URL whose one line imports it (CDNs send CORS headers;
// inside, the worker's import.meta.url is still the CDN's, so it finds its
// .wasm there).

// Vite bundles worker.ts as a module worker and gives its built URL
import workerUrl from './worker.ts?worker&url';
import { SIMD, THREADS, WASM_URL } from '../core/core';
import { MT_BUILD } from '../core/threads-build';
import { wasmParameter } from './wasm-url';

/** The script to start a module worker from: `url` when the page may load it directly (same origin, blob:, data:), else a blob: URL importing it. */
export function workerScript(url: string, pageOrigin: string = location.origin, blobOf: (code: string) => string = blobUrl): string {
  const u = new URL(url); // absolute: startWorker resolves it against import.meta.url
  if (u.protocol === 'blob:' || u.protocol === 'data:' || u.origin === pageOrigin) return url;
  return blobOf(`import ${JSON.stringify(u.href)};\n`);
}

/** A blob: URL of a JavaScript text. */
function blobUrl(code: string): string {
  return URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
}

/** Start the real worker. */
export function startWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url).href;
  // the one-file builds (vite.config.ts --mode single, standalone.js) inline the worker as a blob: URL of a
  // classic script: Chromium starts no module worker from a blob: URL in a file:// page
  if (url.startsWith('blob:')) return new Worker(url);
  // where the page is cross-origin isolated, the worker's kernels use two threads (the build with threads)
  const fragment = THREADS && MT_BUILD ? wasmParameter(MT_BUILD.wasm, 'mt') : wasmParameter(WASM_URL, SIMD ? 'simd' : 'nosimd');
  return new Worker(workerScript(`${url}#${fragment}`), { type: 'module' });
}
