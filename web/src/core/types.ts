// types.ts — the shapes the façade takes and returns, and the two forms of the
// core (Core: plain arrays; TypedCore: Float64Array + shape). No code here.

import type { ExperimentsCore } from './experiment-types';
import type { BoolMatrix, Matrix, Tensor3, TypedMask, TypedMatrix, TypedTensor3 } from './shapes';
import type { Limits } from './limits';
import type { RawCore } from './wasm/attention_core.mjs';

export type { BoolMatrix, Matrix, Tensor3, TypedMask, TypedMatrix, TypedTensor3 } from './shapes';

/**
 * Options of attention() and attention_steps(): the weights are softmax(Q·Kᵀ / (τ·√d_k)), or softmax(Q·Kᵀ / τ)
 * with `scale` false. `temperature` τ (default 1, the standard attention) must be a finite number > 0: τ < 1
 * sharpens the weights towards the largest score, τ > 1 flattens them towards uniform (Hinton et al. 2015).
 */
export interface AttentionOptions<B = Matrix> {
  /** Divide the scores by √d_k (default true). */
  scale?: boolean;
  /** The softmax temperature τ (default 1). */
  temperature?: number;
  /** bias: n_q × n_k, added after scaling, before masking (a bias never unmasks); finite. */
  bias?: B | null;
}
/** Options of multi_head(): every head's scores are divided by τ·√(d/h); `temperature` τ defaults to 1. */
export interface MultiHeadOptions<B = Tensor3> {
  /** The softmax temperature τ (default 1), the same for every head. */
  temperature?: number;
  /** bias: h × n_q × n_k, head t adds bias[t] after scaling, before masking; finite. */
  bias?: B | null;
  /**
   * rope options: RoPE (Su et al. 2021) on each head's q and k slices with d = d/h (even), never on V: keys
   * at positions offset + j, queries at offset + n_k − n_q + i (the last n_q positions; n_q ≤ n_k). null or left out: none.
   */
  rope?: RopeOptions | null;
}

/** Result of attention(): out (n_q × d_v) and weights (n_q × n_k). */
export interface AttentionResult<M = Matrix> {
  out: M;
  weights: M;
}
/** Every step of attention, for display. */
export interface AttentionSteps<M = Matrix> {
  scores: M;
  scaled: M;
  masked: M;
  weights: M;
  out: M;
}
/** Result of multi_head(): out and one weight matrix per head. */
export interface MultiHeadResult<M = Matrix> {
  out: M;
  weights: M[];
}
/** Result of block(): LN(X), the attention output, X + it, and the weights. */
export interface BlockResult<M = Matrix> {
  normed: M;
  attended: M;
  out: M;
  weights: M[];
}
/** Result of single_head(): projections, weights, output. */
export interface SingleHeadResult<M = Matrix> {
  q: M;
  k: M;
  v: M;
  weights: M;
  out: M;
}
/** Projection parameters in d_in × d_out layout (x·W + b). */
export interface ProjectionParams<M = Matrix, V = number[]> {
  Wq: M;
  bq?: V | null;
  Wk: M;
  bk?: V | null;
  Wv: M;
  bv?: V | null;
  Wo: M;
  bo?: V | null;
}
/** Options of grouped_query_attention(). */
export interface GroupedOptions<B = BoolMatrix> {
  num_heads: number;
  num_kv_heads: number;
  mask?: B | null;
}
/** Result of grouped_query_attention(): out (batch × n_q × d_o), weights (batch × H × n_q × n_k). */
export interface GroupedResult {
  out: Tensor3;
  weights: number[][][][];
}
/** Typed result of grouped_query_attention(). */
export interface TypedGroupedResult {
  out: TypedTensor3;
  weights: Float64Array;
  num_heads: number;
}

/** The typed-array form of the core, for large inputs (one copy each way). */
export interface TypedCore {
  /**
   * Attention on typed arrays. `weightsInto` (optional): a Float64Array of n_q·n_k that receives
   * the weights and is returned as `weights.data`, so a caller that recomputes can reuse one
   * buffer instead of a fresh one per call (n = 1024: 8 MB); the default allocates a new array.
   */
  attention(
    Q: TypedMatrix,
    K: TypedMatrix,
    V: TypedMatrix,
    mask?: TypedMask | null,
    opts?: AttentionOptions<TypedMatrix> & { weightsInto?: Float64Array },
  ): AttentionResult<TypedMatrix>;
  attention_steps(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, mask?: TypedMask | null, opts?: AttentionOptions<TypedMatrix>): AttentionSteps<TypedMatrix>;
  causal_mask(n_q: number, n_k?: number): TypedMask;
  multi_head(
    Q: TypedMatrix,
    K: TypedMatrix,
    V: TypedMatrix,
    h: number,
    mask?: TypedMask | null,
    opts?: MultiHeadOptions<TypedTensor3>,
  ): MultiHeadResult<TypedMatrix>;
  pos_encoding(n: number, d: number): TypedMatrix;
  /** `epsOrOptions`: the layer norm's eps (default 1e-5) or { eps?, rope?, alibi? } (rope options). */
  block(X: TypedMatrix, h: number, mask?: TypedMask | null, epsOrOptions?: number | BlockOptions | null): BlockResult<TypedMatrix>;
  single_head(X: TypedMatrix, Wq: TypedMatrix, Wk: TypedMatrix, Wv: TypedMatrix, opts?: { causal?: boolean }): SingleHeadResult<TypedMatrix>;
  /** A learned projection X·W + b: X (n, d_in), W (d_in, d_out), b (d_out) or none → (n, d_out). */
  project(X: TypedMatrix, W: TypedMatrix, b?: Float64Array | null): TypedMatrix;
  grouped_query_attention(
    q: TypedTensor3,
    k: TypedTensor3,
    v: TypedTensor3,
    params: ProjectionParams<TypedMatrix, Float64Array>,
    opts: GroupedOptions<TypedMask>,
  ): TypedGroupedResult;
  random_normal(rows: number, cols: number, seed: number, scale?: number): TypedMatrix;
}

/** The friendly form of the core: plain arrays in, plain arrays out. */
export interface Core {
  softmax(xs: number[]): number[];
  attention(Q: Matrix, K: Matrix, V: Matrix, mask?: BoolMatrix | null, opts?: AttentionOptions): AttentionResult;
  attention_steps(Q: Matrix, K: Matrix, V: Matrix, mask?: BoolMatrix | null, opts?: AttentionOptions): AttentionSteps;
  causal_mask(n: number): BoolMatrix;
  multi_head(Q: Matrix, K: Matrix, V: Matrix, h: number, mask?: BoolMatrix | null, opts?: MultiHeadOptions): MultiHeadResult;
  pos_encoding(n: number, d: number): Matrix;
  layer_norm(row: number[], eps?: number): number[];
  /** `opts`: { eps?, rope?, alibi? } (rope and alibi: rope options). */
  block(X: Matrix, h: number, mask?: BoolMatrix | null, opts?: BlockOptions | null): BlockResult;
  single_head(X: Matrix, Wq: Matrix, Wk: Matrix, Wv: Matrix, opts?: { causal?: boolean }): SingleHeadResult;
  /** A learned projection X·W + b: X (n, d_in), W (d_in, d_out), b (d_out) or none → (n, d_out). */
  project(X: Matrix, W: Matrix, b?: number[] | null): Matrix;
  grouped_query_attention(q: Tensor3, k: Tensor3, v: Tensor3, params: ProjectionParams, opts: GroupedOptions): GroupedResult;
  random_normal(rows: number, cols: number, seed: number, scale?: number): Matrix;
  /** The seed 003 experiments (typed arrays in and out). */
  experiments: ExperimentsCore;
  /** The size limits the C++ core enforces (read from the module). */
  limits(): Limits;
  /** How many threads its kernels use: 2 in the build with threads (loadCore({ threads: 2 }) where allowed), else 1. */
  threads(): number;
  /** The typed-array form. */
  typed: TypedCore;
  /** The raw core, one function per C++ binding (wire.ts; benchmarks compare against it). */
  raw: RawCore;
}

// ---- masks: the sparse mask builders (mask-patterns.ts, cpp/mask_patterns.h) ----
// Declared as a second part of TypedCore and Core (TypeScript merges the declarations).

/**
 * Options of bigbird_mask() (Zaheer et al. 2020), counted in blocks of `block` tokens; each a whole number between 0
 * and nb = n / block. Left out: window_blocks 3, global_blocks 1, random_blocks 1, seed 0 (each count at most nb).
 */
export interface BigBirdOptions {
  /** Blocks each block row sees around itself: its own and (window_blocks − 1) / 2 on each side (even: one more on the left). */
  window_blocks?: number;
  /** The first global_blocks blocks see every block and are seen by every block. */
  global_blocks?: number;
  /** Further blocks each non-global block row sees, drawn without repeats from those it does not see yet. */
  random_blocks?: number;
  /** The seed of the core's generator (SplitMix64): a whole number 0 … 2⁵³ − 1; the same mask natively and in WASM. */
  seed?: number;
}

export interface TypedCore {
  /** Sliding window (causal): query i sees keys i − w < j ≤ i; 1 ≤ w ≤ n (Beltagy et al. 2020; Jiang et al. 2023). */
  sliding_window_mask(n: number, w: number): TypedMask;
  /** Prefix-LM: j ≤ i or j < p, the first p tokens see each other; 0 ≤ p ≤ n (Raffel et al. 2020, T5). */
  prefix_lm_mask(n: number, p: number): TypedMask;
  /** Local + global: |i − j| ≤ w, or i or j in `globals` (indices in [0, n), an array or a typed array) (Beltagy et al. 2020). */
  local_global_mask(n: number, w: number, globals: ArrayLike<number>): TypedMask;
  /** Dilated (causal): j = i, i − d, …, i − (w − 1)·d with d = dilation ≥ 1; at most w keys a row (Child et al. 2019). */
  dilated_mask(n: number, w: number, dilation: number): TypedMask;
  /** BigBird's block pattern: global, window and seeded random blocks; block divides n (Zaheer et al. 2020). */
  bigbird_mask(n: number, block: number, opts?: BigBirdOptions | null): TypedMask;
}

export interface Core {
  /** sliding_window_mask as boolean[][] (true = may see): i − w < j ≤ i. */
  sliding_window_mask(n: number, w: number): BoolMatrix;
  /** prefix_lm_mask as boolean[][]: j ≤ i or j < p. */
  prefix_lm_mask(n: number, p: number): BoolMatrix;
  /** local_global_mask as boolean[][]: |i − j| ≤ w, or i or j a global token (`globals`: a plain array). */
  local_global_mask(n: number, w: number, globals: number[]): BoolMatrix;
  /** dilated_mask as boolean[][]: j = i − k·dilation for k = 0 … w − 1. */
  dilated_mask(n: number, w: number, dilation: number): BoolMatrix;
  /** bigbird_mask as boolean[][]. */
  bigbird_mask(n: number, block: number, opts?: BigBirdOptions | null): BoolMatrix;
}

// ---- positions: RoPE and ALiBi --------------------------------
// The members below join TypedCore and Core above (interface declaration merging).

/** Which columns RoPE turns together: 'half' (x_i, x_{i+d/2}: GPT-NeoX, Hugging Face Llama), 'interleaved' (x_2i, x_2i+1: RoFormer, Meta's Llama). */
export type RopePairing = 'half' | 'interleaved';
/** Options of rope(): θ_i = base^(−2i/d) (base a finite number > 1, default 10000); row r sits at position offset + r (a whole number 0 … 2³¹, default 0). */
export interface RopeOptions {
  /** The frequency base (default 10000; Llama 3 uses 500000). */
  base?: number;
  /** Which columns form a pair (default 'half'). */
  pairing?: RopePairing;
  /** The position of row 0, e.g. the length of a KV cache (default 0). */
  offset?: number;
}
export interface TypedCore {
  /** RoPE (Su et al. 2021): X (n × d, d even) with row r turned pair by pair by (offset + r)·θ_i. */
  rope(X: TypedMatrix, opts?: RopeOptions): TypedMatrix;
  /** ALiBi's slope per head (Press et al. 2022; their get_slopes): 2^(−8(t+1)/h) for a power of two h. */
  alibi_slopes(h: number): Float64Array;
  /** ALiBi biases, h × n_q × n_k: bias[t][i][j] = −m_t·|p_i − j|, p_i = i + n_k − n_q (n_q ≤ n_k). */
  alibi_bias(h: number, n_q: number, n_k: number): TypedTensor3;
}
export interface Core {
  /** RoPE (Su et al. 2021): X (n × d, d even) with row r turned pair by pair by (offset + r)·θ_i. */
  rope(X: Matrix, opts?: RopeOptions): Matrix;
  /** ALiBi's slope per head (Press et al. 2022; their get_slopes): 2^(−8(t+1)/h) for a power of two h. */
  alibi_slopes(h: number): number[];
  /** ALiBi biases, h × n_q × n_k: bias[t][i][j] = −m_t·|p_i − j|, p_i = i + n_k − n_q (n_q ≤ n_k). */
  alibi_bias(h: number, n_q: number, n_k: number): Tensor3;
}
// ---- end of positions -----------------------------------------

// ---- rope options: multi_head's rope, block's rope and alibi ----
/** Options of block(): the layer norm's eps and the positions of the heads. */
export interface BlockOptions {
  /** The layer norm's eps (default 1e-5), a finite number ≥ 0. */
  eps?: number;
  /** RoPE on each head's q and k of LN(X), as in multi_head (row i at position offset + i). null or left out: none. */
  rope?: RopeOptions | null;
  /** ALiBi (Press et al. 2022): head t adds alibi_bias(h, n, n)[t] = −m_t·|i − j| after scaling, before masking. */
  alibi?: boolean;
}
// ---- end of rope options -----------------------------------------

// ---- attention at scale: flash_attention, flash_trace, kv_decode (flash.ts) ----
/**
 * Options of flash_attention(): `scale` divides by √d_k (default true); `causal` hides keys j > i and skips those tiles
 * (default false); queries and keys go in tiles of `block_q` and `block_k` (whole numbers 1 … maxFlashRows; default 256
 * and 64), which change the speed, never the result beyond rounding.
 */
export interface FlashOptions {
  /** Divide the scores by √d_k (default true). */
  scale?: boolean;
  /** Query i sees keys j ≤ i only (default false). */
  causal?: boolean;
  /** Queries per tile (default 256). */
  block_q?: number;
  /** Keys per tile (default 64). */
  block_k?: number;
}
/** Options of flash_trace(): as flash_attention's, keys in tiles of `block_k` (default 4). */
export interface FlashTraceOptions {
  /** Divide the scores by √d_k (default true). */
  scale?: boolean;
  /** Query i sees keys j ≤ i only (default false). */
  causal?: boolean;
  /** Keys per tile (default 4). */
  block_k?: number;
}
/** Result of flash_attention(): out (n_q × d_v) and lse (n_q), ln Σ_j e^(logit_ij) over the visible keys (−∞: none). */
export interface FlashResult<M = Matrix, L = number[]> {
  out: M;
  lse: L;
}
/** The online softmax after one key tile [key_begin, key_end): per query row m, l, acc and acc / l. */
export interface FlashTraceStep<M = Matrix, L = number[]> {
  key_begin: number;
  key_end: number;
  /** Running maximum of each row's logits (−∞ while the row has seen no key). */
  m: L;
  /** Running Σ e^(s − m) of each row. */
  l: L;
  /** Unnormalised partial output Σ e^(s − m)·v (n_q × d_v). */
  acc: M;
  /** Normalised partial output acc / l (n_q × d_v; 0 where l = 0). */
  partial: M;
}
/** Result of flash_trace(): one step per key tile, and the final out and lse. */
export interface FlashTrace<M = Matrix, L = number[]> {
  steps: FlashTraceStep<M, L>[];
  out: M;
  lse: L;
}
/** Options of kv_decode(): H query heads over G KV heads (G divides H: G = H is MHA, 1 is MQA), and the tokens to decode (default all). */
export interface KvDecodeOptions {
  num_heads: number;
  num_kv_heads: number;
  /** Decode the first `steps` rows of X (1 … n; default n). */
  steps?: number;
}
/** Result of kv_decode(): per step the output row, the new query's weights per head (H × (t + 1)) and the cache size in values. */
export interface KvDecodeResult<M = Matrix, L = number[]> {
  /** steps × d_o: row t is step t's output. */
  out: M;
  /** One per step: weights[t] is H × (t + 1). */
  weights: M[];
  /** Values in the cache after each step: num_kv_heads·(d_k + d_v)·(t + 1). */
  cache_values: L;
  head_dim_k: number;
  head_dim_v: number;
}
export interface TypedCore {
  /** FlashAttention (Dao et al. 2022): tiles of queries and keys with an online softmax, no n_q × n_k matrix; up to maxFlashRows rows. */
  flash_attention(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, mask?: TypedMask | null, opts?: FlashOptions | null): FlashResult<TypedMatrix, Float64Array>;
  /** The online softmax key tile by key tile, for small inputs (at most maxTraceRows rows). */
  flash_trace(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, opts?: FlashTraceOptions | null): FlashTrace<TypedMatrix, Float64Array>;
  /** Decoding one token at a time with a K/V cache: X (n × d_in) through grouped_query_attention's params. */
  kv_decode(X: TypedMatrix, params: ProjectionParams<TypedMatrix, Float64Array>, opts: KvDecodeOptions): KvDecodeResult<TypedMatrix, Float64Array>;
}
export interface Core {
  /** FlashAttention (Dao et al. 2022) on plain arrays: { out, lse }, lse a number[] with -Infinity for a row that sees no key. */
  flash_attention(Q: Matrix, K: Matrix, V: Matrix, mask?: BoolMatrix | null, opts?: FlashOptions | null): FlashResult;
  /** The online softmax key tile by key tile, for small inputs (at most maxTraceRows rows). */
  flash_trace(Q: Matrix, K: Matrix, V: Matrix, opts?: FlashTraceOptions | null): FlashTrace;
  /** Decoding one token at a time with a K/V cache (plain arrays). */
  kv_decode(X: Matrix, params: ProjectionParams, opts: KvDecodeOptions): KvDecodeResult;
}
// ---- end of attention at scale -----------------------------------

// ---- linear attention (linear.ts; cpp/linear_attention.h) ----
/**
 * Options of linear_attention(): `causal` lets query i see keys j ≤ i + shift only (default false); `shift` 0
 * (the default) puts the queries top-left as PyTorch's is_causal, n_k − n_q at the last n_q positions (decoding);
 * `weights` (default true) also returns the normalised φ(q_i)·φ(k_j), n_q·n_k·d_k more work.
 */
export interface LinearOptions {
  causal?: boolean;
  shift?: number;
  weights?: boolean;
}
/** Result of linear_attention(): out (n_q × d_v) and, when asked for, the weights (n_q × n_k; 0 for a hidden key). */
export interface LinearResult<M = Matrix> {
  out: M;
  weights: M | null;
}
export interface TypedCore {
  /** Linear attention (Katharopoulos et al. 2020): φ(x) = elu(x) + 1 instead of the softmax; n·d_k·d_v work. */
  linear_attention(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, opts?: LinearOptions | null): LinearResult<TypedMatrix>;
}
export interface Core {
  /** Linear attention (Katharopoulos et al. 2020) on plain arrays. */
  linear_attention(Q: Matrix, K: Matrix, V: Matrix, opts?: LinearOptions | null): LinearResult;
}

// ---- the cost of a call (cost.ts; cpp/cost.h) ----
/** What one call of the core costs: its work, its results, and the core's message when it is over its caps (else null). */
export interface CallCost {
  multiplyAdds: number;
  resultBytes: number;
  message: string | null;
}
export interface TypedCore {
  /** The cost of calling `fn` with these sizes (cpp/cost.h gives each function's sizes and their order). */
  call_cost(fn: string, dims: readonly number[] | Float64Array): CallCost;
}
export interface Core {
  /** The cost of calling `fn` with these sizes (cpp/cost.h gives each function's sizes and their order). */
  call_cost(fn: string, dims: readonly number[] | Float64Array): CallCost;
}
