// work.ts — what a state will cost, before anything of it is built (pure: no
// core, no DOM): from the shapes of its inputs alone (a random source's rows
// and cols, a cell source's rows and widest row), the core calls compute.ts
// makes for it, each with the multiply-adds and result bytes the C++ core
// counts for that call (cpp/checks.h, check_cost), and the page's own loops
// around them (reading cells, masks, the block maxima of a large heatmap).
//
// Nothing here is sized by a dimension: a link may carry rand:4294967295:…
// and its estimate is a few multiplications in float64. route.ts decides from
// it: refused (over the core's per-call caps), in a worker, or at once.

import { MAX_DRAWN } from './pool';
import { INPUTS, type MatrixName, type MatrixSource, type State } from './state';

/** What one random normal value costs, in multiply-adds: the core's kTranscendentalCost (cpp/size_limits.h). */
export const RANDOM_COST = 128;
/** What reading one cell's text costs the page, in multiply-adds (a scan of up to 64 characters). */
export const CELL_COST = 64;
/**
 * The query rows the steps are computed for: the steps panel shows the top-left 16 × 16 of each step
 * (MAX_TABLE in widgets/matrix-table.ts), and softmax works row by row, so the first rows of the steps of
 * the first rows of Q are exactly the first rows of the full steps.
 */
export const STEP_ROWS = 16;

/** How the core asks to reduce a call that is over its caps, by call (cpp/: the `reduce` argument of check_cost). */
export const REDUCE = {
  attention: 'use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)',
  block: 'use fewer rows (tokens) or columns of X',
  single_head: 'use fewer rows of X or narrower weights (columns of Wq, Wk, Wv)',
  grouped_query_attention: 'use fewer rows, a smaller batch or narrower matrices',
  random_normal: 'use fewer rows or columns',
  causal_mask: 'use a smaller n',
} as const;

/** One call into the core, as its cost check sees it. */
export interface Call {
  /** The function its error would name, e.g. "attention". */
  fn: string;
  multiplyAdds: number;
  resultBytes: number;
  /** What to reduce when it is over the caps. */
  reduce: string;
}

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

/** attention(Q, K, V) on (n_q, d_k), (n_k, d_k), (n_k, d_v): n_q·n_k·(d_k + d_v) multiply-adds; out and weights. */
function attentionCall(fn: string, nq: number, nk: number, dk: number, dv: number, reduce: string = REDUCE.attention): Call {
  return { fn, multiplyAdds: nq * nk * (dk + dv), resultBytes: 8 * nq * (nk + dv), reduce };
}

/** The steps of the first STEP_ROWS queries: the scores twice, and four (rows, n_k) results. */
function stepsCall(nq: number, nk: number, dk: number, dv: number): Call {
  const r = Math.min(nq, STEP_ROWS);
  const call = attentionCall('attention_steps', r, nk, dk, dv);
  return { ...call, multiplyAdds: call.multiplyAdds + r * nk * dk, resultBytes: call.resultBytes + 24 * r * nk };
}

/** The operation's own calls, and the (heads, n_q, n_k) of its weights. */
function operationCalls(state: State, d: (name: MatrixName) => Dims): { calls: Call[]; heads: number; nq: number; nk: number } {
  const [[nq, dq], [nk], [, dv]] = [d('Q'), d('K'), d('V')];
  const [n, dx] = d('X');
  switch (state.op) {
    case 'attention':
      return { calls: [attentionCall('attention', nq, nk, dq, dv), stepsCall(nq, nk, dq, dv)], heads: 1, nq, nk };
    case 'multi_head': {
      const h = state.h;
      const call: Call = { fn: 'multi_head', multiplyAdds: nq * nk * (dq + dv), resultBytes: 8 * nq * (h * nk + dv), reduce: REDUCE.attention };
      return { calls: [call, stepsCall(nq, nk, dq / h, dv / h)], heads: h, nq, nk };
    }
    case 'block': {
      const h = state.h;
      const call: Call = { fn: 'block', multiplyAdds: n * n * 2 * dx + 4 * n * dx, resultBytes: 8 * (3 * n * dx + h * n * n), reduce: REDUCE.block };
      return { calls: [call, stepsCall(n, n, dx / h, dx / h)], heads: h, nq: n, nk: n };
    }
    case 'single_head': {
      const [dk, dvw] = [d('Wq')[1], d('Wv')[1]];
      const call: Call = {
        fn: 'single_head',
        multiplyAdds: n * dx * (2 * dk + dvw) + n * n * (dk + dvw),
        resultBytes: 8 * (n * (2 * dk + 2 * dvw) + n * n),
        reduce: REDUCE.single_head,
      };
      return { calls: [call, stepsCall(n, n, dk, dvw)], heads: 1, nq: n, nk: n };
    }
    case 'gqa':
      return { calls: [gqaCall(state, d)], heads: state.numHeads, nq, nk };
  }
}

/** grouped_query_attention with a batch of 1: the projections, H heads of attention, the output projection (cpp/projected.cpp). */
function gqaCall(state: State, d: (name: MatrixName) => Dims): Call {
  const [H, G] = [state.numHeads, state.numKvHeads];
  const [[nq, qc], [nk, kc], [, vc]] = [d('Q'), d('K'), d('V')];
  const [dk, dv, dout] = [d('Wq')[1] / H, d('Wv')[1] / G, d('Wo')[1]];
  const multiplyAdds = nq * qc * H * dk + nk * kc * G * dk + nk * vc * G * dv + H * nq * nk * (dk + dv) + nq * H * dv * dout;
  return { fn: 'grouped_query_attention', multiplyAdds, resultBytes: 8 * nq * (dout + H * nk), reduce: REDUCE.grouped_query_attention };
}

/** Estimate the work of `state` from its shapes: nothing is parsed, generated or allocated. */
export function estimateWork(state: State): Work {
  const d = (name: MatrixName) => dimsOf(state.matrices[name]);
  const calls: Call[] = [];
  let page = 0; // multiply-adds of the page's own loops
  for (const name of INPUTS[state.op]) {
    const src = state.matrices[name];
    const [r, c] = d(name);
    if (src?.kind === 'random') calls.push({ fn: 'random_normal', multiplyAdds: RANDOM_COST * r * c, resultBytes: 8 * r * c, reduce: REDUCE.random_normal });
    else page += CELL_COST * r * c;
  }
  const op = operationCalls(state, d);
  const cells = op.nq * op.nk;
  const masked = state.mask === 'causal' || (state.mask === 'custom' && state.op !== 'single_head');
  if (state.mask === 'causal') calls.push({ fn: 'causal_mask', multiplyAdds: cells, resultBytes: cells, reduce: REDUCE.causal_mask });
  if (masked) page += 2 * cells; // the custom mask (or the hidden cells) as bytes
  if (op.nq > MAX_DRAWN || op.nk > MAX_DRAWN) page += op.heads * cells; // block maxima (pool.ts)
  calls.push(...op.calls);
  const sum = (key: 'multiplyAdds' | 'resultBytes') => calls.reduce((s, c) => s + c[key], 0);
  return { calls, multiplyAdds: sum('multiplyAdds') + page, resultBytes: sum('resultBytes'), weights: { heads: op.heads, rows: op.nq, cols: op.nk } };
}
