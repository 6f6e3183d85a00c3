// scaling.ts — experiment 1, √d_k scaling: the largest softmax weight with and
// without ÷√d_k, for each width d (→ 02-scale.txt). One core call per d.

import type { Core, Limits, ScalingPoint } from '../core/core';
import { collect, currentLimits, progress, readList, readWhole, type ProgressFn, type RawInput, type Validation } from './settings';
export type { ScalingPoint };

/** Settings of the scaling experiment. */
export interface ScalingSettings {
  /** the widths d_k to measure */
  ds: number[];
  /** keys per trial */
  n: number;
  /** trials per d */
  trials: number;
  seed: number;
}

/** d = 1, 2, 4, …, 1024; n = 8 keys; 200 trials; seed 7. */
export const DEFAULT_SCALING: ScalingSettings = {
  ds: Array.from({ length: 11 }, (_, i) => 2 ** i),
  n: 8,
  trials: 200,
  seed: 7,
};

/** The scaling experiment's result. */
export interface ScalingResult {
  experiment: 'scaling';
  settings: ScalingSettings;
  points: ScalingPoint[];
  /** the point at d = 64, or the measured d nearest to it (on a log scale) */
  at64: ScalingPoint;
  /** wall time of the run */
  elapsedMs: number;
}

/** Check raw scaling settings: 1 ≤ d ≤ maxCols (at most maxScalingPoints of them), n ≤ maxRows, trials, seed. */
export function validateScaling(input?: RawInput<ScalingSettings>, limits: Limits = currentLimits()): Validation<ScalingSettings> {
  return collect(input, DEFAULT_SCALING, {
    ds: (raw) => {
      const r = readList('d', raw, 1, limits.maxCols, 'd');
      if ('error' in r) return r;
      if (r.value.length === 0) return { error: 'd: the list is empty: give at least one d' };
      if (r.value.length > limits.maxScalingPoints) return { error: `d: ${r.value.length} values are over the limit of ${limits.maxScalingPoints}` };
      return r;
    },
    n: (raw) => readWhole('n', raw, 1, limits.maxRows),
    trials: (raw) => readWhole('trials', raw, 1, limits.maxTrials),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed),
  });
}

function nearestTo64(points: ScalingPoint[]): ScalingPoint {
  const far = (p: ScalingPoint) => Math.abs(Math.log2(p.d) - 6);
  return points.reduce((best, p) => (far(p) < far(best) ? p : best));
}

/** Run the scaling experiment, one core call (and one progress step) per d. */
export function runScaling(core: Core, settings: ScalingSettings, onProgress: ProgressFn = () => {}): ScalingResult {
  const t0 = performance.now();
  const total = settings.ds.length;
  const points: ScalingPoint[] = [];
  settings.ds.forEach((d, i) => {
    progress(onProgress, i, total, 'exp.step.d', { d });
    points.push(core.experiments.scaling_point(d, settings.n, settings.trials, settings.seed));
  });
  progress(onProgress, total, total, 'exp.step.done');
  return { experiment: 'scaling', settings, points, at64: nearestTo64(points), elapsedMs: performance.now() - t0 };
}
