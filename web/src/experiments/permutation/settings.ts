// settings.ts — the permutation experiment's settings: the input X (given, or
// random from n, d and the seed), the permutation (given, or random) and the
// positions of the second case; their defaults, their check against the
// core's limits, and the form's fields (the source of X instead of X itself).

import { toTypedMatrix, type Limits, type TypedMatrix } from '../../core/core';
import { POSITIONS_KINDS, type PositionsKind } from '../../core/experiments';
import { collect, currentLimits, readChoice, readList, readWhole, type RawInput, type Read, type Validation } from '../settings';
import type { SettingsSpec } from '../spec';

/** What the "with" case tells attention about positions: nothing, the sinusoidal encoding, RoPE or ALiBi. */
export type PositionalEncoding = PositionsKind;

/** Settings of the permutation experiment. */
export interface PermutationSettings {
  /** the input; null draws a random standard-normal (n, d) matrix from the seed */
  X: TypedMatrix | null;
  /** tokens of a random X (ignored when X is given) */
  n: number;
  /** width of a random X (ignored when X is given) */
  d: number;
  /** seed of the random X (seed) and the random permutation (seed + 1) */
  seed: number;
  /** row i of PX is row perm[i] of X; null draws a random permutation */
  perm: number[] | null;
  /** the positions of the "with" case (RoPE: base 10000, 'half' pairing; ALiBi: one head, slope 1/256) */
  pe: PositionalEncoding;
}

/** A random 6 × 8 X, a random permutation, the sinusoidal encoding; seed 7. */
export const DEFAULT_PERMUTATION: PermutationSettings = { X: null, n: 6, d: 8, seed: 7, perm: null, pe: 'sinusoidal' };

/** Why `perm` is not a permutation of 0 … n−1, or null. */
export function permutationProblem(perm: number[], n: number): string | null {
  if (perm.length !== n) return `perm has ${perm.length} entries but X has ${n} rows: it needs one entry per row`;
  const seen = new Map<number, number>();
  for (let i = 0; i < perm.length; i++) {
    const v = perm[i];
    if (v < 0 || v >= n) return `perm[${i}] = ${v} is out of range: entries must be 0 … ${n - 1}`;
    const first = seen.get(v);
    if (first !== undefined) return `perm[${i}] = ${v} repeats perm[${first}]: each of 0 … ${n - 1} must appear exactly once`;
    seen.set(v, i);
  }
  return null;
}

/** X given as rows of numbers or a typed matrix: non-empty, within the limits, finite. */
function readX(raw: unknown, limits: Limits): Read<TypedMatrix | null> {
  if (raw === null) return { value: null };
  try {
    const m = Array.isArray(raw) ? toTypedMatrix('permutation', 'X', raw) : (raw as TypedMatrix);
    if (!(m.data instanceof Float64Array) || m.rows < 1 || m.cols < 1 || m.data.length !== m.rows * m.cols) return { error: 'X: must be a non-empty matrix' };
    if (m.rows > limits.maxRows || m.cols > limits.maxCols)
      return { error: `X is (${m.rows}, ${m.cols}): over the limit of ${limits.maxRows} × ${limits.maxCols}` };
    const bad = m.data.findIndex((x) => !Number.isFinite(x));
    if (bad >= 0) return { error: `X[${Math.floor(bad / m.cols)}][${bad % m.cols}] = ${m.data[bad]}: every value must be a finite number` };
    return { value: m };
  } catch (err) {
    return { error: (err as Error).message.replace(/^permutation: /, '') };
  }
}

/** Check raw permutation settings: X numeric, n and d in range, perm a permutation of 0 … n−1. */
export function validatePermutation(input?: RawInput<PermutationSettings>, limits: Limits = currentLimits()): Validation<PermutationSettings> {
  const v = collect(input, DEFAULT_PERMUTATION, {
    X: (raw) => readX(raw, limits),
    n: (raw) => readWhole('n', raw, 1, limits.maxRows),
    d: (raw) => readWhole('d', raw, 1, limits.maxCols),
    seed: (raw) => readWhole('seed', raw, 0, limits.maxSeed - 1),
    perm: (raw) => {
      if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { value: null };
      return readList('perm', raw, 0, limits.maxRows, 'perm');
    },
    pe: (raw) => readChoice('positional encoding', raw, POSITIONS_KINDS),
  });
  if (!v.ok) return v;
  const s = v.settings;
  const n = s.X ? s.X.rows : s.n;
  if (s.perm) {
    const problem = permutationProblem(s.perm, n);
    if (problem) return { ok: false, errors: { perm: problem } };
  }
  const d = s.X ? s.X.cols : s.d;
  if (s.pe === 'rope' && d % 2 !== 0) return { ok: false, errors: { pe: `RoPE turns pairs of columns: d = ${d} must be even` } };
  return v;
}

/** The permutation experiment's settings and its form: `source` (random X or the playground's) stands for X. */
export const SETTINGS: SettingsSpec<PermutationSettings> = {
  defaults: DEFAULT_PERMUTATION,
  validate: validatePermutation,
  fields: [
    {
      key: 'source',
      label: 'exp.field.source',
      kind: 'select',
      value: 'random',
      options: [
        ['random', 'exp.field.sourceRandom'],
        ['current', 'exp.field.sourceCurrent'],
      ],
      shows: 'X',
    },
    { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_PERMUTATION.n) },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_PERMUTATION.d) },
    { key: 'perm', label: 'exp.field.perm', kind: 'text', value: '', wide: true },
    {
      key: 'pe',
      label: 'exp.field.pe',
      kind: 'select',
      value: DEFAULT_PERMUTATION.pe,
      options: [
        ['none', 'exp.field.peNone'],
        ['sinusoidal', 'exp.field.peSin'],
        ['rope', 'exp.field.peRope'],
        ['alibi', 'exp.field.peAlibi'],
      ],
    },
    { key: 'seed', label: 'exp.seed', kind: 'number', value: String(DEFAULT_PERMUTATION.seed) },
  ],
};
