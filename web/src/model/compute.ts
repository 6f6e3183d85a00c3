// compute.ts — from a State to what the panels show (pure: no DOM).
//
// 0. refuse at once, from the shapes alone, what the core would refuse as
//    too large (route.ts: a random source over its size limits, a call over
//    its per-call caps), before any input is built;
// 1. read every input matrix (cell text → numbers, or a seeded random fill;
//    inputs.ts), collecting an error per unparsable cell, or stopping at a
//    missing input, rows of different lengths or a size over the core's
//    limits (readInputs);
// 2. run the chosen operation through the typed core (its descriptor's run:
//    ops/<op>.ts);
// 3. gather the per-head weights (with their block maxima when too large to
//    draw cell by cell: pool.ts), the output, the intermediate steps of the
//    selected head (of its first STEP_ROWS queries: all the steps panel
//    shows) and the seed-style shape trace.
//
// The page runs it at once for a small state and in a Web Worker for a large
// one (route.ts, worker/): everything it returns is plain data.
//
// Its English words (cell messages, names of results and steps) are the
// tables of words.ts; the panels translate their keys.

import { AttentionError, type Core } from '../core/core';
import { fill } from '../base/fill';
import { readMatrix, type CellError } from './inputs';
import { applied, opOf } from './ops/index';
import { PositionsError } from './positions';
import { pool } from './pool';
import { refusal } from './route';
import type { State } from './state';
import type { Failure, Inputs, Outcome } from './view';
import { FAILURE_MESSAGES } from './words';

/** The masks (model/masks.ts) and the names of results (model/operations.ts), re-exported for compute's importers. */
export { fitMask, hiddenOf, maskFor } from './masks';
/** What the panels show (model/view.ts), re-exported for compute's importers. */
export { englishName, type Failure, type HeadView, type Inputs, type NamedMatrix, type NameVars, type Outcome, type View } from './view';
/** compute.ts's words (model/words.ts), re-exported for its importers. */
export { CELL_MESSAGES, NAMES, type CellErrorCode } from './words';
/** The reading of cells and input matrices (model/inputs.ts), re-exported for its importers. */
export { checkCell, materialize, MAX_CELL_CHARS, parseCell, randomMatrix, readMatrix, type CellError, type CellProblem, type MatrixProblem } from './inputs';

/** What compute() is doing, for a progress note: reading the inputs, or running the operation. */
export type ComputeStage = 'inputs' | 'operation';

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
  const op = opOf(state);
  for (const name of op.inputs) {
    const { m, errors, problem } = readMatrix(core, state, name);
    cellErrors.push(...errors);
    if (problem) return { ok: false, cellErrors, ...problem };
    if (m) inputs[name] = m;
    else if (errors.length === 0 && !op.optional.includes(name)) {
      const vars = { op: state.op, name };
      return { ok: false, cellErrors, message: fill(FAILURE_MESSAGES.missing, vars), code: 'empty', key: 'cell.missing', vars };
    }
  }
  if (cellErrors.length) return { ok: false, cellErrors, message: cellSummary(cellErrors), code: 'not_a_number' };
  return { ok: true, x: inputs as Inputs };
}

/** Run the state's operation; never throws for bad input. `progress` hears each stage as it starts. */
export function compute(core: Core, state: State, progress: (stage: ComputeStage) => void = () => {}): Outcome {
  const refused = refusal(core, state);
  if (refused) return { ok: false, ...refused };
  progress('inputs');
  const inputs = readInputs(core, state);
  if (!inputs.ok) return inputs;
  // step 2: the operation
  progress('operation');
  try {
    const view = opOf(state).run(core, applied(state), inputs.x);
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
