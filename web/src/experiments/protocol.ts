// protocol.ts — the messages between ExperimentClient (page) and worker.ts,
// and the pure request handler the worker runs (testable without a Worker).
//
//   page → worker  { type: 'run', id, experiment, settings }
//   worker → page  { type: 'progress', id, step, total, label, key?, vars? }   zero or more
//                  { type: 'result', id, result }                  or
//                  { type: 'error', id, message, name, code?, errors? }

import { AttentionError, type Core } from '../core/core';
import { runExperiment, SettingsError, type ExperimentName, type ExperimentResult, type ProgressKey, type RawInput, type SettingsMap } from './run';

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

/** Run `req` with the core from `getCore` (loaded once by the caller) and post every message. */
export async function handleRequest(getCore: () => Promise<Core>, req: RunRequest, post: (m: WorkerMessage) => void): Promise<void> {
  const { id } = req;
  try {
    if (req?.type !== 'run') throw new Error(`unknown request type ${String((req as { type?: unknown })?.type)}`);
    const core = await getCore();
    const result = runExperiment(core, req.experiment, req.settings, (step, total, label, key, vars) =>
      post({ type: 'progress', id, step, total, label, key, vars }),
    );
    post({ type: 'result', id, result });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const m: ErrorMessage = { type: 'error', id, message: e.message, name: e.name };
    if (err instanceof AttentionError) m.code = err.code;
    if (err instanceof SettingsError) m.errors = err.errors;
    post(m);
  }
}
