// settings.ts — the quadratic-cost experiment's settings: the largest n of the
// sweep, the width d, the seed and the repeats per n; their defaults, their
// check against the core's limits, and the form's fields.

import type { Limits } from '../../core/core';
import { collect, currentLimits, readWhole, type RawInput, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

/** Settings of the quadratic-cost experiment. */
export interface QuadraticSettings {
  /** the largest n; the sweep is 16, 32, 64, … ≤ nMax (and nMax itself) */
  nMax: number;
  /** width of Q, K, V */
  d: number;
  seed: number;
  /** most timings per n (small n are repeated for a stable median; n ≥ 2048 once) */
  repeats: number;
}

/** n = 16 … 4096, d = 64, seed 7, up to 7 repeats. */
export const DEFAULT_QUADRATIC: QuadraticSettings = { nMax: 4096, d: 64, seed: 7, repeats: 7 };

/** The smallest n of the sweep. */
export const QUADRATIC_MIN_N = 16;

/** The most timings per n: the repeats are this page's own loop, not a C++ limit. */
export const QUADRATIC_MAX_REPEATS = 50;

/** Check raw quadratic settings: 16 ≤ nMax ≤ maxRows, d, seed, repeats. */
export function validateQuadratic(input?: RawInput<QuadraticSettings>, limits: Limits = currentLimits()): Validation<QuadraticSettings> {
  return collect(input, DEFAULT_QUADRATIC, {
    nMax: (raw) => readWhole('largest n', raw, QUADRATIC_MIN_N, limits.maxRows),
    d: (raw) => readWhole('d', raw, 1, limits.maxCols),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed),
    repeats: (raw) => readWhole('repeats', raw, 1, QUADRATIC_MAX_REPEATS),
  });
}

/** The quadratic-cost experiment's settings and its form. */
export const SETTINGS: SettingsSpec<QuadraticSettings> = {
  defaults: DEFAULT_QUADRATIC,
  validate: validateQuadratic,
  fields: [
    { key: 'nMax', label: 'exp.field.nMax', kind: 'number', value: String(DEFAULT_QUADRATIC.nMax) },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_QUADRATIC.d) },
    { key: 'repeats', label: 'exp.field.repeats', kind: 'number', value: String(DEFAULT_QUADRATIC.repeats) },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_QUADRATIC.seed) },
  ],
};
