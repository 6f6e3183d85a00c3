// worker.ts — the module Web Worker that trains the tiny transformer off the
// page's thread (started by start.ts; the page's side is client.ts). It loads
// the tiny core (core.ts over wasm/tiny_core.wasm) where the page said — the
// #wasm=… fragment of its URL (../worker/wasm-url.ts) — else where Vite put
// it, and answers protocol.ts's messages with run-loop.ts serveTraining: one
// run per worker.

import { loadTinyCore } from './core';
import { serveTraining } from './run-loop';
import { buildFrom, wasmUrlFrom } from '../worker/wasm-url';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope;

// a worker started through a blob: import has the fragment only in import.meta.url
const wasmUrl = wasmUrlFrom(scope.location.hash) ?? wasmUrlFrom(new URL(import.meta.url).hash);
const build = buildFrom(scope.location.hash) ?? buildFrom(new URL(import.meta.url).hash);

// start compiling the WASM now: the start message comes right after
const core = loadTinyCore({ ...(wasmUrl ? { wasmUrl } : {}), ...(build ? { simd: build !== 'nosimd', threads: build === 'mt' ? 2 : 1 } : {}) });
core.catch(() => undefined); // the start message reports the failure

serveTraining(scope, () => core);
