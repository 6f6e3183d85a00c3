// handlers.ts — what the worker does with each request (worker.ts hands them
// over): pure functions of a core and a message, testable without a Worker.

import { AttentionError, type Core } from '../core/core';
import { compute } from '../model/compute';
import { runExperiment, SettingsError } from '../experiments/index';
import { exportText } from '../model/export-text';
import {
  transfers,
  type ComputeMessage,
  type ComputeRequest,
  type ErrorMessage,
  type ExportMessage,
  type ExportRequest,
  type RunRequest,
  type WorkerMessage,
} from './protocol';

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

/** Build the text of `req.format` for `req.state` with the core from `getCore` (the page's own function, model/export-text.ts) and post it. */
export async function handleExport(getCore: () => Promise<Core>, req: ExportRequest, post: (m: ExportMessage) => void): Promise<void> {
  const { id } = req;
  try {
    const core = await getCore();
    const outcome = req.format === 'json' && req.result ? compute(core, req.state) : null;
    const text = exportText(core, req.state, req.format, req.options, outcome?.ok ? outcome.view : null);
    post({ type: 'exported', id, text });
  } catch (err) {
    post({ type: 'export-error', id, message: err instanceof Error ? err.message : String(err) });
  }
}
