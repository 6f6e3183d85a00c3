// Types of the raw core (copied next to attention_core.mjs by scripts/build_wasm.sh): the
// Emscripten module (CoreModule) and the functions web/src/core/wire.ts makes of its bindings
// (RawCore). Only web/src/core/ should use these directly.

export interface RawMatrix { data: Float64Array; rows: number; cols: number }
export interface RawMask { data: Uint8Array; rows: number; cols: number }
export interface RawTensor3 { data: Float64Array; batch: number; rows: number; cols: number }
export interface RawStack { data: Float64Array; count: number; rows: number; cols: number }
export type RawFail = { ok: false; code: string; message: string };
export type RawResult<T> = ({ ok: true } & T) | RawFail;

export interface RawParams {
  Wq: RawMatrix; bq?: Float64Array | null;
  Wk: RawMatrix; bk?: Float64Array | null;
  Wv: RawMatrix; bv?: Float64Array | null;
  Wo: RawMatrix; bo?: Float64Array | null;
}

/**
 * The size limits the C++ core checks (cpp/size_limits.h, cpp/experiments.h),
 * from `limits()`. Every value is a plain number; every bound is inclusive.
 */
export interface RawLimits {
  /** n, n_q, n_k: rows of a matrix (tokens, queries, keys); 4096. */
  maxRows: number;
  /** d, d_k, d_v: columns of a matrix (widths); 4096. */
  maxCols: number;
  /** h, num_heads, num_kv_heads; 256. */
  maxHeads: number;
  /** batch of grouped_query_attention; 1024. */
  maxBatch: number;
  /** entries of all score matrices of one call together (h · n_q · n_k); 2²⁴ = 16,777,216. */
  maxWeights: number;
  /**
   * values of one argument: the length of a vector (softmax, layer_norm), a
   * matrix, or a batch of grouped_query_attention (batch · rows · cols):
   * maxRows · maxCols = 16,777,216 (128 MiB of float64).
   */
  maxValues: number;
  /**
   * work of one call, in multiply-adds (a random normal or a positional-encoding
   * value counts as 128): 2³² = 4,294,967,296. attention is
   * n_q · n_k · (d_k + d_v); over the limit is `too_large`.
   */
  maxMultiplyAdds: number;
  /** bytes of one call's results together: 256 MiB = 268,435,456; over it is `too_large`. */
  maxResultBytes: number;
  /** trials of the scaling experiment; 100,000. */
  maxTrials: number;
  /** values of d in one scaling experiment; 64. */
  maxScalingPoints: number;
  /** seeds are whole numbers 0 … 2⁵³ − 1 (Number.MAX_SAFE_INTEGER). */
  maxSeed: number;
  // attention at scale
  /** rows of flash_attention's Q, K and V (no n_q × n_k matrix is kept); 65,536. */
  maxFlashRows: number;
  /** work of one flash_attention call: (d_k + d_v) per visible (query, key) pair; 2³⁷. */
  maxFlashMultiplyAdds: number;
  /** rows of flash_trace's Q, K and V; 64. */
  maxTraceRows: number;
}

export interface RawCore {
  /** The C++ size limits (a fresh plain object each call). */
  limits(): RawLimits;
  softmax(xs: Float64Array): RawResult<{ out: Float64Array }>;
  /**
   * `temperature`: τ, the scores are divided by τ·√d_k (or by τ when `scale` is false); the core checks τ > 0, finite.
   * `bias`: null, or (n_q, n_k) added after scaling, before masking.
   */
  attention(Q: RawMatrix, K: RawMatrix, V: RawMatrix, mask: RawMask | null, scale: boolean, temperature: number,
    weightsInto: Float64Array | null, bias: RawMatrix | null): RawResult<{ out: RawMatrix; weights: RawMatrix }>;
  attention_steps(Q: RawMatrix, K: RawMatrix, V: RawMatrix, mask: RawMask | null, scale: boolean, temperature: number,
    bias: RawMatrix | null):
    RawResult<{ scores: RawMatrix; scaled: RawMatrix; masked: RawMatrix; weights: RawMatrix; out: RawMatrix }>;
  causal_mask(n_q: number, n_k: number): RawResult<RawMask>;
  /** Head t's scores are divided by temperature·√(d/h), then bias[t] is added (bias (h, n_q, n_k) or null). */
  multi_head(Q: RawMatrix, K: RawMatrix, V: RawMatrix, h: number, mask: RawMask | null, temperature: number,
    bias: RawTensor3 | null):
    RawResult<{ out: RawMatrix; weights: RawStack }>;
  pos_encoding(n: number, d: number): RawResult<{ out: RawMatrix }>;
  layer_norm(row: Float64Array, eps: number): RawResult<{ out: Float64Array }>;
  block(X: RawMatrix, h: number, mask: RawMask | null, eps: number):
    RawResult<{ normed: RawMatrix; attended: RawMatrix; out: RawMatrix; weights: RawStack }>;
  single_head(X: RawMatrix, Wq: RawMatrix, Wk: RawMatrix, Wv: RawMatrix, causal: boolean):
    RawResult<{ q: RawMatrix; k: RawMatrix; v: RawMatrix; weights: RawMatrix; out: RawMatrix }>;
  /** X·W + b (b null: no bias). */
  project(X: RawMatrix, W: RawMatrix, b: Float64Array | null): RawResult<{ out: RawMatrix }>;
  grouped_query_attention(q: RawTensor3, k: RawTensor3, v: RawTensor3, params: RawParams,
    num_heads: number, num_kv_heads: number, mask: RawMask | null):
    RawResult<{ out: RawTensor3; weights: Float64Array; num_heads: number }>;
  random_normal(rows: number, cols: number, seed: number, scale: number): RawResult<{ out: RawMatrix }>;
  // positions: RoPE (Su et al. 2021) and ALiBi (Press et al. 2022)
  /** `interleaved`: pairs (x_2i, x_2i+1); false: (x_i, x_i+d/2). The core checks base (finite > 1) and offset (0 … 2³¹). */
  rope(X: RawMatrix, base: number, interleaved: boolean, offset: number): RawResult<{ out: RawMatrix }>;
  alibi_slopes(h: number): RawResult<{ out: Float64Array }>;
  alibi_bias(h: number, n_q: number, n_k: number): RawResult<{ out: RawTensor3 }>;
  // rope options: the longer overloads (wire.ts picks by argument count). rope false: no RoPE (base,
  // interleaved, offset unused); the core checks base (finite > 1), offset (0 … 2³¹) and d/h even.
  /** multi_head with RoPE on each head's q and k (width d/h): keys at offset + j, queries at offset + n_k − n_q + i. */
  multi_head(Q: RawMatrix, K: RawMatrix, V: RawMatrix, h: number, mask: RawMask | null, temperature: number,
    bias: RawTensor3 | null, rope: boolean, base: number, interleaved: boolean, offset: number):
    RawResult<{ out: RawMatrix; weights: RawStack }>;
  /** block with RoPE (as multi_head) and/or ALiBi (alibi_bias(h, n, n) as the per-head bias). */
  block(X: RawMatrix, h: number, mask: RawMask | null, eps: number, rope: boolean, base: number,
    interleaved: boolean, offset: number, alibi: boolean):
    RawResult<{ normed: RawMatrix; attended: RawMatrix; out: RawMatrix; weights: RawStack }>;
  /** The WASM memory (a fresh view each read). */
  HEAP8: Int8Array;
  /** How many threads the kernels use: 2 only in the build with threads (cpp/bindings/threads_bindings.cpp). */
  set_threads(n: number): number;
  threads(): number;
  threads_available(): boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [experiment: string]: any;
}

export interface FactoryOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  /** The build with threads: where its glue is, for the threads' workers to import. */
  mainScriptUrlOrBlob?: string;
}

/** The Emscripten module: the adapters' C exports (cpp/bindings/wire.h), which web/src/core/wire.ts turns into a RawCore. */
export interface CoreModule {
  _ap_args(count: number): number;
  _ap_f64(count: number): number;
  _ap_u8(count: number): number;
  _ap_call(id: number): number;
  _ap_done(): void;
  _ap_table(): number;
  _ap_max_values(): number;
  _malloc(bytes: number): number;
  _free(address: number): void;
  /** the instance's exports (the memory among them), in the builds without threads */
  asm?: Record<string, unknown>;
  /** the shared memory, in the build with threads (imported, not exported) */
  wasmMemory?: WebAssembly.Memory;
}

export default function createAttentionCore(options?: FactoryOptions): Promise<CoreModule>;

// ---- seed 003 experiments (cpp/bindings/experiments_bindings.cpp) --------
// Declared as a second part of RawCore (TypeScript merges the two).

/** One value of d of the scaling experiment. */
export interface RawScalingPoint {
  d: number; n: number; trials: number;
  /** the uint64 seed this point drew from, as a decimal string */
  point_seed: string;
  max_scaled_mean: number; max_scaled_std: number;
  max_unscaled_mean: number; max_unscaled_std: number;
  max_scaled_median: number; max_unscaled_median: number;
  entropy_scaled_mean: number; entropy_unscaled_mean: number;
  /** ln n, the entropy of a uniform average */
  entropy_max: number;
}

/** attention(PX) against P·attention(X), self-attention Q = K = V. */
export interface RawPermutation {
  perm: Uint32Array; use_pe: boolean;
  permuted_input: RawMatrix; out: RawMatrix; out_permuted: RawMatrix; permuted_out: RawMatrix;
  weights: RawMatrix; weights_permuted: RawMatrix;
  max_abs_diff: number;
}

export interface RawCore {
  scaling_point(d: number, n: number, trials: number, seed: number): RawResult<RawScalingPoint>;
  scaling_experiment(ds: ArrayLike<number>, n: number, trials: number, seed: number):
    RawResult<{ points: RawScalingPoint[] }>;
  permutation_experiment(X: RawMatrix, perm: ArrayLike<number>, use_pe: boolean): RawResult<RawPermutation>;
  seeded_permutation(n: number, seed: number): RawResult<{ perm: Uint32Array }>;
  quadratic_point(n: number, d: number, seed: number):
    RawResult<{ n: number; d: number; entries: number; bytes: number; checksum: number }>;
  fit_loglog_slope(xs: ArrayLike<number>, ys: ArrayLike<number>):
    RawResult<{ slope: number; intercept: number; r2: number }>;
  h1_check(Q: RawMatrix, K: RawMatrix, V: RawMatrix, mask: RawMask | null):
    RawResult<{ max_out_diff: number; max_weight_diff: number }>;
}

// ---- masks: the sparse mask builders (cpp/mask_patterns.h) -----
// Each returns an (n, n) mask, 1 = visible. Counts are checked (whole, 0 … maxRows), the rest by the core.

export interface RawCore {
  sliding_window_mask(n: number, w: number): RawResult<RawMask>;
  prefix_lm_mask(n: number, p: number): RawResult<RawMask>;
  /** globals: a Float64Array of token indices, each whole and in [0, n). */
  local_global_mask(n: number, w: number, globals: Float64Array): RawResult<RawMask>;
  dilated_mask(n: number, w: number, dilation: number): RawResult<RawMask>;
  bigbird_mask(n: number, block: number, window_blocks: number, global_blocks: number, random_blocks: number,
    seed: number): RawResult<RawMask>;
}

// ---- relative position (cpp/relative_position.h, cpp/permutation.h) ----
// interleaved false = 'half' pairing. positions: 'none' | 'sinusoidal' | 'rope' | 'alibi' (anything else fails).

/** Both (n, n) score matrices of one q and one k repeated at n positions, and their deviations. */
export interface RawRelativePosition {
  n: number; d: number; q: Float64Array; k: Float64Array;
  rope_scores: RawMatrix; sin_scores: RawMatrix;
  rope_deviation: number; sin_deviation: number;
}

export interface RawCore {
  relative_position_experiment(n: number, d: number, seed: number, base: number, interleaved: boolean):
    RawResult<RawRelativePosition>;
  relative_position_scores(q: ArrayLike<number>, k: ArrayLike<number>, n: number, base: number,
    interleaved: boolean): RawResult<RawRelativePosition>;
  permutation_positions(X: RawMatrix, perm: ArrayLike<number>, positions: string, base: number,
    interleaved: boolean): RawResult<RawPermutation & { positions: string }>;
}

// ---- depth (cpp/depth.h) ----
/** One stack's curve: r after each layer (r[0] is the input's), r[L] / r[0] (1 when r[0] = 0), r[L] < threshold. */
export interface RawDepthCurve {
  r: Float64Array; ratio: number; collapsed: boolean;
}

/** The three stacks on the same weights, and the collapse threshold (1e-6). */
export interface RawDepthCurves {
  attention: RawDepthCurve; residual: RawDepthCurve; pre_ln: RawDepthCurve; threshold: number;
}

export interface RawCore {
  depth_experiment(n: number, d: number, L: number, seed: number): RawResult<RawDepthCurves & { n: number; d: number; L: number }>;
  depth_curves(X0: RawMatrix, layers: { Wq: RawMatrix; Wk: RawMatrix; Wv: RawMatrix }[]): RawResult<RawDepthCurves>;
}

// ---- attention at scale: flash_attention, flash_trace, kv_decode (cpp/flash_attention.h, cpp/kv_cache.h) ----
// block_q, block_k, num_heads, num_kv_heads, steps: whole numbers (checked); lse holds -Infinity for a row that sees no key.

/** One key tile of the online softmax: per query row m, l (n_q) and acc, partial (n_q, d_v). */
export interface RawFlashStep {
  key_begin: number; key_end: number; m: Float64Array; l: Float64Array; acc: RawMatrix; partial: RawMatrix;
}

export interface RawCore {
  flash_attention(Q: RawMatrix, K: RawMatrix, V: RawMatrix, mask: RawMask | null, scale: boolean, causal: boolean,
    block_q: number, block_k: number): RawResult<{ out: RawMatrix; lse: Float64Array }>;
  flash_trace(Q: RawMatrix, K: RawMatrix, V: RawMatrix, scale: boolean, causal: boolean, block_k: number):
    RawResult<{ steps: RawFlashStep[]; out: RawMatrix; lse: Float64Array }>;
  /** weights: step t's (num_heads, t + 1) after the earlier steps'; cache_values: per step. */
  kv_decode(X: RawMatrix, params: RawParams, num_heads: number, num_kv_heads: number, steps: number):
    RawResult<{ out: RawMatrix; weights: Float64Array; cache_values: Float64Array; head_dim_k: number; head_dim_v: number }>;
}

// ---- memory (cpp/bindings/experiments_bindings.cpp) ----
// heap_stats: the WASM memory's size, the sbrk break, the bytes held through operator new and their
// high-water mark. memory_point: one attention ('attention') or flash_attention ('flash') call on seeded
// random (n, d) Q, K, V (and for attention + causal its mask), made before the measurement; peak_bytes is the
// call's own high-water mark above the bytes in use before it; heap_before/after the WASM memory's size.

/** One measured call of the memory experiment. */
export interface RawMemoryPoint {
  op: 'attention' | 'flash'; n: number; d: number; causal: boolean;
  ms: number; peak_bytes: number; heap_before: number; heap_after: number; checksum: number;
}

export interface RawCore {
  heap_stats(): RawResult<{ heap_size: number; sbrk: number; in_use: number; peak: number }>;
  memory_point(op: string, n: number, d: number, causal: boolean, seed: number): RawResult<RawMemoryPoint>;
}

// ---- linear attention (cpp/linear_attention.h, cpp/bindings/linear_bindings.cpp) ----
// shift: a whole number (checked, ±2³¹); weights only when asked for.
export interface RawCore {
  linear_attention(Q: RawMatrix, K: RawMatrix, V: RawMatrix, causal: boolean, shift: number, weights: boolean):
    RawResult<{ out: RawMatrix; weights?: RawMatrix }>;
}

// ---- cost (cpp/cost.h, cpp/bindings/cost_bindings.cpp) ----
// dims: the sizes as doubles, in the order of cost.h; message: the call's own "too_large" message, or ''.
export interface RawCore {
  cost(fn: string, dims: Float64Array): RawResult<{ multiply_adds: number; result_bytes: number; message: string }>;
}
