// depth.ts — experiment 6, rank collapse with depth (→ 11-depth.txt).
//
// Dong, Cordonnier & Loukas (2021), "Attention is not all you need: pure
// attention loses rank doubly exponentially with depth": stack L layers of
// single-head self-attention with random Wq, Wk, Wv (entries N(0, 1/d), the
// same for the three stacks) and measure r = ‖X − 1·x̄ᵀ‖_F / ‖X‖_F after each
// layer — attention alone collapses to one shared row within a few layers, the
// residual connection keeps the tokens apart. One core call
// (core.experiments.depth_experiment, cpp/depth.h).

import type { Core, Limits } from '../core/core';
import { DEPTH_VARIANTS, MAX_DEPTH_LAYERS, type DepthCurve, type DepthVariant } from '../core/depth';
import { collect, currentLimits, progress, readWhole, type ProgressFn, type RawInput, type Validation } from './settings';
export { DEPTH_VARIANTS, MAX_DEPTH_LAYERS, type DepthCurve, type DepthVariant };

/** Settings of the depth experiment. */
export interface DepthSettings {
  /** tokens (rows of X) */
  n: number;
  /** width (columns of X; Wq, Wk, Wv are d × d) */
  d: number;
  /** layers, 1 … MAX_DEPTH_LAYERS */
  L: number;
  /** seed of X0 and every weight (cpp/random.h) */
  seed: number;
}

/** n = 16 tokens, d = 16, L = 24 layers, seed 7. */
export const DEFAULT_DEPTH: DepthSettings = { n: 16, d: 16, L: 24, seed: 7 };

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

/** Check raw depth settings: n ≤ maxRows, d ≤ maxCols, 1 ≤ L ≤ MAX_DEPTH_LAYERS, seed. */
export function validateDepth(input?: RawInput<DepthSettings>, limits: Limits = currentLimits()): Validation<DepthSettings> {
  return collect(input, DEFAULT_DEPTH, {
    n: (raw) => readWhole('n', raw, 1, limits.maxRows),
    d: (raw) => readWhole('d', raw, 1, limits.maxCols),
    L: (raw) => readWhole('L', raw, 1, MAX_DEPTH_LAYERS),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed),
  });
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
