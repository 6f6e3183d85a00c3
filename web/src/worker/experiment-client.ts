// experiment-client.ts — the page's side of the worker for the experiments: run
// one in a Web Worker (its own instance of worker.ts), with progress and cancel,
// one run at a time (one-run.ts). Loaded with the first run (the experiments
// panel, the element's runExperiment(), the embed protocol), so the first screen
// does not carry the experiments' settings.
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
import { startWorker } from './client';
import { OneRunWorker, type Run, type WorkerLike } from './one-run';
import type { RunRequest, WorkerMessage } from './protocol';
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
