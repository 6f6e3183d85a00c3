// tiles.ts — the tile stepper's model, pure and without DOM: the
// key tiles of a flash trace (core.typed.flash_trace), which tile each score
// column belongs to, what one query row's online softmax reads after each tile
// (the running maximum m before and after, the rescale factor e^(m_old − m_new)
// of the sum and the output when m grows, the running sum l, the partial output
// acc / l), the scaled scores the grid draws, and the final check against the
// full softmax: the largest difference between the trace's out and attention's.
// Milakov & Gimelshein 2018 (online softmax); Dao et al. 2022 (FlashAttention).

import type { FlashTrace, TypedMatrix } from '../core/core';

/** The trace in typed form, as core.typed.flash_trace returns it. */
export type TypedTrace = FlashTrace<TypedMatrix, Float64Array>;

/** One key tile: keys begin … end − 1. */
export interface Tile {
  begin: number;
  end: number;
}

/** The key tiles of `n_k` keys in tiles of `size`: [0, size), [size, 2·size), …, the last one shorter. */
export function tilesOf(n_k: number, size: number): Tile[] {
  const out: Tile[] = [];
  for (let b = 0; b < n_k; b += size) out.push({ begin: b, end: Math.min(n_k, b + size) });
  return out;
}

/** The 0-based tile of key column `j` with tiles of `size`. */
export function tileOfColumn(j: number, size: number): number {
  return Math.floor(j / size);
}

/** Where column `j` stands at step `step` (0: no tile read yet, k: tiles 1 … k read): 'current' (tile `step`), 'seen' (before it) or 'ahead'. */
export function columnState(j: number, size: number, step: number): 'current' | 'seen' | 'ahead' {
  const t = tileOfColumn(j, size) + 1;
  return t === step ? 'current' : t < step ? 'seen' : 'ahead';
}

/** Does query `i` see key `j`? With causal, only j ≤ i (the core's causal_mask and flash_trace). */
export function visible(i: number, j: number, causal: boolean): boolean {
  return !causal || j <= i;
}

/** The scaled scores q_i·k_j (/ √d_k when `scale`), (n_q, n_k): what the grid colours (hidden cells included; `visible` says which). */
export function scaledScores(Q: TypedMatrix, K: TypedMatrix, scale: boolean): TypedMatrix {
  const d = Q.cols;
  const f = scale ? 1 / Math.sqrt(d) : 1;
  const data = new Float64Array(Q.rows * K.rows);
  for (let i = 0; i < Q.rows; i++)
    for (let j = 0; j < K.rows; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += Q.data[i * d + c] * K.data[j * d + c];
      data[i * K.rows + j] = s * f;
    }
  return { data, rows: Q.rows, cols: K.rows };
}

/** What one query row reads after a step: m before and after, the rescale factor when m grew, l before and after, the partial output acc / l. */
export interface RowReading {
  mOld: number;
  m: number;
  /** e^(m_old − m_new) when this tile raised a finite m (the old sum and output are multiplied by it); null otherwise. */
  rescale: number | null;
  lOld: number;
  l: number;
  /** acc / l (d_v values; zeros while the row has seen no key). */
  partial: Float64Array;
  /** Did this tile change the row (some key of the tile is visible to it)? */
  touched: boolean;
}

/** Row `i` after step `step` of `trace` (0: before any tile, m = −∞, l = 0, partial 0). */
export function rowReading(trace: TypedTrace, step: number, i: number): RowReading {
  const d_v = trace.out.cols;
  const at = (k: number) =>
    k === 0
      ? { m: -Infinity, l: 0, partial: new Float64Array(d_v) }
      : { m: trace.steps[k - 1].m[i], l: trace.steps[k - 1].l[i], partial: trace.steps[k - 1].partial.data.slice(i * d_v, (i + 1) * d_v) };
  const now = at(step);
  const before = step > 0 ? at(step - 1) : now;
  const grew = step > 0 && now.m > before.m && Number.isFinite(before.m);
  return {
    mOld: before.m,
    m: now.m,
    rescale: grew ? Math.exp(before.m - now.m) : null,
    lOld: before.l,
    l: now.l,
    partial: now.partial,
    touched: step > 0 && (now.l !== before.l || now.m !== before.m),
  };
}

/** The largest |a − b| over two matrices of the same shape (NaN when the shapes differ). */
export function largestDifference(a: TypedMatrix, b: TypedMatrix): number {
  if (a.rows !== b.rows || a.cols !== b.cols) return NaN;
  let worst = 0;
  for (let k = 0; k < a.data.length; k++) worst = Math.max(worst, Math.abs(a.data[k] - b.data[k]));
  return worst;
}

/** The tolerance of "equal to the full softmax" (the core's own agreement: within 1e-12). */
export const EQUAL_WITHIN = 1e-12;
