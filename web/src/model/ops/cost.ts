// cost.ts — the core calls an operation makes, each with the multiply-adds
// and result bytes the C++ core counts for it (cpp/checks.h, check_cost), so
// that a state over the core's caps is refused from its shapes alone.

import { STEP_ROWS } from '../parts';

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

/** attention(Q, K, V) on (n_q, d_k), (n_k, d_k), (n_k, d_v): n_q·n_k·(d_k + d_v) multiply-adds; out and weights. */
export function attentionCall(fn: string, nq: number, nk: number, dk: number, dv: number, reduce: string = REDUCE.attention): Call {
  return { fn, multiplyAdds: nq * nk * (dk + dv), resultBytes: 8 * nq * (nk + dv), reduce };
}

/** The steps of the first STEP_ROWS queries: the scores twice, and four (rows, n_k) results. */
export function stepsCall(nq: number, nk: number, dk: number, dv: number): Call {
  const r = Math.min(nq, STEP_ROWS);
  const call = attentionCall('attention_steps', r, nk, dk, dv);
  return { ...call, multiplyAdds: call.multiplyAdds + r * nk * dk, resultBytes: call.resultBytes + 24 * r * nk };
}
