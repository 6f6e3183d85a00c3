// client.ts — run an experiment in a Web Worker, with progress and cancel.
//
//   const client = new ExperimentClient();
//   const result = await client.run('scaling', { ds: '1 2 4 … 1024' }, (step, total, label) => …);
//   client.cancel();   // stops at once: the worker is terminated
//
// The settings are validated here first, against the limits of the core this
// thread has loaded: bad ones reject with a SettingsError (one message per
// field) and no run starts. (Before the core is loaded here, the worker's own
// validation answers with the same SettingsError.) Cancel terminates the worker,
// which stops it even in the middle of a long WASM call; the next run starts
// a fresh worker (the core loads again, ~tens of ms). A run started while
// another is going cancels the older one: its promise rejects with
// ExperimentCancelled. The page keeps showing the last complete result until
// the new promise resolves.

import { AttentionError, loadedLimits, type ErrorCode } from '../core/core';
import type { RunRequest, WorkerMessage } from './protocol';
import { SettingsError, VALIDATORS, type ExperimentName, type ProgressFn, type RawInput, type ResultMap, type SettingsMap, type Validator } from './run';

/** The part of a Worker the client uses (a test can pass a fake). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((e: MessageEvent) => unknown) | null;
  onerror: ((e: ErrorEvent) => unknown) | null;
}

/** The rejection of a run that was cancelled (by cancel() or a newer run). */
export class ExperimentCancelled extends Error {
  constructor(experiment: ExperimentName) {
    super(`${experiment}: cancelled`);
    this.name = 'ExperimentCancelled';
  }
}

/** Start the real module worker; Vite bundles worker.ts and its WASM. */
export function startWorker(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}

interface Pending {
  id: number;
  experiment: ExperimentName;
  resolve: (r: never) => void;
  reject: (e: Error) => void;
  onProgress: ProgressFn;
}

/** Runs experiments one at a time in a lazily started worker. */
export class ExperimentClient {
  private worker: WorkerLike | null = null;
  private pending: Pending | null = null;
  private nextId = 1;

  /** `makeWorker` starts the worker (tests pass a fake). */
  constructor(private readonly makeWorker: () => WorkerLike = startWorker) {}

  /** True while a run is going. */
  get running(): boolean {
    return this.pending !== null;
  }

  /** Validate `settings`, run `experiment` in the worker, report each step; resolves with the result. */
  run<E extends ExperimentName>(experiment: E, settings: RawInput<SettingsMap[E]> = {}, onProgress: ProgressFn = () => {}): Promise<ResultMap[E]> {
    const validate = VALIDATORS[experiment] as Validator<SettingsMap[E]>;
    // the limits are the core's: known once this thread has loaded it (the page has, before it shows
    // the experiments); before that the worker's own check is the only one
    const limits = loadedLimits();
    const v = limits ? validate(settings, limits) : { ok: true as const, settings };
    if (!v.ok) return Promise.reject(new SettingsError(experiment, v.errors as Record<string, string>));
    this.cancel(); // one run at a time: a newer run replaces an older one
    const id = this.nextId++;
    const worker = this.ensureWorker();
    return new Promise<ResultMap[E]>((resolve, reject) => {
      this.pending = { id, experiment, resolve: resolve, reject, onProgress };
      const request: RunRequest<E> = { type: 'run', id, experiment, settings: v.settings };
      worker.postMessage(request);
    });
  }

  /** Start the worker (and its WASM compile) ahead of the first run. */
  warm(): void {
    this.ensureWorker();
  }

  /** Stop the current run now (terminates the worker); true if one was running. */
  cancel(): boolean {
    const p = this.pending;
    if (!p) return false;
    this.pending = null;
    this.dropWorker();
    p.reject(new ExperimentCancelled(p.experiment));
    return true;
  }

  /** Cancel any run and stop the worker. */
  dispose(): void {
    this.cancel();
    this.dropWorker();
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.makeWorker();
    w.onmessage = (e: MessageEvent) => this.receive(e.data as WorkerMessage);
    w.onerror = (e: ErrorEvent) => {
      // the worker itself failed (e.g. its script or the WASM did not load)
      const p = this.pending;
      this.pending = null;
      this.dropWorker();
      p?.reject(new Error(`experiment worker failed: ${e.message || 'could not start'}`));
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

  private receive(m: WorkerMessage): void {
    const p = this.pending;
    if (!p || m.id !== p.id) return; // a message of a cancelled run
    if (m.type === 'progress') {
      p.onProgress(m.step, m.total, m.label, m.key, m.vars);
      return;
    }
    this.pending = null;
    if (m.type === 'result') p.resolve(m.result as never);
    else if (m.errors) p.reject(new SettingsError(p.experiment, m.errors));
    else if (m.code) p.reject(new AttentionError(m.message, m.code as ErrorCode));
    else p.reject(new Error(m.message));
  }
}
