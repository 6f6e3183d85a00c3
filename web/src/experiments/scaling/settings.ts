// settings.ts — the √d_k scaling experiment's settings: the widths d_k to
// measure, the keys per trial, the trials per d and the seed; their defaults,
// their check against the core's limits, and the form's fields.

import type { Limits } from '../../core/core';
import { collect, currentLimits, readList, readWhole, type RawInput, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

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

/** The scaling experiment's settings and its form. */
export const SETTINGS: SettingsSpec<ScalingSettings> = {
  defaults: DEFAULT_SCALING,
  validate: validateScaling,
  fields: [
    { key: 'ds', label: 'exp.field.ds', kind: 'text', value: DEFAULT_SCALING.ds.join(', '), wide: true },
    { key: 'n', label: 'exp.field.nKeys', kind: 'number', value: String(DEFAULT_SCALING.n) },
    { key: 'trials', label: 'exp.field.trials', kind: 'number', value: String(DEFAULT_SCALING.trials) },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_SCALING.seed) },
  ],
};
