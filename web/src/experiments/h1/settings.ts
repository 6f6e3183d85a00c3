// settings.ts — the h = 1 check's settings: n, d, the h > 1 whose per-head
// scale is explained, the seed and the causal mask; their defaults, their check
// against the core's limits, and the form's fields.

import type { Limits } from '../../core/core';
import { collect, currentLimits, readBool, readWhole, type RawInput, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

/** Settings of the h = 1 check. */
export interface H1Settings {
  /** tokens (queries = keys) */
  n: number;
  /** width of Q, K, V */
  d: number;
  /** the h > 1 whose per-head scale is explained (must divide d) */
  h: number;
  seed: number;
  /** apply causal_mask(n) */
  causal: boolean;
}

/** n = 6, d = 8, h = 2, seed 7, no mask. */
export const DEFAULT_H1: H1Settings = { n: 6, d: 8, h: 2, seed: 7, causal: false };

/** Check raw h = 1 settings: n, d in range, h divides d. */
export function validateH1(input?: RawInput<H1Settings>, limits: Limits = currentLimits()): Validation<H1Settings> {
  const v = collect(input, DEFAULT_H1, {
    n: (raw) => readWhole('n', raw, 1, limits.maxRows),
    d: (raw) => readWhole('d', raw, 1, limits.maxCols),
    h: (raw) => readWhole('h', raw, 1, limits.maxHeads),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed - 2),
    causal: (raw) => readBool('causal', raw),
  });
  if (!v.ok) return v;
  if (v.settings.d % v.settings.h !== 0) return { ok: false, errors: { h: `h = ${v.settings.h} does not divide d = ${v.settings.d}` } };
  return v;
}

/** The h = 1 check's settings and its form. */
export const SETTINGS: SettingsSpec<H1Settings> = {
  defaults: DEFAULT_H1,
  validate: validateH1,
  fields: [
    { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_H1.n) },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_H1.d) },
    { key: 'h', label: 'exp.field.h', kind: 'number', value: String(DEFAULT_H1.h) },
    { key: 'causal', label: 'opt.mask.causal', kind: 'checkbox', value: String(DEFAULT_H1.causal) },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_H1.seed) },
  ],
};
