// run.ts — the relative-position experiment (pure: no DOM): one query vector q
// and one key vector k repeated at every position. With RoPE the score matrix
// is constant along each diagonal (it depends only on i − j); with the
// sinusoidal encoding added to X it is not. One core call:
// core.experiments.relative_position_experiment (cpp/relative_position.h).

import type { Core, TypedMatrix } from '../../core/core';
import { progress, type ProgressFn } from '../settings';
import type { RelativeSettings } from './settings';

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
