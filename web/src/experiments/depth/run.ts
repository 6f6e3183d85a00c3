// run.ts — the depth experiment, rank collapse (pure: no DOM). After Dong,
// Cordonnier & Loukas (2021), "Attention is not all you need: pure
// attention loses rank doubly exponentially with depth": stack L layers of
// single-head self-attention with random Wq, Wk, Wv (entries N(0, 1/d), the
// same for the three stacks) and measure r = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F after each
// layer — attention alone collapses to one shared row within a few layers, the
// residual connection keeps the tokens apart. One core call
// (core.experiments.depth_experiment, cpp/depth.h).

import type { Core } from '../../core/core';
import type { DepthCurve, DepthVariant } from '../../core/depth';
import { progress, type ProgressFn } from '../settings';
import type { DepthSettings } from './settings';

/** The depth experiment's result. */
export interface DepthResult {
  experiment: 'depth';
  settings: DepthSettings;
  /** r after each layer (index 0: the input), the ratio r_L / r_0 and whether r_L < threshold, per stack */
  curves: Record<DepthVariant, DepthCurve>;
  /** a stack whose last r is below this has collapsed (1e-6, cpp/depth.h) */
  threshold: number;
  elapsedMs: number;
}

/** The first layer at which r is below the threshold (and stays below it to the end), or null. */
export function collapseLayer(c: DepthCurve, threshold: number): number | null {
  let at: number | null = null;
  for (let l = c.r.length - 1; l >= 0 && c.r[l] < threshold; l--) at = l;
  return at;
}

/** Run the depth experiment: one core call for the three stacks. */
export function runDepth(core: Core, settings: DepthSettings, onProgress: ProgressFn = () => {}): DepthResult {
  const t0 = performance.now();
  const { n, d, L, seed } = settings;
  progress(onProgress, 0, 1, 'exp.step.depth', { L, n, d });
  const run = core.experiments.depth_experiment(n, d, L, seed);
  progress(onProgress, 1, 1, 'exp.step.done');
  const curves = { attention: run.attention, residual: run.residual, pre_ln: run.pre_ln };
  return { experiment: 'depth', settings, curves, threshold: run.threshold, elapsedMs: performance.now() - t0 };
}
