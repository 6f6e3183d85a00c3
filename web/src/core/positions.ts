// positions.ts — RoPE (RoFormer, Su et al. 2021) and ALiBi (Press, Smith &
// Lewis 2022) in the façade: rope()'s option checks and the three functions'
// typed and friendly forms, spread into makeTyped / makeFriendly. Every
// argument is checked here before it crosses into WebAssembly (counts within
// the core's limits, base, pairing, offset); the core checks the rest (d even,
// offset ≤ 2³¹, n_q ≤ n_k, h·n_q·n_k within maxWeights) and answers as data.

import { fromTyped, toTypedMatrix } from './convert';
import { unwrap } from './errors';
import type { Core, RopePairing, TypedCore, TypedMatrix } from './types';
import { count, describe, fail, lim, obj, shaped } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

/** rope()'s options, checked: base a finite number > 1, pairing 'half' or 'interleaved', offset a whole number ≥ 0. */
export interface RopeArgs {
  base: number;
  interleaved: boolean;
  offset: number;
}

const PAIRINGS: readonly RopePairing[] = ['half', 'interleaved'];

/** rope()'s options object (undefined/null: the defaults base 10000, 'half', offset 0), checked; the core checks offset ≤ 2³¹. */
export function ropeArgs(fn: string, opts: unknown): RopeArgs {
  const o = obj(fn, 'opts', opts);
  const b = o.base ?? 10000;
  if (typeof b !== 'number') fail(fn, `base must be a finite number > 1, got ${describe(b)}`);
  if (!Number.isFinite(b) || b <= 1) fail(fn, `base = ${b} must be a finite number > 1 (10000 in RoFormer and Llama 2)`);
  const p = o.pairing ?? 'half';
  if (!PAIRINGS.includes(p as RopePairing)) fail(fn, `pairing must be 'half' or 'interleaved', got ${describe(p)}`);
  const offset = o.offset == null ? 0 : count(fn, 'offset', o.offset);
  return { base: b, interleaved: p === 'interleaved', offset };
}

/** The typed forms: TypedMatrix in and out (rope), Float64Array (slopes), { data, batch: h, rows: n_q, cols: n_k } (bias). */
export function makeTypedPositions(raw: RawCore): Pick<TypedCore, 'rope' | 'alibi_slopes' | 'alibi_bias'> {
  return {
    rope: (X, opts) => {
      const f = 'rope';
      const x = shaped<TypedMatrix>(f, 'X', X, Float64Array);
      const o = ropeArgs(f, opts);
      return unwrap(raw.rope(x, o.base, o.interleaved, o.offset), f).out;
    },
    alibi_slopes: (h) => unwrap(raw.alibi_slopes(count('alibi_slopes', 'h', h, lim().maxHeads)), 'alibi_slopes').out,
    alibi_bias: (h, n_q, n_k) => {
      const f = 'alibi_bias';
      const L = lim();
      return unwrap(raw.alibi_bias(count(f, 'h', h, L.maxHeads), count(f, 'n_q', n_q, L.maxRows), count(f, 'n_k', n_k, L.maxRows)), f).out;
    },
  };
}

/** The friendly forms over the typed ones: number[][] in and out (rope), number[] (slopes), number[][][] (bias, h × n_q × n_k). */
export function makeFriendlyPositions(typed: TypedCore): Pick<Core, 'rope' | 'alibi_slopes' | 'alibi_bias'> {
  return {
    rope: (X, opts) => fromTyped(typed.rope(toTypedMatrix('rope', 'X', X), opts)),
    alibi_slopes: (h) => Array.from(typed.alibi_slopes(h)),
    alibi_bias: (h, n_q, n_k) => {
      const b = typed.alibi_bias(h, n_q, n_k);
      return Array.from({ length: b.batch }, (_, t) => fromTyped(b, t * b.rows * b.cols));
    },
  };
}
