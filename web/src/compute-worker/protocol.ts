// protocol.ts — the messages between ComputeClient (page) and the worker that
// computes a large state (the experiments' worker, experiments/worker.ts,
// answers them too), and the pure request handler it runs (testable without a
// Worker).
//
//   page → worker  { type: 'compute', id, state }
//   worker → page  { type: 'compute-progress', id, stage }      'start', then compute()'s stages
//                  { type: 'computed', id, outcome }            the Outcome: plain data, its typed arrays transferred
//                  or { type: 'compute-error', id, message }    the worker could not compute at all (e.g. no core)

import type { Core } from '../core/core';
import { compute, type ComputeStage, type Outcome } from '../model/compute';
import type { State } from '../model/state';

/** Compute one state. */
export interface ComputeRequest {
  type: 'compute';
  id: number;
  state: State;
}

/** What the worker is doing: loading its core ('start'), then compute()'s stages. */
export type WorkerStage = 'start' | ComputeStage;

/** A stage of the run has started. */
export interface ComputeProgress {
  type: 'compute-progress';
  id: number;
  stage: WorkerStage;
}

/** The run is done: the outcome, as compute() returned it. */
export interface ComputeResult {
  type: 'computed';
  id: number;
  outcome: Outcome;
}

/** The worker could not run compute() (its core did not load, or compute() threw). */
export interface ComputeError {
  type: 'compute-error';
  id: number;
  message: string;
}

/** Anything the worker posts for a computation. */
export type ComputeMessage = ComputeProgress | ComputeResult | ComputeError;

/** Is `x` a compute request (and not an experiment's)? */
export function isComputeRequest(x: unknown): x is ComputeRequest {
  return typeof x === 'object' && x !== null && (x as { type?: unknown }).type === 'compute';
}

/** The buffers of every typed array in an outcome, each once: posted as transfers, they move instead of being copied. */
export function transfers(outcome: Outcome): ArrayBuffer[] {
  if (!outcome.ok) return [];
  const v = outcome.view;
  const arrays: (ArrayBufferView | null | undefined)[] = [
    v.hidden,
    v.out.m.data,
    ...v.extra.map((m) => m.m.data),
    ...(v.steps ?? []).map((m) => m.m.data),
    ...v.heads.flatMap((h) => [h.weights.data, h.drawn?.data, h.drawn?.hidden]),
  ];
  const buffers = new Set<ArrayBuffer>();
  for (const a of arrays) if (a && a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  return [...buffers];
}

/** Compute `req.state` with the core from `getCore` (loaded once by the caller) and post every message. */
export async function handleCompute(
  getCore: () => Promise<Core>,
  req: ComputeRequest,
  post: (m: ComputeMessage, transfer?: ArrayBuffer[]) => void,
): Promise<void> {
  const { id } = req;
  try {
    post({ type: 'compute-progress', id, stage: 'start' });
    const core = await getCore();
    const outcome = compute(core, req.state, (stage) => post({ type: 'compute-progress', id, stage }));
    post({ type: 'computed', id, outcome }, transfers(outcome));
  } catch (err) {
    post({ type: 'compute-error', id, message: err instanceof Error ? err.message : String(err) });
  }
}
