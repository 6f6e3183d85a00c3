// rope-options.ts — the rope option of multi_head and the rope / alibi options of block, checked in JS
// before WebAssembly with the core's own messages (cpp/multi_head.cpp check_head_rope): RoPE (Su et al. 2021) turns
// each head's q and k slices with d = d/h, keys at offset + j, queries at offset + n_k − n_q + i; ALiBi (Press et al.
// 2022) adds alibi_bias(h, n, n) per head. The core checks all of it again.

import type { RopePairing } from './types';
import { count, describe, fail, flag, kindOf, num, obj } from './validate';

/** The largest RoPE position (cpp/rope.h kMaxRopeOffset): 2³¹. */
const MAX_OFFSET = 2147483648;
const PAIRINGS: readonly RopePairing[] = ['half', 'interleaved'];

/** The rope option as the raw calls take it: on (false: none), base, interleaved, offset. */
export type RawRope = readonly [on: boolean, base: number, interleaved: boolean, offset: number];

/** No rope: the raw call's trailing arguments when the option is left out. */
const NO_ROPE: RawRope = [false, 10000, false, 0];

/**
 * The `rope` option of multi_head / block (null or undefined: none), checked against the shapes: d/h even, n_q ≤ n_k,
 * base a finite number > 1, pairing 'half' or 'interleaved', offset a whole number with offset + n_k − n_q ≤ 2³¹.
 * Shapes the core reports itself (h = 0, h not dividing d) are left to it.
 */
export function headRope(fn: string, x: unknown, d: number, h: number, n_q: number, n_k: number): RawRope {
  if (x == null) return NO_ROPE;
  const o = obj(fn, 'rope', x, 'an object { base?, pairing?, offset? } or null');
  if (h > 0 && d % h === 0 && (d / h) % 2 !== 0) fail(fn, `rope needs an even head width d/h = ${d / h}`, 'divisibility');
  if (n_q > n_k) fail(fn, `rope needs n_q ≤ n_k (the queries are the last n_q of the n_k positions), got n_q = ${n_q} and n_k = ${n_k}`, 'shape');
  const base = o.base ?? 10000;
  if (typeof base !== 'number') fail(fn, `rope.base must be a finite number > 1, got ${describe(base)}`);
  if (!Number.isFinite(base) || base <= 1) fail(fn, `rope.base = ${base} must be a finite number > 1 (10000 in RoFormer and Llama 2)`);
  const pairing = o.pairing ?? 'half';
  if (!PAIRINGS.includes(pairing as RopePairing)) fail(fn, `rope.pairing must be 'half' or 'interleaved', got ${describe(pairing)}`);
  const offset = o.offset == null ? 0 : count(fn, 'rope.offset', o.offset, MAX_OFFSET);
  if (offset + n_k - n_q > MAX_OFFSET)
    fail(fn, `rope.offset + n_k − n_q = ${offset + n_k - n_q} (the first query's position) is over the limit of ${MAX_OFFSET}`, 'too_large');
  return [true, base, pairing === 'interleaved', offset];
}

/** block()'s options, checked: the layer norm's eps (a finite number ≥ 0), rope (as headRope) and alibi (true/false). */
export interface BlockArgs {
  eps: number;
  rope: RawRope;
  alibi: boolean;
}

/**
 * block()'s 4th argument: eps (a number; undefined or null: 1e-5) or an options object { eps?, rope?, alibi? }.
 * X is (n, d) with h heads.
 */
export function blockArgs(fn: string, x: unknown, n: number, d: number, h: number): BlockArgs {
  const isOptions = typeof x === 'object' && x !== null && !Array.isArray(x) && !kindOf(x);
  if (!isOptions) return { eps: num(fn, 'eps', x, 1e-5, 0), rope: NO_ROPE, alibi: false };
  const o = x as Record<string, unknown>;
  const eps = num(fn, 'eps', o.eps, 1e-5, 0);
  return { eps, rope: headRope(fn, o.rope, d, h, n, n), alibi: flag(fn, 'alibi', o.alibi, false) };
}
