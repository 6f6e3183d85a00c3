// typed.ts — the typed-array form of the core (core.typed): Float64Array +
// shape in, the same out, one copy each way. Counts are checked here (they
// cross as a 32-bit size_t); shapes and values are checked by the C++ core.

import { checkCount, checkEps, unstack } from './convert';
import { AttentionError, unwrap } from './errors';
import type { GroupedOptions, TypedCore, TypedMask } from './types';
import type { RawCore, RawMask, RawMatrix, RawTensor3 } from './wasm/attention_core.mjs';

/** core.typed over the raw module. */
export function makeTyped(raw: RawCore): TypedCore {
  return {
    attention: (Q, K, V, mask, opts) =>
      unwrap(raw.attention(Q as RawMatrix, K, V, (mask ?? null) as RawMask | null, opts?.scale ?? true, opts?.weightsInto ?? null)),
    attention_steps: (Q, K, V, mask, opts) => unwrap(raw.attention_steps(Q, K, V, mask ?? null, opts?.scale ?? true)),
    causal_mask: (n_q, n_k) => unwrap(raw.causal_mask(checkCount('causal_mask', 'n', n_q), checkCount('causal_mask', 'n_k', n_k ?? n_q))),
    multi_head: (Q, K, V, h, mask) => {
      const r = unwrap(raw.multi_head(Q, K, V, checkCount('multi_head', 'h', h), mask ?? null));
      return { out: r.out, weights: unstack(r.weights) };
    },
    pos_encoding: (n, d) => unwrap(raw.pos_encoding(checkCount('pos_encoding', 'n', n), checkCount('pos_encoding', 'd', d))).out,
    block: (X, h, mask, eps) => {
      const r = unwrap(raw.block(X, checkCount('block', 'h', h), mask ?? null, checkEps('block', eps ?? 1e-5)));
      return { normed: r.normed, attended: r.attended, out: r.out, weights: unstack(r.weights) };
    },
    single_head: (X, Wq, Wk, Wv, opts) => unwrap(raw.single_head(X, Wq, Wk, Wv, opts?.causal ?? true)),
    grouped_query_attention: (q, k, v, params, opts = {} as GroupedOptions<TypedMask>) => {
      // the core reads an empty bias as "no bias"; an empty array is a wrong length, not null
      for (const b of ['bq', 'bk', 'bv', 'bo'] as const)
        if (params?.[b] != null && params[b]!.length === 0)
          throw new AttentionError(`grouped_query_attention: ${b} is empty: pass null for no bias, or one value per column`, 'shape');
      return unwrap(
        raw.grouped_query_attention(
          q as RawTensor3,
          k,
          v,
          params,
          checkCount('grouped_query_attention', 'num_heads', opts.num_heads),
          checkCount('grouped_query_attention', 'num_kv_heads', opts.num_kv_heads),
          opts.mask ?? null,
        ),
      );
    },
    random_normal: (rows, cols, seed, scale) =>
      unwrap(
        raw.random_normal(
          checkCount('random_normal', 'rows', rows),
          checkCount('random_normal', 'cols', cols),
          checkCount('random_normal', 'seed', seed, Number.MAX_SAFE_INTEGER),
          scale ?? 1,
        ),
      ).out,
  };
}
