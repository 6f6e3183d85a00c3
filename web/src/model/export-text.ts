// export-text.ts — the texts of the export panel's state exports, built from
// the state alone (no DOM): "Copy as PyTorch", "Copy embed code" and "All as
// JSON". The page builds them at once for a small state; for a large one
// (route.ts: one the page computes in the worker, or refuses) the worker builds
// the same text (worker/handlers.ts: handleExport), since generating a large
// random source and writing out its numbers takes the main thread for
// hundreds of ms.

import { fromTyped, type Core } from '../core/core';
import type { Lang } from '../base/lang';
import { embedCode } from './embed-code';
import { maskFor } from './masks';
import { readMatrix } from './inputs';
import { applied, opOf } from './ops/index';
import { toPyTorch } from './pytorch-export';
import { routeOf } from './route';
import type { MatrixName, State } from './state';
import type { View } from './view';

/** The exports that read the state's inputs. */
export type ExportFormat = 'pytorch' | 'embed' | 'json';

/** What an export needs besides the state: where the site is and its language (embed), the share link (JSON). */
export interface ExportOptions {
  root: string;
  lang: Lang;
  link: string;
}

/** The numbers of every input (those that parse). */
export function exportInputs(core: Core, state: State): Partial<Record<MatrixName, number[][]>> {
  const out: Partial<Record<MatrixName, number[][]>> = {};
  for (const n of opOf(state).inputs) {
    const { m } = readMatrix(core, state, n);
    if (m) out[n] = fromTyped(m);
  }
  return out;
}

/** The PyTorch script of `state`. */
export function pytorchText(core: Core, state: State): string {
  const inputs = exportInputs(core, state);
  const self = opOf(state).flags.selfInput;
  const nq = (self ? inputs.X : inputs.Q)?.length ?? 0;
  const nk = (self ? inputs.X : inputs.K)?.length ?? 0;
  let mask: boolean[][] | null = null;
  if (nq > 0 && nk > 0) {
    const m = maskFor(core, applied(state), nq, nk);
    if (m) mask = Array.from({ length: nq }, (_, i) => Array.from(m.data.subarray(i * nk, (i + 1) * nk), (x) => x === 1));
  }
  return toPyTorch(state, inputs, mask);
}

/** "All as JSON": the operation, the link, the inputs, and the weights and output of `view` (null: none). */
export function jsonText(core: Core, state: State, link: string, view: View | null): string {
  return JSON.stringify(
    {
      operation: state.op,
      link,
      inputs: exportInputs(core, state),
      weights: view?.heads.map((h) => fromTyped(h.weights)) ?? null,
      out: view ? fromTyped(view.out.m) : null,
    },
    (_k, x: unknown) => (x === -Infinity ? '-Infinity' : x),
    1,
  );
}

/** The text of `format` for `state`; `view` is what JSON writes as the result. */
export function exportText(core: Core, state: State, format: ExportFormat, options: ExportOptions, view: View | null): string {
  if (format === 'pytorch') return pytorchText(core, state);
  if (format === 'embed') return embedCode(state, exportInputs(core, state), options.root, options.lang);
  return jsonText(core, state, options.link, view);
}

/** Is building `state`'s exports too much for the page's thread (the worker builds them)? The same line as computing it. */
export function exportsInWorker(core: Core, state: State): boolean {
  return routeOf(core, state).kind !== 'sync';
}
