// experiment-types.ts — what core.experiments takes and returns, and its
// interface (core/experiments.ts builds it): the seed 003 experiments,
// relative position, permutation with positions, depth (depth.ts) and memory
// (memory.ts). No code here.

import type { DepthCore } from './depth';
import type { MemoryCore } from './memory';
import type { BoolMatrix, Matrix, TypedMask, TypedMatrix } from './shapes';
import type { RawRelativePosition, RawScalingPoint } from './wasm/attention_core.mjs';

/** One d of the scaling experiment (cpp/experiments.h ScalingPoint): max weight and entropy, with and without ÷√d. */
export type ScalingPoint = RawScalingPoint;

/** One permutation_experiment call: attention(PX) against P·attention(X), self-attention Q = K = V. */
export interface PermutationCheck {
  /** row i of PX is row perm[i] of X */
  perm: Uint32Array;
  /** true when the sinusoidal encoding was added before attention */
  use_pe: boolean;
  /** PX (n, d), without the encoding */
  permuted_input: TypedMatrix;
  /** attention(X (+PE)).out (n, d) */
  out: TypedMatrix;
  /** attention(PX (+PE)).out (n, d) */
  out_permuted: TypedMatrix;
  /** P·attention(X (+PE)).out (n, d) */
  permuted_out: TypedMatrix;
  /** attention(X (+PE)).weights (n, n) */
  weights: TypedMatrix;
  /** attention(PX (+PE)).weights (n, n) */
  weights_permuted: TypedMatrix;
  /** max |out_permuted − permuted_out| */
  max_abs_diff: number;
}

/** One n of the quadratic experiment: one attention call on random (n, d) Q, K, V. */
export interface QuadraticPoint {
  n: number;
  d: number;
  /** n² scores */
  entries: number;
  /** 8·n² bytes of float64 scores */
  bytes: number;
  /** Σ out: proves the call ran, and is seed-reproducible */
  checksum: number;
}

/** A least-squares line through (log x, log y). */
export interface LogLogFit {
  slope: number;
  intercept: number;
  r2: number;
}

/** multi_head(Q, K, V, 1) against attention(Q, K, V): both differences are exactly 0. */
export interface H1Check {
  max_out_diff: number;
  max_weight_diff: number;
}

// ---------------------------------------------------------------- relative position (experiments 5 and 7)

/** Experiment 5: one q and one k (length d) repeated at n positions; both (n, n) score matrices and their largest deviation from constant diagonals. */
export interface RelativePosition extends Omit<RawRelativePosition, 'rope_scores' | 'sin_scores'> {
  /** rope(Q)·rope(K)ᵀ / √d (n, n): constant along each diagonal */
  rope_scores: TypedMatrix;
  /** (Q + PE)·(K + PE)ᵀ / √d (n, n): not */
  sin_scores: TypedMatrix;
}

/** How the permutation experiment tells attention where a token stands (cpp/experiments.h Positions). */
export type PositionsKind = 'none' | 'sinusoidal' | 'rope' | 'alibi';

/** permutation_positions' result: a PermutationCheck naming its positions. */
export interface PositionsCheck extends PermutationCheck {
  positions: PositionsKind;
}

/** RoPE's options in the experiments: base (default 10000, finite > 1) and pairing ('half' default, or 'interleaved'). */
export interface ExperimentRope {
  base?: number;
  pairing?: 'half' | 'interleaved';
}

// ---------------------------------------------------------------- end of relative position

/** A matrix: { data: Float64Array, rows, cols } or rows of numbers. */
export type MatrixInput = TypedMatrix | Matrix;
/** A mask: { data: Uint8Array, rows, cols } (1 = visible) or rows of booleans. */
export type MaskInput = TypedMask | BoolMatrix;

/** core.experiments. Every bad argument throws an AttentionError naming the function and the argument. */
export interface ExperimentsCore extends DepthCore, MemoryCore {
  /** Largest softmax weight and entropy over `trials` random (q, K) of n keys and width d, with and without ÷√d. */
  scaling_point(d: number, n: number, trials: number, seed: number): ScalingPoint;
  /** scaling_point for every d in `ds` (each point draws from its own seed, derived from `seed` and d). */
  scaling_experiment(ds: ArrayLike<number>, n: number, trials: number, seed: number): ScalingPoint[];
  /** attention(PX) against P·attention(X) for X (n, d) and a permutation of 0 … n−1, with or without the sinusoidal encoding. */
  permutation_experiment(X: MatrixInput, perm: ArrayLike<number>, use_pe: boolean): PermutationCheck;
  /** A uniformly random permutation of 0 … n−1 from `seed`. */
  seeded_permutation(n: number, seed: number): Uint32Array;
  /** One attention call on random (n, d) Q, K, V: its n² entries, their bytes and a checksum. */
  quadratic_point(n: number, d: number, seed: number): QuadraticPoint;
  /** The least-squares line through (log xs, log ys); every value must be > 0. */
  fit_loglog_slope(xs: ArrayLike<number>, ys: ArrayLike<number>): LogLogFit;
  /** multi_head(Q, K, V, 1) against attention(Q, K, V), with an optional mask. */
  h1_check(Q: MatrixInput, K: MatrixInput, V: MatrixInput, mask?: MaskInput | null): H1Check;
  // relative position (experiments 5 and 7)
  /** Experiment 5: q then k drawn standard normal from `seed`, repeated at n ≥ 2 positions (d even ≥ 2): RoPE and sinusoidal scores. */
  relative_position_experiment(n: number, d: number, seed: number, rope?: ExperimentRope | null): RelativePosition;
  /** The same for a given q and k (both length d). */
  relative_position_scores(q: ArrayLike<number>, k: ArrayLike<number>, n: number, rope?: ExperimentRope | null): RelativePosition;
  /** attention(PX) against P·attention(X) with none, the sinusoidal encoding, RoPE (Q = K rotated, V not) or ALiBi (one head's bias). */
  permutation_positions(X: MatrixInput, perm: ArrayLike<number>, positions: PositionsKind, rope?: ExperimentRope | null): PositionsCheck;
}
