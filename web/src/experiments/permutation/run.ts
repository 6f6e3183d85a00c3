// run.ts — the permutation experiment: attention(PX) against P·attention(X),
// without and with positions (pure: no DOM). Without them, attention is
// permutation-equivariant (difference ~1e-16); with the sinusoidal encoding,
// RoPE (Q = K rotated, V not) or ALiBi (one head's −|i − j|/256 bias) it is not.

import type { Core, PermutationCheck, TypedMatrix } from '../../core/core';
import { progress, type ProgressFn } from '../settings';
import type { PermutationSettings, PositionalEncoding } from './settings';

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
