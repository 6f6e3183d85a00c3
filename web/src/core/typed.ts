// typed.ts — the typed-array form of the core (core.typed): Float64Array +
// shape in, the same out, one copy each way. Every argument is checked in JS
// first (validate.ts: types, whole numbers, shape = data length, limits) and
// crosses as a fresh object; what only the core can check (shapes against
// each other, finite values) comes back from it as an error value.

import { typedBias, typedHeadBias } from './bias'; // bias
import { unstack } from './convert';
import { unwrap } from './errors';
import type { TypedCore, TypedMask, TypedMatrix, TypedTensor3 } from './types';
import { typedParts } from './parts';
import { blockArgs, headRope } from './rope-options'; // rope options
import { count, describe, fail, flag, maskOf, num, obj, positive, shaped, view } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

const M = (fn: string, arg: string, x: unknown) => shaped<TypedMatrix>(fn, arg, x, Float64Array);
const qkv = (fn: string, Q: unknown, K: unknown, V: unknown) => [M(fn, 'Q', Q), M(fn, 'K', K), M(fn, 'V', V)] as const;
const T3 = (fn: string, arg: string, x: unknown) => shaped<TypedTensor3>(fn, arg, x, Float64Array, undefined, ['batch', 'rows', 'cols']);
/** The softmax temperature τ of an options object: a finite number > 0, default 1. */
const tau = (fn: string, o: Record<string, unknown>) => positive(fn, 'temperature', o.temperature, 1);

/** A bias vector (grouped_query_attention, project): null/undefined (no bias) or a non-empty Float64Array. */
function bias(fn: string, arg: string, x: unknown): Float64Array | null {
  if (x == null) return null;
  const b = view(x, Float64Array) ?? fail(fn, `${arg} must be a Float64Array or null, got ${describe(x)}`, 'not_a_number');
  // the core reads an empty bias as "no bias"; an empty array is a wrong length, not null
  if (!b.length) fail(fn, `${arg} is empty: pass null for no bias, or one value per column`, 'shape');
  return b;
}

/** core.typed over the raw module. */
export function makeTyped(raw: RawCore): TypedCore {
  return {
    attention: (Q, K, V, mask, opts) => {
      const f = 'attention';
      const [q, k, v] = qkv(f, Q, K, V);
      const m = maskOf<TypedMask>(f, mask);
      const o = obj(f, 'opts', opts);
      const scale = flag(f, 'scale', o.scale, true);
      const t = tau(f, o);
      const w = o.weightsInto;
      const into = w == null ? null : view(w, Float64Array);
      if (into === undefined || (into && into.length !== q.rows * k.rows))
        fail(f, `weightsInto must be a Float64Array of n_q·n_k = ${q.rows}·${k.rows} values, got ${into ? `${into.length} values` : describe(w)}`, 'shape');
      const r = unwrap(raw.attention(q, k, v, m, scale, t, into, typedBias(f, o.bias, q.rows, k.rows)), f);
      if (into) r.weights.data = w as Float64Array; // the caller's own array, filled through the view
      return r;
    },
    attention_steps: (Q, K, V, mask, opts) => {
      const f = 'attention_steps';
      const [q, k, v] = qkv(f, Q, K, V);
      const m = maskOf<TypedMask>(f, mask);
      const o = obj(f, 'opts', opts);
      return unwrap(raw.attention_steps(q, k, v, m, flag(f, 'scale', o.scale, true), tau(f, o), typedBias(f, o.bias, q.rows, k.rows)), f);
    },
    causal_mask: (n_q, n_k) => unwrap(raw.causal_mask(count('causal_mask', 'n', n_q), count('causal_mask', 'n_k', n_k ?? n_q)), 'causal_mask'),
    multi_head: (Q, K, V, h, mask, opts) => {
      const f = 'multi_head';
      const [q, k, v] = qkv(f, Q, K, V);
      const heads = count(f, 'h', h);
      const m = maskOf<TypedMask>(f, mask);
      const o = obj(f, 'opts', opts);
      const b = typedHeadBias(f, o.bias, heads, q.rows, k.rows);
      const rope = headRope(f, o.rope, q.cols, heads, q.rows, k.rows); // rope options
      const r = unwrap(raw.multi_head(q, k, v, heads, m, tau(f, o), b, ...rope), f);
      return { out: r.out, weights: unstack(r.weights) };
    },
    pos_encoding: (n, d) => unwrap(raw.pos_encoding(count('pos_encoding', 'n', n), count('pos_encoding', 'd', d)), 'pos_encoding').out,
    block: (X, h, mask, epsOrOptions) => {
      const f = 'block';
      const [x, heads, m] = [M(f, 'X', X), count(f, 'h', h), maskOf<TypedMask>(f, mask)];
      const o = blockArgs(f, epsOrOptions, x.rows, x.cols, heads); // rope options: eps or { eps, rope, alibi }
      const r = unwrap(raw.block(x, heads, m, o.eps, ...o.rope, o.alibi), f);
      return { normed: r.normed, attended: r.attended, out: r.out, weights: unstack(r.weights) };
    },
    single_head: (X, Wq, Wk, Wv, opts) => {
      const f = 'single_head';
      const args = [M(f, 'X', X), M(f, 'Wq', Wq), M(f, 'Wk', Wk), M(f, 'Wv', Wv)] as const;
      return unwrap(raw.single_head(...args, flag(f, 'causal', obj(f, 'opts', opts).causal, true)), f);
    },
    project: (X, W, b) => {
      const f = 'project';
      return unwrap(raw.project(M(f, 'X', X), M(f, 'W', W), bias(f, 'b', b)), f).out;
    },
    grouped_query_attention: (q, k, v, params, opts) => {
      const f = 'grouped_query_attention';
      const x = [T3(f, 'q', q), T3(f, 'k', k), T3(f, 'v', v)] as const;
      const p = obj(f, 'params', params, 'an object { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? }');
      const P: Record<string, unknown> = {};
      for (const c of 'qkvo') [P['W' + c], P['b' + c]] = [M(f, 'W' + c, p['W' + c]), bias(f, 'b' + c, p['b' + c])];
      const o = obj(f, 'opts', opts, 'an object { num_heads, num_kv_heads, mask? }');
      const heads = [count(f, 'num_heads', o.num_heads), count(f, 'num_kv_heads', o.num_kv_heads)] as const;
      return unwrap(raw.grouped_query_attention(...x, P as never, ...heads, maskOf(f, o.mask)), f);
    },
    random_normal: (rows, cols, seed, scale) => {
      const f = 'random_normal';
      return unwrap(raw.random_normal(count(f, 'rows', rows), count(f, 'cols', cols), count(f, 'seed', seed), num(f, 'scale', scale, 1)), f).out;
    },
    // the parts (parts.ts): positions, the mask builders, attention at scale, linear attention
    ...typedParts(raw),
  };
}
