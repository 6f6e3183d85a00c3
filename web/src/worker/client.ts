// client.ts — the page's side of the worker: compute a large state, or write out
// an export, in a Web Worker, with progress and cancel. Each client has its own
// worker instance (one script, worker.ts), one run at a time (one-run.ts).
// (The experiments' client is experiment-client.ts, loaded with the first run.)
//
// States:
//   const client = new ComputeClient();
//   const outcome = await client.run(state, (stage) => …);   // the same Outcome compute() gives
//   client.cancel();   // stops at once: the worker is terminated
//
// One run at a time: a newer run cancels the older one (its promise rejects
// with ComputeCancelled), so only the latest state's outcome ever arrives.
// Cancel terminates the worker, which stops it even inside a long WASM call;
// the next run starts a fresh one (its core loads again, off the page's
// thread). A finished run leaves its worker running for the next, unless the
// caller releases it (a worker keeps the memory its largest run grew).
//
// Exports (a large state's "Copy as PyTorch", embed code, JSON):
//   const text = await new ExportClient().run(state, 'pytorch', options, false);
// one at a time, in its own worker (an export never cancels a computation).

import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import { startWorker as startModuleWorker } from './start';
import { OneRunWorker, type Run, type WorkerLike } from './one-run';
import type { ExportFormat, ExportOptions } from '../model/export-text';
import type { ComputeMessage, ComputeRequest, ExportMessage, ExportRequest, WorkerStage } from './protocol';

/** Start the real module worker (start.ts; Vite bundles worker.ts and its WASM). */
export function startWorker(): WorkerLike {
  return startModuleWorker();
}

export type { WorkerLike };

// ---------------------------------------------------------------- states

/** The rejection of a run that was cancelled (by cancel() or a newer run). */
export class ComputeCancelled extends Error {
  constructor() {
    super('compute: cancelled');
    this.name = 'ComputeCancelled';
  }
}

/** A computation in the worker, and where its progress goes. */
interface ComputePending extends Run {
  onProgress: (stage: WorkerStage) => void;
}

/** Computes states in a lazily started worker, the latest one only. */
export class ComputeClient extends OneRunWorker<ComputeMessage, ComputePending> {
  /** `makeWorker` starts the worker (tests pass a fake). */
  constructor(makeWorker: () => WorkerLike = startWorker) {
    super(makeWorker, 'compute');
  }

  /** Compute `state` in the worker, reporting each stage; resolves with its outcome, rejects with ComputeCancelled when replaced or cancelled. */
  run(state: State, onProgress: (stage: WorkerStage) => void = () => {}): Promise<Outcome> {
    return this.start<Outcome>({ onProgress }, (id): ComputeRequest => ({ type: 'compute', id, state }));
  }

  /** Stop the worker when no run is going (it keeps the memory of its largest run); the next run starts a new one. */
  release(): void {
    if (!this.running) this.dropWorker();
  }

  protected cancelled(): Error {
    return new ComputeCancelled();
  }

  protected isProgress(m: ComputeMessage): boolean {
    return m.type === 'compute-progress';
  }

  protected progress(m: ComputeMessage, p: ComputePending): void {
    if (m.type === 'compute-progress') p.onProgress(m.stage);
  }

  protected finish(m: ComputeMessage, p: ComputePending): void {
    if (m.type === 'compute-progress') return; // progress() has it
    if (m.type === 'computed') p.resolve(m.outcome as never);
    else p.reject(new Error(m.message));
  }
}

// ---------------------------------------------------------------- exports

/** The rejection of an export replaced by a newer one (or cancelled). */
export class ExportCancelled extends Error {
  constructor() {
    super('export: cancelled');
    this.name = 'ExportCancelled';
  }
}

/** Builds the export texts of large states in a lazily started worker, the latest one only. */
export class ExportClient extends OneRunWorker<ExportMessage, Run> {
  /** `makeWorker` starts the worker (tests pass a fake). */
  constructor(makeWorker: () => WorkerLike = startWorker) {
    super(makeWorker, 'export');
  }

  /** The text of `format` for `state` (`result`: JSON writes the state's weights and output). */
  run(state: State, format: ExportFormat, options: ExportOptions, result: boolean): Promise<string> {
    return this.start<string>({}, (id): ExportRequest => ({ type: 'export', id, state, format, options, result }));
  }

  /** Stop the worker when no export is going (it keeps the memory of the inputs it built). */
  release(): void {
    if (!this.running) this.dropWorker();
  }

  protected cancelled(): Error {
    return new ExportCancelled();
  }

  protected isProgress(): boolean {
    return false;
  }

  protected progress(): void {}

  protected finish(m: ExportMessage, p: Run): void {
    if (m.type === 'exported') p.resolve(m.text as never);
    else p.reject(new Error(m.message));
  }
}
