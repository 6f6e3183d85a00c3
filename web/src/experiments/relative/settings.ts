// settings.ts — the relative-position experiment's settings: the positions n,
// the width d, the seed, RoPE's base and its pairing; their defaults, their
// check against the core's limits (and the work of its one call), and the
// form's fields.

import type { Limits } from '../../core/core';
import { collect, currentLimits, readChoice, readWhole, shown, type RawInput, type Read, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

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

/** The relative-position experiment's settings and its form. */
export const SETTINGS: SettingsSpec<RelativeSettings> = {
  defaults: DEFAULT_RELATIVE,
  validate: validateRelative,
  fields: [
    { key: 'n', label: 'exp.field.nPositions', kind: 'number', value: String(DEFAULT_RELATIVE.n) },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_RELATIVE.d) },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_RELATIVE.seed) },
    { key: 'base', label: 'exp.field.base', kind: 'number', value: String(DEFAULT_RELATIVE.base) },
    {
      key: 'pairing',
      label: 'exp.field.pairing',
      kind: 'select',
      value: DEFAULT_RELATIVE.pairing,
      options: [
        ['half', 'exp.field.pairingHalf'],
        ['interleaved', 'exp.field.pairingInterleaved'],
      ],
    },
  ],
};
