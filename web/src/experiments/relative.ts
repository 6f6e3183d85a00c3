// relative.ts — experiment 5, relative position: one query vector q
// and one key vector k repeated at every position. With RoPE the score matrix
// is constant along each diagonal (it depends only on i − j); with the
// sinusoidal encoding added to X it is not (→ 10-rope.txt). One core call:
// core.experiments.relative_position_experiment (cpp/relative_position.h).

import type { Core, Limits, TypedMatrix } from '../core/core';
import { collect, currentLimits, progress, readChoice, readWhole, shown, type ProgressFn, type RawInput, type Read, type Validation } from './settings';

/** Which columns RoPE turns together (rope.h): (x_i, x_{i+d/2}) or (x_2i, x_2i+1). */
export type RelativePairing = 'half' | 'interleaved';

/** Settings of the relative-position experiment. */
export interface RelativeSettings {
  /** positions (queries = keys), at least 2 */
  n: number;
  /** width of q and k: even, at least 2 */
  d: number;
  /** seed of q, then k (standard normal) */
  seed: number;
  /** RoPE's base: θ_i = base^(−2i/d), a finite number > 1 */
  base: number;
  /** RoPE's pairing */
  pairing: RelativePairing;
}

/** n = 16 positions, d = 8, seed 7, base 10000, 'half' pairing. */
export const DEFAULT_RELATIVE: RelativeSettings = { n: 16, d: 8, seed: 7, base: 10000, pairing: 'half' };

/** The relative-position experiment's result. */
export interface RelativeResult {
  experiment: 'relative';
  settings: RelativeSettings;
  /** the query and key vectors (d), repeated at every position */
  q: Float64Array;
  k: Float64Array;
  /** rope(Q)·rope(K)ᵀ / √d (n, n) */
  ropeScores: TypedMatrix;
  /** (Q + PE)·(K + PE)ᵀ / √d (n, n) */
  sinScores: TypedMatrix;
  /** max over diagonals of (max − min) along it: ~1e-16 for RoPE */
  ropeDeviation: number;
  /** the same for the sinusoidal scores: of order 1 */
  sinDeviation: number;
  elapsedMs: number;
}

/** RoPE's base from a number or its text: finite and > 1. */
function readBase(raw: unknown): Read<number> {
  const x = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
  if (Number.isNaN(x)) return { error: `base: ${raw === '' || raw == null ? 'empty' : shown(raw)} is not a number` };
  if (!Number.isFinite(x) || x <= 1) return { error: `base = ${x} must be a finite number > 1 (10000 in RoFormer)` };
  return { value: x };
}

/** Check raw relative-position settings: 2 ≤ n ≤ maxRows, d even in [2, maxCols], seed, base > 1, pairing. */
export function validateRelative(input?: RawInput<RelativeSettings>, limits: Limits = currentLimits()): Validation<RelativeSettings> {
  const v = collect(input, DEFAULT_RELATIVE, {
    n: (raw) => readWhole('n', raw, 2, limits.maxRows),
    d: (raw) => readWhole('d', raw, 2, limits.maxCols),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed),
    base: readBase,
    pairing: (raw) => readChoice('pairing', raw, ['half', 'interleaved'] as const),
  });
  if (!v.ok) return v;
  const { n, d } = v.settings;
  if (d % 2 !== 0) return { ok: false, errors: { d: `d = ${d} must be even (RoPE turns pairs of columns)` } };
  // the core's caps (relative_position.cpp): two n × n scores of width d, the rotations and the encoding (a
  // transcendental value counts as 128 multiply-adds); two n × n float64 results
  const work = 2 * n * n * d + 3 * 128 * n * d;
  if (work > limits.maxMultiplyAdds || 16 * n * n > limits.maxResultBytes)
    return { ok: false, errors: { n: `n = ${n} with d = ${d} is over the work limit of one call: use a smaller n or d` } };
  return v;
}

/** Run the relative-position experiment: both score matrices and their deviations from constant diagonals. */
export function runRelative(core: Core, settings: RelativeSettings, onProgress: ProgressFn = () => {}): RelativeResult {
  const t0 = performance.now();
  const { n, d, seed, base, pairing } = settings;
  progress(onProgress, 0, 1, 'exp.step.relative', { n, d });
  const r = core.experiments.relative_position_experiment(n, d, seed, { base, pairing });
  progress(onProgress, 1, 1, 'exp.step.done');
  return {
    experiment: 'relative',
    settings,
    q: r.q,
    k: r.k,
    ropeScores: r.rope_scores,
    sinScores: r.sin_scores,
    ropeDeviation: r.rope_deviation,
    sinDeviation: r.sin_deviation,
    elapsedMs: performance.now() - t0,
  };
}
