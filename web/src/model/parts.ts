// parts.ts — the vectors each head compares, with the core's own steps, for
// the figures that take a weight apart: the vector plane (the arrows q_i and
// k_j) and the written-out computation of weight (i, j).
//
// Kept for small heads only (n_q, n_k ≤ PARTS_MAX_TOKENS and d_k ≤
// PARTS_MAX_WIDTH): they are what a learner can point at one by one, and a
// drag recomputes them on every pointer move.
//
// Every number comes from the core: attention_steps on the head's q, k, v
// (the same kernel as attention and multi_head) gives scores = q·kᵀ,
// scaled = scores / (τ·√d_k) (+ the ALiBi bias) and the weights. With
// positions, q and k are the vectors the core compares: turned by RoPE, or
// with the sinusoidal encoding added (positions.ts).

import type { Core, TypedMask, TypedMatrix } from '../core/core';
import type { PartsPositions } from './positions';

/** The most queries (and keys) a head keeps its parts for. */
export const PARTS_MAX_TOKENS = 64;
/** The widest d_k and d_v a head keeps its parts for. */
export const PARTS_MAX_WIDTH = 64;

/**
 * The query rows the steps are computed for: the steps panel shows the top-left 16 × 16 of each step
 * (MAX_TABLE in widgets/matrix-table.ts), and softmax works row by row, so the first rows of the steps of
 * the first rows of Q are exactly the first rows of the full steps.
 */
export const STEP_ROWS = 16;

/** The vectors one head compares and the core's steps on them. */
export interface HeadParts {
  /** (n_q, d_k) the queries as the head compares them: after the length multiplier, the head's columns or the projection. */
  q: TypedMatrix;
  /** (n_k, d_k) the keys. */
  k: TypedMatrix;
  /** (n_k, d_v) the values. */
  v: TypedMatrix;
  /** (n_q, n_k) q·kᵀ. */
  scores: TypedMatrix;
  /** (n_q, n_k) q·kᵀ / (τ·√d_k), or q·kᵀ / τ without √d_k scaling (masking not applied). */
  scaled: TypedMatrix;
  /** (n_q, n_k) scaled, with hidden keys −∞. */
  masked: TypedMatrix;
  /** (n_q, n_k) the weights of these steps (equal to the head's weights). */
  weights: TypedMatrix;
  /** (n_q, d_v) weights·v: the head's output. */
  out: TypedMatrix;
  /** Width of q and k. */
  dk: number;
  /** Whether the scores were divided by √d_k. */
  scale: boolean;
  /** The softmax temperature τ. */
  temperature: number;
  /** The multiplier the queries were given (q = qLength · the typed Q's columns). */
  qLength: number;
  /**
   * 'input': q and k are columns [offset, offset + d_k) of the typed Q and K (times qLength for q), so a drag can
   * write them back; 'projected': they are X·Wq and X·Wk (single_head), drawn but not dragged; 'normed': q, k and v
   * are columns [offset, offset + d_k) of LN(X) (block: no projections), and the head's output those columns of
   * attended, before the residual; 'grouped': q is columns [offset, offset + d_k) of q·Wq + bq, k and v are key/value
   * head kvHead's columns of k·Wk + bk and v·Wv + bv (grouped-query attention), drawn but not dragged.
   */
  source: PartsSource;
  /** The key/value head whose k and v a query head reads (source 'grouped'). */
  kvHead?: number;
  /** First column of Q and K this head reads (source 'input'). */
  offset: number;
  /** (n_q, n_k) the bias added to the scaled scores before masking (ALiBi), or none. */
  bias?: TypedMatrix | null;
  /** The positions that made q and k (RoPE turned them, sinusoidal added PE) or the bias (ALiBi); none without. */
  positions?: PartsPositions;
}

/** Where a head's q, k and v come from (HeadParts.source). */
export type PartsSource = 'input' | 'projected' | 'normed' | 'grouped';

/** What parts() needs besides the vectors. */
export interface PartsOptions {
  scale: boolean;
  temperature: number;
  qLength: number;
  source: PartsSource;
  offset: number;
  kvHead?: number;
  bias?: TypedMatrix | null;
  positions?: PartsPositions;
}

/** Does a head of this size keep its parts? */
export function keepsParts(nq: number, nk: number, dk: number, dv: number): boolean {
  return nq <= PARTS_MAX_TOKENS && nk <= PARTS_MAX_TOKENS && dk <= PARTS_MAX_WIDTH && dv <= PARTS_MAX_WIDTH && nq > 0 && nk > 0;
}

/** The parts of one head from its q (n_q, d_k), k (n_k, d_k), v (n_k, d_v), computed by the core's attention_steps; null when too large. */
export function parts(core: Core, q: TypedMatrix, k: TypedMatrix, v: TypedMatrix, mask: TypedMask | null, o: PartsOptions): HeadParts | null {
  if (!keepsParts(q.rows, k.rows, q.cols, v.cols)) return null;
  const s = core.typed.attention_steps(q, k, v, mask, { scale: o.scale, temperature: o.temperature, bias: o.bias ?? null });
  return { q, k, v, scores: s.scores, scaled: s.scaled, masked: s.masked, weights: s.weights, out: s.out, dk: q.cols, ...o };
}

/** M with every entry multiplied by `factor` (the same object when factor is 1). */
export function times(M: TypedMatrix, factor: number): TypedMatrix {
  if (factor === 1) return M;
  const data = new Float64Array(M.data.length);
  for (let p = 0; p < data.length; p++) data[p] = M.data[p] * factor;
  return { data, rows: M.rows, cols: M.cols };
}

/** The first r rows of a matrix or a mask (the same object when it has no more; a view, not a copy). */
export function firstRows<T extends TypedMatrix | TypedMask>(m: T, r: number): T {
  return r >= m.rows ? m : { ...m, data: m.data.subarray(0, r * m.cols), rows: r };
}

/** The steps of a head's parts for its first r queries (views, no copies): what the steps panel shows. */
export function firstSteps(p: HeadParts, r: number): Pick<HeadParts, 'scores' | 'scaled' | 'masked' | 'weights' | 'out'> {
  const first = (m: TypedMatrix) => firstRows(m, r);
  return { scores: first(p.scores), scaled: first(p.scaled), masked: first(p.masked), weights: first(p.weights), out: first(p.out) };
}
