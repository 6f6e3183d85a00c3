// worker.ts — the module Web Worker that runs the experiments, and the
// computations of large states, off the page's thread.
//
// Started by ExperimentClient and ComputeClient (client.ts), each its own
// instance, with
//   new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })
// It loads the WASM core once (Vite resolves the module's
// new URL('attention_core.wasm', import.meta.url)), then answers each
// { type: 'run', … } with progress, then a result or an error (protocol.ts),
// and each { type: 'compute', … } with its stages, then the outcome;
// handlers.ts does the work.
// Cancelling is the page terminating this worker: no cooperation needed, so it
// stops at once even inside a long WASM call.

import { loadCore, type Core } from '../core/core';
import { handleCompute, handleExport, handleRequest } from './handlers';
import { isComputeRequest, isExportRequest, type RunRequest, type WorkerMessage } from './protocol';
import { buildFrom, wasmUrlFrom } from './wasm-url';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope;

// where the page's .wasm is, when it said (start.ts): the module worker's own URL carries it (a worker
// started through a blob: import has it only in import.meta.url)
const pageWasm = wasmUrlFrom(scope.location.hash) ?? wasmUrlFrom(new URL(import.meta.url).hash);
const pageBuild = buildFrom(scope.location.hash) ?? buildFrom(new URL(import.meta.url).hash);

let core: Promise<Core> | null = null;

/** The core, loaded on the first run and kept for the next ones. */
function getCore(): Promise<Core> {
  core ??= loadCore({ wasmUrl: pageWasm, ...(pageBuild ? { simd: pageBuild !== 'nosimd', threads: pageBuild === 'mt' ? 2 : 1 } : {}) });
  core.catch(() => {
    core = null; // a failed load may be retried by the next run
  });
  return core;
}

// start compiling the WASM now: the page starts this worker ahead of the first Run
void getCore().catch(() => undefined);

scope.onmessage = (e: MessageEvent<unknown>) => {
  if (isComputeRequest(e.data)) void handleCompute(getCore, e.data, (m, transfer = []) => scope.postMessage(m, transfer));
  else if (isExportRequest(e.data)) void handleExport(getCore, e.data, (m) => scope.postMessage(m));
  else void handleRequest(getCore, e.data as RunRequest, (m: WorkerMessage) => scope.postMessage(m));
};
