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

import { startWorker, type WorkerLike } from '../experiments/client';
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

interface Pending {
  id: number;
  resolve: (o: Outcome) => void;
  reject: (e: Error) => void;
  onProgress: (stage: WorkerStage) => void;
}

/** Computes states in a lazily started worker, the latest one only. */
export class ComputeClient {
  private worker: WorkerLike | null = null;
  private pending: Pending | null = null;
  private nextId = 1;

  /** `makeWorker` starts the worker (tests pass a fake). */
  constructor(private readonly makeWorker: () => WorkerLike = startWorker) {}

  /** True while a run is going. */
  get running(): boolean {
    return this.pending !== null;
  }

  /** Compute `state` in the worker, reporting each stage; resolves with its outcome, rejects with ComputeCancelled when replaced or cancelled. */
  run(state: State, onProgress: (stage: WorkerStage) => void = () => {}): Promise<Outcome> {
    this.cancel(); // one run at a time: a newer run replaces an older one
    const id = this.nextId++;
    const worker = this.ensureWorker();
    return new Promise<Outcome>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      const request: ComputeRequest = { type: 'compute', id, state };
      worker.postMessage(request);
    });
  }

  /** Stop the current run now (terminates the worker); true if one was running. */
  cancel(): boolean {
    const p = this.pending;
    if (!p) return false;
    this.pending = null;
    this.dropWorker();
    p.reject(new ComputeCancelled());
    return true;
  }

  /** Stop the worker when no run is going (it keeps the memory of its largest run); the next run starts a new one. */
  release(): void {
    if (!this.pending) this.dropWorker();
  }

  /** Cancel any run and stop the worker. */
  dispose(): void {
    this.cancel();
    this.dropWorker();
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.makeWorker();
    w.onmessage = (e: MessageEvent) => this.receive(e.data as ComputeMessage);
    w.onerror = (e: ErrorEvent) => {
      // the worker itself failed (e.g. its script or the WASM did not load)
      const p = this.pending;
      this.pending = null;
      this.dropWorker();
      p?.reject(new Error(`compute worker failed: ${e.message || 'could not start'}`));
    };
    this.worker = w;
    return w;
  }

  private dropWorker(): void {
    if (!this.worker) return;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.worker = null;
  }

  private receive(m: ComputeMessage): void {
    const p = this.pending;
    if (!p || m.id !== p.id) return; // a message of a cancelled run
    if (m.type === 'compute-progress') {
      p.onProgress(m.stage);
      return;
    }
    this.pending = null;
    if (m.type === 'computed') p.resolve(m.outcome);
    else p.reject(new Error(m.message));
  }
}
