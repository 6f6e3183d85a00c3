// client.ts — the page's side of the worker: run an experiment, or compute a
// large state, in a Web Worker, with progress and cancel. Each client has its
// own worker instance (one script, worker.ts), one run at a time (one-run.ts).
//
// Experiments:
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

import { AttentionError, loadedLimits, type ErrorCode } from '../core/core';
import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import { startWorker as startModuleWorker } from './start';
import { OneRunWorker, type Run, type WorkerLike } from './one-run';
import type { ExportFormat, ExportOptions } from '../model/export-text';
import type { ComputeMessage, ComputeRequest, ExportMessage, ExportRequest, RunRequest, WorkerMessage, WorkerStage } from './protocol';
import {
  SettingsError,
  VALIDATORS,
  type ExperimentName,
  type ProgressFn,
  type RawInput,
  type ResultMap,
  type SettingsMap,
  type Validator,
} from '../experiments/index';

/** The rejection of a run that was cancelled (by cancel() or a newer run). */
export class ExperimentCancelled extends Error {
  constructor(experiment: ExperimentName) {
    super(`${experiment}: cancelled`);
    this.name = 'ExperimentCancelled';
  }
}

/** Start the real module worker (start.ts; Vite bundles worker.ts and its WASM). */
export function startWorker(): WorkerLike {
  return startModuleWorker();
}

export type { WorkerLike };

/** A run in the worker: which experiment, and where its progress goes. */
interface Pending extends Run {
  experiment: ExperimentName;
  onProgress: ProgressFn;
}

/** Runs experiments one at a time in a lazily started worker. */
export class ExperimentClient extends OneRunWorker<WorkerMessage, Pending> {
  /** `makeWorker` starts the worker (tests pass a fake). */
  constructor(makeWorker: () => WorkerLike = startWorker) {
    super(makeWorker, 'experiment');
  }

  /** Validate `settings`, run `experiment` in the worker, report each step; resolves with the result. */
  run<E extends ExperimentName>(experiment: E, settings: RawInput<SettingsMap[E]> = {}, onProgress: ProgressFn = () => {}): Promise<ResultMap[E]> {
    const validate = VALIDATORS[experiment] as Validator<SettingsMap[E]>;
    // the limits are the core's: known once this thread has loaded it (the page has, before it shows
    // the experiments); before that the worker's own check is the only one
    const limits = loadedLimits();
    const v = limits ? validate(settings, limits) : { ok: true as const, settings };
    if (!v.ok) return Promise.reject(new SettingsError(experiment, v.errors as Record<string, string>));
    return this.start<ResultMap[E]>({ experiment, onProgress }, (id): RunRequest<E> => ({ type: 'run', id, experiment, settings: v.settings }));
  }

  /** Start the worker (and its WASM compile) ahead of the first run. */
  warm(): void {
    this.ensureWorker();
  }

  protected cancelled(p: Pending): Error {
    return new ExperimentCancelled(p.experiment);
  }

  protected isProgress(m: WorkerMessage): boolean {
    return m.type === 'progress';
  }

  protected progress(m: WorkerMessage, p: Pending): void {
    if (m.type === 'progress') p.onProgress(m.step, m.total, m.label, m.key, m.vars);
  }

  protected finish(m: WorkerMessage, p: Pending): void {
    if (m.type === 'progress') return; // progress() has it
    if (m.type === 'result') p.resolve(m.result as never);
    else if (m.errors) p.reject(new SettingsError(p.experiment, m.errors));
    else if (m.code) p.reject(new AttentionError(m.message, m.code as ErrorCode));
    else p.reject(new Error(m.message));
  }
}

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
