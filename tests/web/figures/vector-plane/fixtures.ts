// fixtures.ts — fixed data for the vector plane's tests: the 3 × 2 example
// (d_k = 2), a causal 3 × 4 head drawn in columns (1, 3), and projected
// vectors (single_head). Scores and weights are written out by hand from
// q·kᵀ / √d_k and softmax, so the figure's texts can be checked exactly.
import type { PlaneData, PlaneMatrix } from '../../../../web/src/figures/vector-plane/types';

/** A matrix from rows. */
export function matrix(rows: number[][]): PlaneMatrix {
  return { data: Float64Array.from(rows.flat()), rows: rows.length, cols: rows[0]?.length ?? 0 };
}

/** q·kᵀ / √d_k and its row softmax (hidden: 1 = masked, weight 0). */
function steps(q: number[][], k: number[][], hidden: number[][] | null): { scaled: number[][]; weights: number[][] } {
  const dk = q[0].length;
  const scaled = q.map((qi) => k.map((kj) => qi.reduce((s, x, c) => s + x * kj[c], 0) / Math.sqrt(dk)));
  const weights = scaled.map((row, i) => {
    const e = row.map((s, j) => (hidden?.[i][j] ? 0 : Math.exp(s)));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  });
  return { scaled, weights };
}

/** Plane data of q and k rows, all else defaulted. */
export function planeData(q: number[][], k: number[][], extra: Partial<PlaneData> = {}, hidden: number[][] | null = null): PlaneData {
  const s = steps(q, k, hidden);
  return {
    q: matrix(q),
    k: matrix(k),
    scaled: matrix(s.scaled),
    weights: matrix(s.weights),
    hidden: hidden ? Uint8Array.from(hidden.flat()) : null,
    dims: [0, 1],
    query: 0,
    draggable: true,
    projected: false,
    scale: true,
    temperature: 1,
    ...extra,
  };
}

/** The 3 × 2 example: q = k = [[1, 0], [0, 1], [1, 1]]. */
export const example2d = (extra: Partial<PlaneData> = {}): PlaneData =>
  planeData(
    [
      [1, 0],
      [0, 1],
      [1, 1],
    ],
    [
      [1, 0],
      [0, 1],
      [1, 1],
    ],
    extra,
  );

/** A causal head of width 4 drawn in columns 1 and 3, with token names, query 2 selected. */
export const causal4d = (extra: Partial<PlaneData> = {}): PlaneData =>
  planeData(
    [
      [0.5, -1, 2, 0.25],
      [1, 0.5, -0.5, 1.5],
      [-0.75, 1.25, 0, -1],
    ],
    [
      [1, 0, 0.5, -0.5],
      [0, 2, 1, 0.75],
      [-1, -0.5, 0.25, 1],
    ],
    { dims: [1, 3], query: 2, queryLabels: ['the', 'cat', 'sat'], keyLabels: ['the', 'cat', 'sat'], ...extra },
    [
      [0, 1, 1],
      [0, 0, 1],
      [0, 0, 0],
    ],
  );

/** Projected q and k (single_head): drawn, not draggable. */
export const projected = (): PlaneData =>
  planeData(
    [
      [0.3, -0.2],
      [0.1, 0.4],
    ],
    [
      [-0.25, 0.15],
      [0.35, 0.05],
    ],
    { draggable: false, projected: true },
  );
