// experiments.ts — core.experiments: the seed 003 experiments' bindings
// (cpp/bindings/experiments_bindings.cpp), typed, with errors thrown as
// AttentionError through the façade's one unwrap().
//
//   scaling      scaling_point, scaling_experiment   largest softmax weight with/without ÷√d_k
//   permutation  permutation_experiment, seeded_permutation   attention(PX) against P·attention(X)
//   quadratic    quadratic_point, fit_loglog_slope   n² score entries, log–log slope
//   h = 1        h1_check                            multi_head(h = 1) against attention
//   depth        depth_experiment, depth_curves      rank collapse with depth (depth.ts, experiment 6)
//   memory       heap_stats, memory_point           time and peak memory of attention / flash_attention (memory.ts, experiment 7)
//
// Matrices go in as { data: Float64Array, rows, cols } or as rows of numbers,
// and come out as { data, rows, cols }; results are plain data (no `ok` flag),
// so they cross postMessage as they are. The experiment runs themselves
// (settings, progress, several calls) are in web/src/experiments/.

import { toTypedMask, toTypedMatrix } from './convert';
import { unwrap, unwrapData } from './errors';
import type { TypedMask, TypedMatrix } from './shapes';
import type { ExperimentsCore, PositionsCheck, PositionsKind } from './experiment-types';

export type * from './experiment-types';
import { makeDepth } from './depth';
import { makeMemory } from './memory'; // memory (experiment 7)
import { ropeArgs } from './positions';
import { count, fail, flag, list, maskOf, shaped } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

/** The positions an experiment accepts. */
export const POSITIONS_KINDS: readonly PositionsKind[] = ['none', 'sinusoidal', 'rope', 'alibi'];

// ---------------------------------------------------------------- argument checks

/** A whole number 0 … 2⁵³ − 1 (the C++ core checks its own range). */
const whole = count;

/** An array of numbers or a typed array, copied (validate.ts). */
const numbers = (fn: string, arg: string, xs: unknown) => list(fn, arg, xs, true);

/** Rows of numbers (converted) or a { data: Float64Array, rows, cols } whose data has rows·cols values. */
const matrix = (fn: string, arg: string, m: unknown): TypedMatrix =>
  Array.isArray(m) ? toTypedMatrix(fn, arg, m) : shaped(fn, arg, m, Float64Array, 'a matrix (rows of numbers, or { data: Float64Array, rows, cols })');

/** Rows of booleans (converted), a { data: Uint8Array, rows, cols }, or none. */
const mask = (fn: string, m: unknown): TypedMask | null =>
  Array.isArray(m) ? toTypedMask(fn, m) : maskOf(fn, m, 'rows of booleans or { data: Uint8Array, rows, cols }, or null');

/** An experiment's RoPE options (base, pairing; no offset: positions 0 … n − 1), checked as rope()'s. */
function experimentRope(fn: string, rope: unknown): { base: number; interleaved: boolean } {
  if (rope != null && typeof rope === 'object' && 'offset' in rope) fail(fn, 'rope takes base and pairing only: positions are 0 … n − 1');
  const o = ropeArgs(fn, rope);
  return { base: o.base, interleaved: o.interleaved };
}

// ---------------------------------------------------------------- the functions

/** core.experiments over the raw module. */
export function makeExperiments(raw: RawCore): ExperimentsCore {
  return {
    ...makeDepth(raw), // depth (experiment 6): depth_experiment, depth_curves (depth.ts)
    ...makeMemory(raw), // memory (experiment 7): heap_stats, memory_point (memory.ts)
    scaling_point: (d, n, trials, seed) => {
      const f = 'scaling_point';
      return unwrapData(raw.scaling_point(whole(f, 'd', d), whole(f, 'n', n), whole(f, 'trials', trials), whole(f, 'seed', seed)), f);
    },
    scaling_experiment: (ds, n, trials, seed) => {
      const f = 'scaling_experiment';
      return unwrap(raw.scaling_experiment(numbers(f, 'ds', ds), whole(f, 'n', n), whole(f, 'trials', trials), whole(f, 'seed', seed)), f).points;
    },
    permutation_experiment: (X, perm, use_pe) => {
      const f = 'permutation_experiment';
      return unwrapData(raw.permutation_experiment(matrix(f, 'X', X), numbers(f, 'perm', perm), flag(f, 'use_pe', use_pe)), f);
    },
    seeded_permutation: (n, seed) => {
      const f = 'seeded_permutation';
      return unwrap(raw.seeded_permutation(whole(f, 'n', n), whole(f, 'seed', seed)), f).perm;
    },
    quadratic_point: (n, d, seed) => {
      const f = 'quadratic_point';
      return unwrapData(raw.quadratic_point(whole(f, 'n', n), whole(f, 'd', d), whole(f, 'seed', seed)), f);
    },
    fit_loglog_slope: (xs, ys) => {
      const f = 'fit_loglog_slope';
      return unwrapData(raw.fit_loglog_slope(numbers(f, 'xs', xs), numbers(f, 'ys', ys)), f);
    },
    h1_check: (Q, K, V, m) => {
      const f = 'h1_check';
      return unwrapData(raw.h1_check(matrix(f, 'Q', Q), matrix(f, 'K', K), matrix(f, 'V', V), mask(f, m)), f);
    },
    // relative position (experiments 5 and 7)
    relative_position_experiment: (n, d, seed, rope) => {
      const f = 'relative_position_experiment';
      const o = experimentRope(f, rope);
      return unwrapData(raw.relative_position_experiment(whole(f, 'n', n), whole(f, 'd', d), whole(f, 'seed', seed), o.base, o.interleaved), f);
    },
    relative_position_scores: (q, k, n, rope) => {
      const f = 'relative_position_scores';
      const o = experimentRope(f, rope);
      return unwrapData(raw.relative_position_scores(numbers(f, 'q', q), numbers(f, 'k', k), whole(f, 'n', n), o.base, o.interleaved), f);
    },
    permutation_positions: (X, perm, positions, rope) => {
      const f = 'permutation_positions';
      if (!(POSITIONS_KINDS as readonly unknown[]).includes(positions)) fail(f, `positions must be none, sinusoidal, rope or alibi, got ${String(positions)}`);
      const o = experimentRope(f, rope);
      return unwrapData(raw.permutation_positions(matrix(f, 'X', X), numbers(f, 'perm', perm), positions, o.base, o.interleaved), f) as PositionsCheck;
    },
  };
}
