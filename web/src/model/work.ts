// work.ts — what a state will cost, before anything of it is built (no DOM):
// from the shapes of its inputs alone (a random source's rows and cols, a
// cell source's rows and widest row), the core calls compute.ts makes for it
// (the operation's own: ops/<op>.ts, cost), each with the multiply-adds and
// result bytes the core itself counts for that call (core.call_cost:
// cpp/cost.h, the formula its entry point checks), and the page's own loops
// around them (reading cells, masks, the block maxima of a large heatmap).
//
// Nothing here is sized by a dimension: a link may carry rand:4294967295:…
// and its estimate is a few multiplications in float64. route.ts decides from
// it: refused (over the core's per-call caps), in a worker, or at once.

import type { Core } from '../core/core';
import { call, type Call } from './ops/cost';
import { appliedMask, opOf } from './ops/index';
import { MAX_DRAWN } from './pool';
import type { MatrixName, MatrixSource, State } from './state';

/** A core call and its cost (ops/cost.ts), re-exported for work's importers. */
export type { Call } from './ops/cost';

/** What reading one cell's text costs the page, in multiply-adds (a scan of up to 64 characters). */
export const CELL_COST = 64;

/** What computing a state costs. */
export interface Work {
  /** The core calls, in the order compute.ts makes them. */
  calls: Call[];
  /** All of it: the calls and the page's own loops. */
  multiplyAdds: number;
  /** The bytes of every call's results together. */
  resultBytes: number;
  /** The weights the heatmaps will show: heads of rows × cols. */
  weights: { heads: number; rows: number; cols: number };
}

type Dims = readonly [rows: number, cols: number];

/** (rows, cols) of a source, without building anything: a cell source's width is its widest row; none is (0, 0). */
export function dimsOf(src: MatrixSource | undefined): Dims {
  if (!src) return [0, 0];
  if (src.kind === 'random') return [src.rows, src.cols];
  let cols = 0;
  for (const row of src.cells) cols = Math.max(cols, row.length);
  return [src.cells.length, cols];
}

/** Estimate the work of `state` from its shapes: nothing is parsed, generated or allocated. */
export function estimateWork(core: Core, state: State): Work {
  const d = (name: MatrixName) => dimsOf(state.matrices[name]);
  const calls: Call[] = [];
  let page = 0; // multiply-adds of the page's own loops
  const spec = opOf(state);
  for (const name of spec.inputs) {
    const src = state.matrices[name];
    const [r, c] = d(name);
    if (src?.kind === 'random') calls.push(call(core, 'random_normal', [r, c]));
    else page += CELL_COST * r * c;
  }
  const op = spec.cost(core, state, d);
  const cells = op.nq * op.nk;
  const mask = appliedMask(state);
  const masked = mask === 'causal' || mask === 'custom';
  if (mask === 'causal') calls.push(call(core, 'causal_mask', [op.nq, op.nk]));
  if (masked) page += 2 * cells; // the custom mask (or the hidden cells) as bytes
  if (op.nq > MAX_DRAWN || op.nk > MAX_DRAWN) page += op.heads * cells; // block maxima (pool.ts)
  calls.push(...op.calls);
  const sum = (key: 'multiplyAdds' | 'resultBytes') => calls.reduce((s, c) => s + c[key], 0);
  return { calls, multiplyAdds: sum('multiplyAdds') + page, resultBytes: sum('resultBytes'), weights: { heads: op.heads, rows: op.nq, cols: op.nk } };
}
