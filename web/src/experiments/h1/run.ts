// run.ts — the h = 1 check (pure: no DOM): multi_head(Q, K, V, 1) equals
// attention(Q, K, V) exactly; and for h > 1, each head is attention on its
// d/h columns scaled by its own √(d/h), not by √d.

import type { Core, TypedMask, TypedMatrix } from '../../core/core';
import { progress, type ProgressFn } from '../settings';
import type { H1Settings } from './settings';

/** The h = 1 check's result, and the per-head scale for the chosen h. */
export interface H1Result {
  experiment: 'h1';
  settings: H1Settings;
  /** max |multi_head(h=1).out − attention.out| — exactly 0 */
  max_out_diff: number;
  /** max |multi_head(h=1).weights − attention.weights| — exactly 0 */
  max_weight_diff: number;
  /** both are exactly 0 */
  pass: boolean;
  /** the chosen h, its head width d/h and scale √(d/h) */
  h: number;
  dHead: number;
  scale: number;
  /** max over heads of |multi_head(h).weights[t] − attention(Q_t, K_t, V_t).weights|: 0, each head is scaled by its own √(d/h) */
  headDiff: number;
  /** the same against heads wrongly scaled by √d: clearly not 0 */
  wrongScaleDiff: number;
  /** every h dividing d, with its head width and scale */
  table: { h: number; dHead: number; scale: number }[];
}

/** Columns [first, first + width) of m. */
function columns(m: TypedMatrix, first: number, width: number, factor = 1): TypedMatrix {
  const data = new Float64Array(m.rows * width);
  for (let i = 0; i < m.rows; i++) for (let c = 0; c < width; c++) data[i * width + c] = factor * m.data[i * m.cols + first + c];
  return { data, rows: m.rows, cols: width };
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  let worst = 0;
  for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
  return worst;
}

/** Each head of multi_head(Q, K, V, h) against attention on its slice, scaled right (√(d/h)) and wrong (√d). */
function compareHeads(
  core: Core,
  Q: TypedMatrix,
  K: TypedMatrix,
  V: TypedMatrix,
  h: number,
  mask: TypedMask | null,
): { headDiff: number; wrongScaleDiff: number } {
  // head t of multi_head(h) is attention on columns [t·d/h, (t+1)·d/h), scaled by √(d/h);
  // scaling by √d instead is attention on Q_t / √h (√(d/h)·√h = √d)
  const dHead = Q.cols / h;
  const mh = core.typed.multi_head(Q, K, V, h, mask);
  let headDiff = 0;
  let wrongScaleDiff = 0;
  for (let t = 0; t < h; t++) {
    const [Qt, Kt, Vt] = [Q, K, V].map((m) => columns(m, t * dHead, dHead));
    const right = core.typed.attention(Qt, Kt, Vt, mask);
    const wrong = core.typed.attention(columns(Q, t * dHead, dHead, 1 / Math.sqrt(h)), Kt, Vt, mask);
    headDiff = Math.max(headDiff, maxAbsDiff(mh.weights[t].data, right.weights.data));
    wrongScaleDiff = Math.max(wrongScaleDiff, maxAbsDiff(mh.weights[t].data, wrong.weights.data));
  }
  return { headDiff, wrongScaleDiff };
}

/** Run the h = 1 check, then compare each head of h > 1 with attention on its slice. */
export function runH1Check(core: Core, settings: H1Settings, onProgress: ProgressFn = () => {}): H1Result {
  const { n, d, h, seed } = settings;
  progress(onProgress, 0, 2, 'exp.step.h1');
  const Q = core.typed.random_normal(n, d, seed);
  const K = core.typed.random_normal(n, d, seed + 1);
  const V = core.typed.random_normal(n, d, seed + 2);
  const mask: TypedMask | null = settings.causal ? core.typed.causal_mask(n) : null;
  const c = core.experiments.h1_check(Q, K, V, mask);
  progress(onProgress, 1, 2, 'exp.step.heads', { h });
  const dHead = d / h;
  const { headDiff, wrongScaleDiff } = compareHeads(core, Q, K, V, h, mask);
  const table: H1Result['table'] = [];
  for (let k = 1; k <= Math.min(d, core.limits().maxHeads); k++) if (d % k === 0) table.push({ h: k, dHead: d / k, scale: Math.sqrt(d / k) });
  progress(onProgress, 2, 2, 'exp.step.done');
  return {
    experiment: 'h1',
    settings,
    max_out_diff: c.max_out_diff,
    max_weight_diff: c.max_weight_diff,
    pass: c.max_out_diff === 0 && c.max_weight_diff === 0,
    h,
    dHead,
    scale: Math.sqrt(dHead),
    headDiff,
    wrongScaleDiff,
    table,
  };
}
