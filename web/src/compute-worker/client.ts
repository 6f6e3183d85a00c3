// client.ts — compute a state in a Web Worker, with progress and cancel.
//
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
// The worker is the experiments' (experiments/worker.ts): one script for the
// page, each client its own instance.

import { startWorker } from '../experiments/client';
import { OneRunWorker, type Run, type WorkerLike } from '../experiments/one-run-worker';
import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import type { ComputeMessage, ComputeRequest, WorkerStage } from './protocol';

/** The rejection of a run that was cancelled (by cancel() or a newer run). */
export class ComputeCancelled extends Error {
  constructor() {
    super('compute: cancelled');
    this.name = 'ComputeCancelled';
  }
}

/** A run in the worker, and where its progress goes. */
interface Pending extends Run {
  onProgress: (stage: WorkerStage) => void;
}

/** Computes states in a lazily started worker, the latest one only. */
export class ComputeClient extends OneRunWorker<ComputeMessage, Pending> {
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

  protected progress(m: ComputeMessage, p: Pending): void {
    if (m.type === 'compute-progress') p.onProgress(m.stage);
  }

  protected finish(m: ComputeMessage, p: Pending): void {
    if (m.type === 'compute-progress') return; // progress() has it
    if (m.type === 'computed') p.resolve(m.outcome as never);
    else p.reject(new Error(m.message));
  }
}
