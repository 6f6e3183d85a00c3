// compute.ts — from a State to what the panels show (pure: no DOM).
//
// 0. refuse at once, from the shapes alone, what the core would refuse as
//    too large (route.ts: a random source over its size limits, a call over
//    its per-call caps), before any input is built;
// 1. read every input matrix (cell text → numbers, or a seeded random fill;
//    inputs.ts), collecting an error per unparsable cell, or stopping at a
//    missing input, rows of different lengths or a size over the core's
//    limits (readInputs);
// 2. run the chosen operation through the typed core (operations.ts: run, one function per
//    operation);
// 3. gather the per-head weights (with their block maxima when too large to
//    draw cell by cell: pool.ts), the output, the intermediate steps of the
//    selected head (of its first STEP_ROWS queries: all the steps panel
//    shows) and the seed-style shape trace.
//
// The page runs it at once for a small state and in a Web Worker for a large
// one (route.ts, compute-worker/): everything it returns is plain data.
//
// Its English words (cell messages, names of results and steps) are the
// tables of words.ts; the panels translate their keys.

import { AttentionError, type Core, type TypedMatrix } from '../core/core';
import { fill } from '../i18n/fill';
import { readMatrix, type CellError } from './inputs';
import { run } from './operations';
import { PositionsError } from './positions';
import type { HeadParts } from './parts';
import { pool, type Pooled } from './pool';
import { capsOf, refusal } from './route';
import { INPUTS, OPTIONAL, type MatrixName, type State } from './state';
import { FAILURE_MESSAGES } from './words';

/** The masks (model/masks.ts) and the names of results (model/operations.ts), re-exported for compute's importers. */
export { fitMask, hiddenOf, maskFor } from './masks';
export { englishName } from './operations';
/** compute.ts's words (model/words.ts), re-exported for its importers. */
export { CELL_MESSAGES, NAMES, type CellErrorCode } from './words';
/** The reading of cells and input matrices (model/inputs.ts), re-exported for its importers. */
export { checkCell, materialize, MAX_CELL_CHARS, parseCell, randomMatrix, readMatrix, type CellError, type CellProblem, type MatrixProblem } from './inputs';

/** Variables of a translated name, e.g. { dk: 2 }. */
export type NameVars = Record<string, string | number>;

/** A matrix with a display name, e.g. "scores = Q·Kᵀ". */
export interface NamedMatrix {
  /** The name in English (exports and tests read it). */
  name: string;
  /** The same name as an i18n key with its variables: the panels show t(key, vars). */
  key: string;
  vars: NameVars;
  /** Shape as the seed prints it, with the batch of 1: (1, n, d). */
  shape: number[];
  /** The values; a step holds only its first STEP_ROWS rows (`shape` is the whole step's). */
  m: TypedMatrix;
}

/** The weights of one head. */
export interface HeadView {
  /** "head 1", or "head 3 (kv 2)" with grouped K/V heads, in English. */
  label: string;
  /** The label as an i18n key with its variables ({ n } and { n, kv }). */
  key: string;
  vars: NameVars;
  weights: TypedMatrix; // (n_q, n_k)
  /** What the heatmap draws of weights too large to draw cell by cell: their block maxima (pool.ts). */
  drawn?: Pooled;
  /** The vectors the head compares and the core's steps on them, for a small head of attention, multi_head or single_head (parts.ts). */
  parts?: HeadParts;
}

/** Everything the result panels draw. */
export interface View {
  heads: HeadView[];
  /** 1 = hidden (query may NOT see key), (n_q, n_k); null when nothing is masked. */
  hidden: Uint8Array | null;
  out: NamedMatrix;
  /** Other results worth showing: q/k/v projections, LN(X), the attention before the residual. */
  extra: NamedMatrix[];
  /** The selected head's steps: scores, scaled, masked, weights, out — or null (gqa). */
  steps: NamedMatrix[] | null;
  /** Which head the steps belong to. */
  stepsHead: number;
  /** Seed-style shape trace lines, e.g. "q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)". */
  trace: string[];
  queryLabels: string[];
  keyLabels: string[];
}

/**
 * A failed computation: bad cells, or a shape/argument problem explained in
 * words. `message` is English: for bad cells a summary of the first one and a
 * count (the panels rebuild it translated from `cellErrors`); for a missing
 * input also an i18n `key` with its `vars`; otherwise the core's own message.
 */
export interface Failure {
  cellErrors: CellError[];
  message: string;
  code: string;
  /** The message as an i18n key with its variables, when it is the page's own words. */
  key?: string;
  vars?: NameVars;
}

/** The result of compute(). */
export type Outcome = { ok: true; view: View } | ({ ok: false } & Failure);

/** What compute() is doing, for a progress note: reading the inputs, or running the operation. */
export type ComputeStage = 'inputs' | 'operation';

/** The numbers of every input of the state's operation. */
export type Inputs = Record<MatrixName, TypedMatrix>;

/** The English summary of bad cells: the first one, and how many more. */
function cellSummary(cellErrors: CellError[]): string {
  const e = cellErrors[0];
  const more = cellErrors.length > 1 ? fill(FAILURE_MESSAGES.more, { n: cellErrors.length - 1 }) : '';
  return fill(FAILURE_MESSAGES.at, { where: `${e.matrix}[${e.row}][${e.col}]`, message: e.message }) + more;
}

/** Step 1: read the operation's inputs, or fail with a missing input or the bad cells. */
function readInputs(core: Core, state: State): { ok: true; x: Inputs } | ({ ok: false } & Failure) {
  const inputs: Partial<Inputs> = {};
  const cellErrors: CellError[] = [];
  for (const name of INPUTS[state.op]) {
    const { m, errors, problem } = readMatrix(core, state, name);
    cellErrors.push(...errors);
    if (problem) return { ok: false, cellErrors, ...problem };
    if (m) inputs[name] = m;
    else if (errors.length === 0 && !OPTIONAL.has(name)) {
      const vars = { op: state.op, name };
      return { ok: false, cellErrors, message: fill(FAILURE_MESSAGES.missing, vars), code: 'empty', key: 'cell.missing', vars };
    }
  }
  if (cellErrors.length) return { ok: false, cellErrors, message: cellSummary(cellErrors), code: 'not_a_number' };
  return { ok: true, x: inputs as Inputs };
}

/** Run the state's operation; never throws for bad input. `progress` hears each stage as it starts. */
export function compute(core: Core, state: State, progress: (stage: ComputeStage) => void = () => {}): Outcome {
  const refused = refusal(state, capsOf(core.limits()));
  if (refused) return { ok: false, ...refused };
  progress('inputs');
  const inputs = readInputs(core, state);
  if (!inputs.ok) return inputs;
  // step 2: the operation
  progress('operation');
  try {
    const view = run(core, state, inputs.x);
    for (const head of view.heads) {
      const drawn = pool(head.weights, view.hidden);
      if (drawn) head.drawn = drawn;
    }
    return { ok: true, view };
  } catch (err) {
    if (err instanceof PositionsError) return { ok: false, cellErrors: [], message: err.message, code: err.code, key: err.key, vars: err.vars };
    if (err instanceof AttentionError) return { ok: false, cellErrors: [], message: err.message, code: err.code };
    return { ok: false, cellErrors: [], message: String(err), code: 'internal' };
  }
}
