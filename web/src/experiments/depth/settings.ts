// settings.ts — the depth experiment's settings: n tokens, the width d, the
// layers L and the seed; their defaults, their check against the core's
// limits, and the form's fields.

import type { Limits } from '../../core/core';
import { MAX_DEPTH_LAYERS } from '../../core/depth';
import { collect, currentLimits, readWhole, type RawInput, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

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

/** Check raw depth settings: n ≤ maxRows, d ≤ maxCols, 1 ≤ L ≤ MAX_DEPTH_LAYERS, seed. */
export function validateDepth(input?: RawInput<DepthSettings>, limits: Limits = currentLimits()): Validation<DepthSettings> {
  return collect(input, DEFAULT_DEPTH, {
    n: (raw) => readWhole('n', raw, 1, limits.maxRows),
    d: (raw) => readWhole('d', raw, 1, limits.maxCols),
    L: (raw) => readWhole('L', raw, 1, MAX_DEPTH_LAYERS),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed),
  });
}

/** The depth experiment's settings and its form. */
export const SETTINGS: SettingsSpec<DepthSettings> = {
  defaults: DEFAULT_DEPTH,
  validate: validateDepth,
  fields: [
    { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_DEPTH.n) },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_DEPTH.d) },
    { key: 'L', label: 'exp.field.layers', kind: 'number', value: String(DEFAULT_DEPTH.L) },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_DEPTH.seed) },
  ],
};
