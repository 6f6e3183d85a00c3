// types.ts — the vector plane's public types: what it draws (the queries and
// keys of one head with the scores and weights the core computed for them),
// what it tells its owner (drags, selection, columns, pointing), and the
// options.
//
// Orientation: the plane's x axis (across) is column a of q and k, its y axis
// (up) column b; rows of the score and weight matrices are queries (i),
// columns keys (j), as everywhere on the page.

import type { PlaneWords } from './words';

/** A row-major matrix (the core's TypedMatrix has this shape). */
export interface PlaneMatrix {
  data: Float64Array;
  rows: number;
  cols: number;
}

/** Which vectors an arrow is: a query (row of q) or a key (row of k). */
export type VectorKind = 'q' | 'k';

/** A point of the plane: (column a, column b). */
export type Vec2 = [number, number];

/** Where a drag is: a step of it ('move'), its end or a keyboard move ('end'), or Escape / a lost pointer ('cancel', with the value it started from). */
export type DragPhase = 'move' | 'end' | 'cancel';

/** What the plane draws. */
export interface PlaneData {
  /** (n_q, d_k) the queries as the head compares them. */
  q: PlaneMatrix;
  /** (n_k, d_k) the keys. */
  k: PlaneMatrix;
  /** (n_q, n_k) the scores the softmax reads: q·kᵀ / (τ·√d_k) (or without √d_k), before masking. */
  scaled: PlaneMatrix;
  /** (n_q, n_k) the weights. */
  weights: PlaneMatrix;
  /** (n_q, n_k) 1 = key j is hidden from query i; null when nothing is masked. */
  hidden: Uint8Array | null;
  /** The two columns drawn: a across, b up (0 ≤ a, b < d_k, a ≠ b). */
  dims: Vec2;
  /** The selected query (0 ≤ query < n_q). */
  query: number;
  /** Token names of the queries and keys; '' or missing: none (the tips say q0, k1, …). */
  queryLabels?: readonly string[];
  keyLabels?: readonly string[];
  /** Whether the tips can be dragged (the vectors are inputs the owner can write back). */
  draggable: boolean;
  /** Whether q and k are projections, and which: X·Wq and X·Wk (true), or a query head's columns of q·Wq + bq and its key/value head's of k·Wk + bk ('grouped'); the plane says so. */
  projected: boolean | 'grouped';
  /** Whether the scores were divided by √d_k, and the temperature τ: the formula under the plane. */
  scale: boolean;
  temperature: number;
}

/** A query and a key the learner points at. */
export interface PlanePointed {
  i: number;
  j: number;
}

/** What the plane tells its owner. */
export interface PlaneCallbacks {
  /** A tip was dragged (or moved by a key) to `value` (rounded to decimals()); 'cancel' gives the value it started from. */
  onDrag?(kind: VectorKind, row: number, value: Vec2, phase: DragPhase): void;
  /** Query i was chosen (Enter, Space, or a press on its tip). */
  onSelect?(i: number): void;
  /** Other columns were chosen in the selects (d_k > 2). */
  onDims?(dims: Vec2): void;
  /** Key j's tip is hovered or focused while query i is selected; null when it no longer is. */
  onPoint?(p: PlanePointed | null): void;
}

/** The callbacks and the words. */
export interface PlaneOptions extends PlaneCallbacks {
  /** The plane's words (e.g. translated); missing ones are DEFAULT_PLANE_WORDS. */
  words?: Partial<PlaneWords>;
}
