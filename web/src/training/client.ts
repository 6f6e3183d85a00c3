// client.ts — the page's side of a training run: the run goes on in its own
// training worker (worker.ts, protocol.ts), which reports every chunk of steps;
// this side keeps the run's snapshots.
//
//   const run = startTraining(config, settings, (p) => draw(p));
//   run.pause(); run.resume();
//   run.cancel();                    // stops at once: the worker is terminated
//   const snapshots = await run.done;
//
// Bad config, settings or initial parameters reject `done` with the tiny
// core's AttentionError (message and code, from the worker's check); cancel
// rejects it with TrainingCancelled. Each run has a fresh worker, terminated
// when the run ends.

import { AttentionError, type ErrorCode } from '../core/errors';
import { startTrainingWorker } from './start';
import type { TrainingReply, TrainingRequest } from './protocol';
import type { Snapshot, TinyConfig, TrainProgress, TrainSettings, TrainingRun } from './types';

/** The rejection of a run that was cancelled. */
export class TrainingCancelled extends Error {
  constructor() {
    super('training: cancelled');
    this.name = 'TrainingCancelled';
  }
}

/** The part of a Worker the client uses (a test can pass a fake). */
export interface TrainingWorker {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((e: MessageEvent) => unknown) | null;
  onerror: ((e: ErrorEvent) => unknown) | null;
}

export interface StartTrainingOptions {
  /** The parameters to start from (length n), instead of the config's seeded ones; the run gets a copy. */
  initialParams?: Float64Array;
  /** Starts the worker (default the real one, start.ts; tests pass a fake). */
  worker?: () => TrainingWorker;
}

/** A run, with the snapshots it has taken so far. */
export interface ClientTrainingRun extends TrainingRun {
  /** Every snapshot so far, in step order (`done` resolves with all of them). */
  readonly snapshots: readonly Snapshot[];
}

/** The error of a worker's error reply: an AttentionError when it has a code. */
function replyError(m: Extract<TrainingReply, { type: 'error' }>): Error {
  if (m.code) return new AttentionError(m.message, m.code as ErrorCode);
  const e = new Error(m.message);
  if (m.name) e.name = m.name;
  return e;
}

/** Start training `config` with `settings` in a new worker; `onProgress` hears every chunk of steps. */
export function startTraining(
  config: TinyConfig,
  settings: TrainSettings,
  onProgress: (p: TrainProgress) => void,
  options: StartTrainingOptions = {},
): ClientTrainingRun {
  const snapshots: Snapshot[] = [];
  let paused = false;
  let worker: TrainingWorker | null = null;
  let settle: { resolve: (s: Snapshot[]) => void; reject: (e: Error) => void } | null = null;
  const done = new Promise<Snapshot[]>((resolve, reject) => (settle = { resolve, reject }));

  /** End the run: stop the worker, then settle `done` once. */
  const end = (outcome: { snapshots: Snapshot[] } | { error: Error }) => {
    const s = settle;
    if (!s) return;
    settle = null;
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    // a cancelled run is an expected end: not an unhandled rejection when nobody waits on `done`
    if ('error' in outcome && outcome.error instanceof TrainingCancelled) done.catch(() => undefined);
    if ('error' in outcome) s.reject(outcome.error);
    else s.resolve(outcome.snapshots);
  };
  const post = (m: TrainingRequest, transfer: Transferable[] = []) => {
    if (settle && worker) worker.postMessage(m, transfer);
  };
  const receive = (m: TrainingReply) => {
    if (!settle) return;
    if (m.type === 'progress') {
      if (m.progress.snapshot) snapshots.push(m.progress.snapshot);
      onProgress(m.progress);
    } else if (m.type === 'error') end({ error: replyError(m) });
    else if (m.type === 'done') end({ snapshots: snapshots.slice() });
    else end({ error: new TrainingCancelled() });
  };

  try {
    worker = (options.worker ?? startTrainingWorker)();
    worker.onmessage = (e: MessageEvent) => receive(e.data as TrainingReply);
    worker.onerror = (e: ErrorEvent) => end({ error: new Error(`training worker failed: ${e.message || 'could not start'}`) });
    const initialParams = options.initialParams?.slice(); // the caller keeps its array
    post({ type: 'start', config, settings, ...(initialParams ? { initialParams } : {}) }, initialParams ? [initialParams.buffer] : []);
  } catch (e) {
    end({ error: e instanceof Error ? e : new Error(String(e)) });
  }

  return {
    done,
    get snapshots() {
      return snapshots;
    },
    get paused() {
      return paused;
    },
    pause() {
      if (!settle || paused) return;
      paused = true;
      post({ type: 'pause' });
    },
    resume() {
      if (!settle || !paused) return;
      paused = false;
      post({ type: 'resume' });
    },
    cancel() {
      end({ error: new TrainingCancelled() });
    },
  };
}
