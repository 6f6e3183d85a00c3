// kv-decode.ts — the KV-cache stepper's numbers, no DOM: the example
// (the state's grouped-query inputs when the operation is gqa and they fit —
// X = the Q input as q = k = v, its Wq … Wo, biases and head counts — otherwise
// a seeded one: 6 tokens, d = 8, 4 query heads over 2 KV heads of width 4),
// decoded one token at a time by core.kv_decode, and the full pass it must
// equal: core.typed.grouped_query_attention with a causal mask (GQA, Ainslie
// et al. 2023; MQA, Shazeer 2019). Also K = X·Wk + bk and V = X·Wv + bv, the
// rows the cache holds, for the drawing.

import type { Core, ProjectionParams, TypedMatrix } from '../core/core';
import { readMatrix } from './inputs';
import { opOf } from './ops/index';
import type { MatrixName, State } from './state';

/** The seeded example's shape: 6 tokens, d = 8, 4 query heads over 2 KV heads, each 4 wide. */
export const SEEDED = { tokens: 6, d: 8, heads: 4, kvHeads: 2, headDim: 4, seed: 11 } as const;
/** The largest state example the stepper draws: tokens and heads (more: the seeded example, said why). */
export const MAX_STEPPER = { tokens: 16, heads: 16, headDim: 64 } as const;

/** Why the state's inputs are not used: not gqa, a bad or missing matrix, K or V not as wide as Q, too large. */
export type ExampleReason = 'notGqa' | 'unreadable' | 'widths' | 'tooLarge' | 'refused';

/** A decoding example: X (n × d_in, q = k = v), the projections, the head counts, and where it came from. */
export interface KvExample {
  X: TypedMatrix;
  params: ProjectionParams<TypedMatrix, Float64Array>;
  heads: number;
  kvHeads: number;
  /** 'state': the page's gqa inputs; 'seeded': the built-in example, `reason` says why. */
  from: 'state' | 'seeded';
  reason?: ExampleReason;
}

/** The decoded example: per step the output row, the weights per query head and the cache size; K and V rows; the full pass. */
export interface KvRun {
  example: KvExample;
  tokens: number;
  headDimK: number;
  headDimV: number;
  /** weights[t] is heads × (t + 1): step t's new query's weights, per query head. */
  weights: TypedMatrix[];
  /** Values in the cache after step t. */
  cacheValues: number[];
  /** tokens × (kvHeads·d_k) and tokens × (kvHeads·d_v): what the cache holds, row t added at step t. */
  K: TypedMatrix;
  V: TypedMatrix;
  /** diff[t] = largest |decode out − full causal out| over rows 0 … t. */
  diff: number[];
}

/** x·W + b (b may be null): rows × W.cols. */
export function project(x: TypedMatrix, W: TypedMatrix, b: Float64Array | null): TypedMatrix {
  const out = new Float64Array(x.rows * W.cols);
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < W.cols; j++) {
      let s = b ? b[j] : 0;
      for (let k = 0; k < x.cols; k++) s += x.data[i * x.cols + k] * W.data[k * W.cols + j];
      out[i * W.cols + j] = s;
    }
  return { data: out, rows: x.rows, cols: W.cols };
}

/** The seeded example (the same numbers every time: the core's SplitMix64 normals, nn.Linear-like scale 1/√d_in). */
export function seededExample(core: Core, reason: ExampleReason): KvExample {
  const { tokens, d, heads, kvHeads, headDim, seed } = SEEDED;
  const r = (rows: number, cols: number, k: number) => core.typed.random_normal(rows, cols, seed + k, 1 / Math.sqrt(rows));
  const X = core.typed.random_normal(tokens, d, seed, 1);
  const params = { Wq: r(d, heads * headDim, 1), Wk: r(d, kvHeads * headDim, 2), Wv: r(d, kvHeads * headDim, 3), Wo: r(heads * headDim, d, 4) };
  return { X, params, heads, kvHeads, from: 'seeded', reason };
}

/** The state's gqa inputs as an example (X = Q), or why not. */
function stateExample(core: Core, state: State): KvExample | ExampleReason {
  if (!opOf(state).flags.kvCache) return 'notGqa';
  const read = (name: MatrixName) => readMatrix(core, state, name).m;
  const [X, Wq, Wk, Wv, Wo] = (['Q', 'Wq', 'Wk', 'Wv', 'Wo'] as const).map(read);
  if (!X || !Wq || !Wk || !Wv || !Wo) return 'unreadable';
  const bias = (name: MatrixName) => (state.matrices[name] ? (read(name)?.data ?? undefined) : null);
  const [bq, bk, bv, bo] = (['bq', 'bk', 'bv', 'bo'] as const).map(bias);
  if (bq === undefined || bk === undefined || bv === undefined || bo === undefined) return 'unreadable';
  if (Wk.rows !== X.cols || Wv.rows !== X.cols) return 'widths';
  const [H, G] = [state.numHeads, state.numKvHeads];
  if (X.rows > MAX_STEPPER.tokens || H > MAX_STEPPER.heads || Wq.cols / H > MAX_STEPPER.headDim || Wv.cols / G > MAX_STEPPER.headDim) return 'tooLarge';
  return { X, params: { Wq, Wk, Wv, Wo, bq, bk, bv, bo }, heads: H, kvHeads: G, from: 'state' };
}

/** Decode `ex` token by token and compare with the full causal pass. Throws the core's AttentionError on bad shapes. */
export function decodeExample(core: Core, ex: KvExample): KvRun {
  const H = ex.heads;
  const G = ex.kvHeads;
  const r = core.typed.kv_decode(ex.X, ex.params, { num_heads: H, num_kv_heads: G });
  const n = ex.X.rows;
  const as3 = (m: TypedMatrix) => ({ data: m.data, batch: 1, rows: m.rows, cols: m.cols });
  const full = core.typed.grouped_query_attention(as3(ex.X), as3(ex.X), as3(ex.X), ex.params, {
    num_heads: H,
    num_kv_heads: G,
    mask: core.typed.causal_mask(n),
  });
  const cols = r.out.cols;
  const diff: number[] = [];
  let worst = 0;
  for (let t = 0; t < n; t++) {
    for (let j = 0; j < cols; j++) worst = Math.max(worst, Math.abs(r.out.data[t * cols + j] - full.out.data[t * cols + j]));
    diff.push(worst);
  }
  return {
    example: ex,
    tokens: n,
    headDimK: r.head_dim_k,
    headDimV: r.head_dim_v,
    weights: r.weights,
    cacheValues: Array.from(r.cache_values),
    K: project(ex.X, ex.params.Wk, ex.params.bk ?? null),
    V: project(ex.X, ex.params.Wv, ex.params.bv ?? null),
    diff,
  };
}

/** The stepper's run for `state`: its gqa inputs when they fit and the core takes them, else the seeded example with the reason. */
export function kvRunFor(core: Core, state: State): KvRun {
  const ex = stateExample(core, state);
  if (typeof ex === 'string') return decodeExample(core, seededExample(core, ex));
  try {
    return decodeExample(core, ex);
  } catch {
    return decodeExample(core, seededExample(core, 'refused')); // the compute panel says what is wrong with the state
  }
}
