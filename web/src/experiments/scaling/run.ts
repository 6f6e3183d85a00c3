// run.ts — the √d_k scaling experiment: the largest softmax weight with and
// without ÷√d_k, for each width d. One core call per d (pure: no DOM).

import type { Core, ScalingPoint } from '../../core/core';
import { progress, type ProgressFn } from '../settings';
import type { ScalingSettings } from './settings';
export type { ScalingPoint };

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
