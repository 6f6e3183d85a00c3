// protocol.ts — the messages between the page's training client (client.ts)
// and the training worker (worker.ts, served by run-loop.ts serveTraining).
// One run per worker: the client starts a fresh worker for each run.
//
//   page → worker  { type: 'start', config, settings, initialParams? }   once
//                  { type: 'pause' } | { type: 'resume' } | { type: 'cancel' }
//   worker → page  { type: 'progress', progress }    the first at the run's start (its snapshot), then every chunk
//                  { type: 'done', step }             every step taken        or
//                  { type: 'cancelled', step }        after a cancel message  or
//                  { type: 'error', message, name, code? }   bad config or settings (an AttentionError's code), or a failure
//
// A progress message's snapshot buffers are transferred (the worker keeps no copy).

import type { TinyConfig, TrainProgress, TrainSettings } from './types';

/** Start the run. */
export interface StartRequest {
  type: 'start';
  config: TinyConfig;
  settings: TrainSettings;
  /** Every parameter to start from (length n), instead of the config's seeded ones. */
  initialParams?: Float64Array;
}

/** Anything the page posts. */
export type TrainingRequest = StartRequest | { type: 'pause' } | { type: 'resume' } | { type: 'cancel' };

/** A chunk of steps is done (or the run started). */
export interface ProgressReply {
  type: 'progress';
  progress: TrainProgress;
}

/** The run ended: every step taken, or stopped by a cancel message. */
export interface EndReply {
  type: 'done' | 'cancelled';
  step: number;
}

/** The run failed: an AttentionError (code set) for bad config, settings or parameters, or anything else. */
export interface ErrorReply {
  type: 'error';
  message: string;
  /** 'AttentionError' or 'Error' … */
  name: string;
  code?: string;
}

/** Anything the worker posts. */
export type TrainingReply = ProgressReply | EndReply | ErrorReply;

/** The buffers a reply can transfer: its snapshot's parameters and attention. */
export function transfersOf(m: TrainingReply): Transferable[] {
  if (m.type !== 'progress' || !m.progress.snapshot) return [];
  const s = m.progress.snapshot;
  const buffers = new Set<ArrayBufferLike>([s.params.buffer, ...s.attention.map((a) => a.buffer)]);
  return [...buffers].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}
