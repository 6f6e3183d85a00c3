// permutation.ts — experiment 2, permutation: attention(PX) against
// P·attention(X), without and with a positional encoding (→ 05-perm.txt).
// Without one, attention is permutation-equivariant (difference ~1e-16);
// with the sinusoidal encoding, RoPE (Q = K rotated, V not) or ALiBi (one
// head's −|i − j|/256 bias) it is not (experiment 7).

import { toTypedMatrix, type Core, type Limits, type PermutationCheck, type TypedMatrix } from '../core/core';
import { POSITIONS_KINDS, type PositionsKind } from '../core/experiments';
import { collect, currentLimits, progress, readChoice, readList, readWhole, type ProgressFn, type RawInput, type Read, type Validation } from './settings';

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

/** One case of the permutation experiment: PX, the outputs, the weights and max |attention(PX) − P·attention(X)|. */
export type PermutationCase = Omit<PermutationCheck, 'perm'>;

/** The permutation experiment's result. */
export interface PermutationResult {
  experiment: 'permutation';
  settings: PermutationSettings;
  /** the X used (given or drawn) */
  X: TypedMatrix;
  /** where X came from */
  source: 'given' | 'random';
  /** the permutation used */
  perm: number[];
  /** where perm came from */
  permSource: 'given' | 'random';
  /** no encoding */
  plain: PermutationCase;
  /** with the chosen positions (equal to plain when pe = 'none') */
  withPe: PermutationCase;
  elapsedMs: number;
}

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

/** One case: the core's permutation_experiment (none) or permutation_positions (the others), without the permutation it echoes. */
function permCase(core: Core, X: TypedMatrix, perm: number[], pe: PositionalEncoding): PermutationCase {
  const check = pe === 'none' ? core.experiments.permutation_experiment(X, perm, false) : core.experiments.permutation_positions(X, perm, pe);
  const { perm: echoed, ...rest } = check;
  void echoed; // the result keeps the permutation once, as numbers
  return rest;
}

/** Run the permutation experiment: without the encoding, then with the chosen one. */
export function runPermutation(core: Core, settings: PermutationSettings, onProgress: ProgressFn = () => {}): PermutationResult {
  const t0 = performance.now();
  progress(onProgress, 0, 3, settings.X ? 'exp.step.xGiven' : 'exp.step.xRandom');
  const X = settings.X ?? core.typed.random_normal(settings.n, settings.d, settings.seed);
  const perm = settings.perm ?? Array.from(core.experiments.seeded_permutation(X.rows, settings.seed + 1));
  progress(onProgress, 1, 3, 'exp.step.plain');
  const plain = permCase(core, X, perm, 'none');
  const pe = settings.pe;
  if (pe === 'none') progress(onProgress, 2, 3, 'exp.step.peNone');
  else if (pe === 'sinusoidal') progress(onProgress, 2, 3, 'exp.step.pe');
  else progress(onProgress, 2, 3, pe === 'rope' ? 'exp.step.peRope' : 'exp.step.peAlibi');
  const withPe = pe === 'none' ? plain : permCase(core, X, perm, pe);
  progress(onProgress, 3, 3, 'exp.step.done');
  return {
    experiment: 'permutation',
    settings,
    X,
    source: settings.X ? 'given' : 'random',
    perm,
    permSource: settings.perm ? 'given' : 'random',
    plain,
    withPe,
    elapsedMs: performance.now() - t0,
  };
}
