// friendly.ts — the friendly form of the core: plain arrays (number[][],
// boolean[][]) in and out. Each function checks and converts its arguments
// (convert.ts; sizes by length before anything is read), calls the typed form
// (which checks the rest, validate.ts), and converts the result back.

import { typedOpts } from './bias'; // bias
import { fromTyped, toTypedMask, toTypedMatrix, toTypedTensor3, toTypedVector } from './convert';
import { unwrap } from './errors';
import { friendlyParts } from './parts';
import type { Core, GroupedResult, TypedCore, TypedMatrix } from './types';
import { num, obj } from './validate';
import type { RawCore } from './wasm/attention_core.mjs';

/** The friendly functions (Core without its typed, raw, experiments and limits members). */
export type FriendlyCore = Omit<Core, 'typed' | 'raw' | 'experiments' | 'limits' | 'threads'>;

/** The friendly form over the typed one (and the raw module for softmax and layer_norm). */
export function makeFriendly(raw: RawCore, typed: TypedCore): FriendlyCore {
  const M = toTypedMatrix;
  return {
    softmax: (xs) => Array.from(unwrap(raw.softmax(toTypedVector('softmax', 'xs', xs)), 'softmax').out),
    attention: (Q, K, V, mask, opts) => {
      const r = typed.attention(
        M('attention', 'Q', Q),
        M('attention', 'K', K),
        M('attention', 'V', V),
        toTypedMask('attention', mask),
        typedOpts('attention', opts),
      );
      return { out: fromTyped(r.out), weights: fromTyped(r.weights) };
    },
    attention_steps: (Q, K, V, mask, opts) => {
      const f = 'attention_steps';
      const r = typed.attention_steps(M(f, 'Q', Q), M(f, 'K', K), M(f, 'V', V), toTypedMask(f, mask), typedOpts(f, opts));
      return { scores: fromTyped(r.scores), scaled: fromTyped(r.scaled), masked: fromTyped(r.masked), weights: fromTyped(r.weights), out: fromTyped(r.out) };
    },
    causal_mask: (n) => {
      const m = typed.causal_mask(n);
      return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), (x) => x === 1));
    },
    multi_head: (Q, K, V, h, mask, opts) => {
      const r = typed.multi_head(
        M('multi_head', 'Q', Q),
        M('multi_head', 'K', K),
        M('multi_head', 'V', V),
        h,
        toTypedMask('multi_head', mask),
        typedOpts('multi_head', opts, true),
      );
      return { out: fromTyped(r.out), weights: r.weights.map((w) => fromTyped(w)) };
    },
    pos_encoding: (n, d) => fromTyped(typed.pos_encoding(n, d)),
    layer_norm: (row, eps) => {
      const f = 'layer_norm';
      return Array.from(unwrap(raw.layer_norm(toTypedVector(f, 'row', row), num(f, 'eps', eps, 1e-5, 0)), f).out);
    },
    block: (X, h, mask, opts) => {
      const o = obj('block', 'opts', opts); // rope options: { eps?, rope?, alibi? }, checked by the typed form
      const r = typed.block(M('block', 'X', X), h, toTypedMask('block', mask), { eps: o.eps as number, rope: o.rope as never, alibi: o.alibi as boolean });
      return { normed: fromTyped(r.normed), attended: fromTyped(r.attended), out: fromTyped(r.out), weights: r.weights.map((w) => fromTyped(w)) };
    },
    single_head: (X, Wq, Wk, Wv, opts) => {
      const f = 'single_head';
      const r = typed.single_head(M(f, 'X', X), M(f, 'Wq', Wq), M(f, 'Wk', Wk), M(f, 'Wv', Wv), opts);
      return { q: fromTyped(r.q), k: fromTyped(r.k), v: fromTyped(r.v), weights: fromTyped(r.weights), out: fromTyped(r.out) };
    },
    project: (X, W, b) => fromTyped(typed.project(M('project', 'X', X), M('project', 'W', W), b == null ? b : toTypedVector('project', 'b', b))),
    grouped_query_attention: (q, k, v, params, opts) => groupedQueryAttention(typed, q, k, v, params, opts),
    random_normal: (rows, cols, seed, scale) => fromTyped(typed.random_normal(rows, cols, seed, scale)),
    // the parts (parts.ts): positions, the mask builders, attention at scale, linear attention
    ...friendlyParts(typed, raw),
  };
}

/** grouped_query_attention on plain arrays: batch × rows × cols in, the same out, weights per batch and head. */
function groupedQueryAttention(typed: TypedCore, q: unknown, k: unknown, v: unknown, params: unknown, opts: unknown): GroupedResult {
  const f = 'grouped_query_attention';
  const x = [toTypedTensor3(f, 'q', q), toTypedTensor3(f, 'k', k), toTypedTensor3(f, 'v', v)] as const;
  const p = obj(f, 'params', params, 'an object { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? }');
  const P: Record<string, TypedMatrix | Float64Array | null> = {};
  for (const c of 'qkvo') {
    P['W' + c] = toTypedMatrix(f, 'W' + c, p['W' + c]);
    P['b' + c] = p['b' + c] == null ? null : toTypedVector(f, 'b' + c, p['b' + c]);
  }
  const o = obj(f, 'opts', opts, 'an object { num_heads, num_kv_heads, mask? }');
  const r = typed.grouped_query_attention(...x, P as never, {
    num_heads: o.num_heads as number,
    num_kv_heads: o.num_kv_heads as number,
    mask: toTypedMask(f, o.mask),
  });
  const { batch, rows, cols } = r.out;
  const out = Array.from({ length: batch }, (_, b) => fromTyped(r.out, b * rows * cols));
  const nk = r.weights.length / (batch * r.num_heads * rows);
  const weights = Array.from({ length: batch }, (_, b) =>
    Array.from({ length: r.num_heads }, (_, hd) => fromTyped({ data: r.weights, rows, cols: nk }, (b * r.num_heads + hd) * rows * nk)),
  );
  return { out, weights };
}
