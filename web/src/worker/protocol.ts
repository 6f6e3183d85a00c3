// protocol.ts — the messages between the page's clients (client.ts) and the
// worker (worker.ts): an experiment's run, and the computation of a large state.
//
//   run an experiment
//   page → worker  { type: 'run', id, experiment, settings }
//   worker → page  { type: 'progress', id, step, total, label, key?, vars? }   zero or more
//                  { type: 'result', id, result }                  or
//                  { type: 'error', id, message, name, code?, errors? }
//
//   compute a state
//   page → worker  { type: 'compute', id, state }
//   worker → page  { type: 'compute-progress', id, stage }      'start', then compute()'s stages
//                  { type: 'computed', id, outcome }            the Outcome: plain data, its typed arrays transferred
//                  or { type: 'compute-error', id, message }    the worker could not compute at all (e.g. no core)
//
//   export a large state (the text of "Copy as PyTorch", "Copy embed code", "All as JSON")
//   page → worker  { type: 'export', id, state, format, options, result }
//   worker → page  { type: 'exported', id, text }  or  { type: 'export-error', id, message }

import type { ComputeStage, Outcome } from '../model/compute';
import type { ExportFormat, ExportOptions } from '../model/export-text';
import type { State } from '../model/state';
import type { ExperimentName, ExperimentResult, ProgressKey, RawInput, SettingsMap } from '../experiments/index';

/** Start one experiment. */
export interface RunRequest<E extends ExperimentName = ExperimentName> {
  type: 'run';
  id: number;
  experiment: E;
  settings: RawInput<SettingsMap[E]>;
}

/** A step of the running experiment is done. */
export interface ProgressMessage {
  type: 'progress';
  id: number;
  step: number;
  total: number;
  /** The step in English. */
  label: string;
  /** The same step as an i18n key with its variables (the page translates it). */
  key?: ProgressKey;
  vars?: Record<string, number>;
}

/** The experiment finished. */
export interface ResultMessage {
  type: 'result';
  id: number;
  result: ExperimentResult;
}

/** The experiment failed: bad settings (errors per field), a core error (code), or anything else. */
export interface ErrorMessage {
  type: 'error';
  id: number;
  message: string;
  /** 'SettingsError', 'AttentionError' or 'Error' */
  name: string;
  code?: string;
  errors?: Record<string, string>;
}

/** Anything the worker posts. */
export type WorkerMessage = ProgressMessage | ResultMessage | ErrorMessage;

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

/** Build the text of one export of a state. */
export interface ExportRequest {
  type: 'export';
  id: number;
  state: State;
  format: ExportFormat;
  options: ExportOptions;
  /** JSON: write the state's weights and output (computed again in the worker); false: null. */
  result: boolean;
}

/** The export's text, or why there is none. */
export type ExportMessage = { type: 'exported'; id: number; text: string } | { type: 'export-error'; id: number; message: string };

/** Is `x` an export request? */
export function isExportRequest(x: unknown): x is ExportRequest {
  return typeof x === 'object' && x !== null && (x as { type?: unknown }).type === 'export';
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
