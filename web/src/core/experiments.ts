// experiments.ts — core.experiments: the seed 003 experiments' bindings
// (cpp/bindings/experiments_bindings.cpp), typed, with errors thrown as
// AttentionError through the façade's one unwrap().
//
//   scaling      scaling_point, scaling_experiment   largest softmax weight with/without ÷√d_k
//   permutation  permutation_experiment, seeded_permutation   attention(PX) against P·attention(X)
//   quadratic    quadratic_point, fit_loglog_slope   n² score entries, log–log slope
//   h = 1        h1_check                            multi_head(h = 1) against attention
//   depth        depth_experiment, depth_curves      rank collapse with depth (depth.ts, experiment 6)
//   memory       heap_stats, memory_point           time and peak memory of attention / flash_attention (memory.ts, experiment 8)
//
// Matrices go in as { data: Float64Array, rows, cols } or as rows of numbers,
// and come out as { data, rows, cols }; results are plain data (no `ok` flag),
// so they cross postMessage as they are. The experiment runs themselves
// (settings, progress, several calls) are in web/src/experiments/.

import { toTypedMask, toTypedMatrix } from './convert';
import { unwrap, unwrapData } from './errors';
import type { BoolMatrix, Matrix, TypedMask, TypedMatrix } from './types';
import { makeDepth, type DepthCore } from './depth';
import { makeMemory, type MemoryCore } from './memory'; // memory (experiment 8)
import { ropeArgs } from './positions';
import { count, fail, flag, list, maskOf, shaped } from './validate';
import type { RawCore, RawRelativePosition, RawScalingPoint } from './wasm/attention_core.mjs';

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

/** The positions an experiment accepts. */
export const POSITIONS_KINDS: readonly PositionsKind[] = ['none', 'sinusoidal', 'rope', 'alibi'];
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

// ---------------------------------------------------------------- argument checks

/** A whole number 0 … 2⁵³ − 1 (the C++ core checks its own range). */
const whole = count;

/** An array of numbers or a typed array, copied (validate.ts). */
const numbers = (fn: string, arg: string, xs: unknown) => list(fn, arg, xs, true);

/** Rows of numbers (converted) or a { data: Float64Array, rows, cols } whose data has rows·cols values. */
const matrix = (fn: string, arg: string, m: unknown): TypedMatrix =>
  Array.isArray(m) ? toTypedMatrix(fn, arg, m) : shaped(fn, arg, m, Float64Array, 'a matrix (rows of numbers, or { data: Float64Array, rows, cols })');

/** Rows of booleans (converted), a { data: Uint8Array, rows, cols }, or none. */
const mask = (fn: string, m: unknown): TypedMask | null =>
  Array.isArray(m) ? toTypedMask(fn, m) : maskOf(fn, m, 'rows of booleans or { data: Uint8Array, rows, cols }, or null');

/** An experiment's RoPE options (base, pairing; no offset: positions 0 … n − 1), checked as rope()'s. */
function experimentRope(fn: string, rope: unknown): { base: number; interleaved: boolean } {
  if (rope != null && typeof rope === 'object' && 'offset' in rope) fail(fn, 'rope takes base and pairing only: positions are 0 … n − 1');
  const o = ropeArgs(fn, rope);
  return { base: o.base, interleaved: o.interleaved };
}

// ---------------------------------------------------------------- the functions

/** core.experiments over the raw module. */
export function makeExperiments(raw: RawCore): ExperimentsCore {
  return {
    ...makeDepth(raw), // depth (experiment 6): depth_experiment, depth_curves (depth.ts)
    ...makeMemory(raw), // memory (experiment 8): heap_stats, memory_point (memory.ts)
    scaling_point: (d, n, trials, seed) => {
      const f = 'scaling_point';
      return unwrapData(raw.scaling_point(whole(f, 'd', d), whole(f, 'n', n), whole(f, 'trials', trials), whole(f, 'seed', seed)), f);
    },
    scaling_experiment: (ds, n, trials, seed) => {
      const f = 'scaling_experiment';
      return unwrap(raw.scaling_experiment(numbers(f, 'ds', ds), whole(f, 'n', n), whole(f, 'trials', trials), whole(f, 'seed', seed)), f).points;
    },
    permutation_experiment: (X, perm, use_pe) => {
      const f = 'permutation_experiment';
      return unwrapData(raw.permutation_experiment(matrix(f, 'X', X), numbers(f, 'perm', perm), flag(f, 'use_pe', use_pe)), f);
    },
    seeded_permutation: (n, seed) => {
      const f = 'seeded_permutation';
      return unwrap(raw.seeded_permutation(whole(f, 'n', n), whole(f, 'seed', seed)), f).perm;
    },
    quadratic_point: (n, d, seed) => {
      const f = 'quadratic_point';
      return unwrapData(raw.quadratic_point(whole(f, 'n', n), whole(f, 'd', d), whole(f, 'seed', seed)), f);
    },
    fit_loglog_slope: (xs, ys) => {
      const f = 'fit_loglog_slope';
      return unwrapData(raw.fit_loglog_slope(numbers(f, 'xs', xs), numbers(f, 'ys', ys)), f);
    },
    h1_check: (Q, K, V, m) => {
      const f = 'h1_check';
      return unwrapData(raw.h1_check(matrix(f, 'Q', Q), matrix(f, 'K', K), matrix(f, 'V', V), mask(f, m)), f);
    },
    // relative position (experiments 5 and 7)
    relative_position_experiment: (n, d, seed, rope) => {
      const f = 'relative_position_experiment';
      const o = experimentRope(f, rope);
      return unwrapData(raw.relative_position_experiment(whole(f, 'n', n), whole(f, 'd', d), whole(f, 'seed', seed), o.base, o.interleaved), f);
    },
    relative_position_scores: (q, k, n, rope) => {
      const f = 'relative_position_scores';
      const o = experimentRope(f, rope);
      return unwrapData(raw.relative_position_scores(numbers(f, 'q', q), numbers(f, 'k', k), whole(f, 'n', n), o.base, o.interleaved), f);
    },
    permutation_positions: (X, perm, positions, rope) => {
      const f = 'permutation_positions';
      if (!(POSITIONS_KINDS as readonly unknown[]).includes(positions)) fail(f, `positions must be none, sinusoidal, rope or alibi, got ${String(positions)}`);
      const o = experimentRope(f, rope);
      return unwrapData(raw.permutation_positions(matrix(f, 'X', X), numbers(f, 'perm', perm), positions, o.base, o.interleaved), f) as PositionsCheck;
    },
  };
}
