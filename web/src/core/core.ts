// core.ts — the one door to the WebAssembly core.
//
// loadCore() loads the module once and returns typed functions with the seed
// contract's names. Two forms:
//   * the friendly form takes and returns plain arrays (number[][], boolean[][]);
//   * `core.typed` takes and returns Float64Array + shape, for large inputs.
// Every bad input throws an AttentionError (a real Error) whose message names
// the function, the argument and the shapes. The module keeps working after.

import createAttentionCore from './wasm/attention_core.mjs';
import type { RawCore, RawMask, RawMatrix, RawResult, RawStack, RawTensor3 } from './wasm/attention_core.mjs';

/** Machine-readable reason of an AttentionError. */
export type ErrorCode = 'shape' | 'ragged' | 'not_a_number' | 'non_finite' | 'empty' | 'divisibility' | 'too_large' | 'invalid_argument';

/** The error every core function throws for bad input. */
export class AttentionError extends Error {
  /** Short machine-readable reason, e.g. "divisibility". */
  readonly code: ErrorCode;
  constructor(message: string, code: ErrorCode) {
    super(message);
    this.name = 'AttentionError';
    this.code = code;
  }
}

/** A matrix as rows of numbers (rows × cols). */
export type Matrix = number[][];
/** A mask: mask[i][j] true means query i may see key j. */
export type BoolMatrix = boolean[][];
/** A batch of matrices (batch × rows × cols). */
export type Tensor3 = number[][][];

/** A row-major matrix in one Float64Array. */
export interface TypedMatrix {
  data: Float64Array;
  rows: number;
  cols: number;
}
/** A row-major mask in one Uint8Array (1 = visible). */
export interface TypedMask {
  data: Uint8Array;
  rows: number;
  cols: number;
}
/** A row-major batch of matrices in one Float64Array. */
export interface TypedTensor3 {
  data: Float64Array;
  batch: number;
  rows: number;
  cols: number;
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
    opts?: { scale?: boolean; weightsInto?: Float64Array },
  ): AttentionResult<TypedMatrix>;
  attention_steps(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, mask?: TypedMask | null, opts?: { scale?: boolean }): AttentionSteps<TypedMatrix>;
  causal_mask(n_q: number, n_k?: number): TypedMask;
  multi_head(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, h: number, mask?: TypedMask | null): MultiHeadResult<TypedMatrix>;
  pos_encoding(n: number, d: number): TypedMatrix;
  block(X: TypedMatrix, h: number, mask?: TypedMask | null, eps?: number): BlockResult<TypedMatrix>;
  single_head(X: TypedMatrix, Wq: TypedMatrix, Wk: TypedMatrix, Wv: TypedMatrix, opts?: { causal?: boolean }): SingleHeadResult<TypedMatrix>;
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
  attention(Q: Matrix, K: Matrix, V: Matrix, mask?: BoolMatrix | null, opts?: { scale?: boolean }): AttentionResult;
  attention_steps(Q: Matrix, K: Matrix, V: Matrix, mask?: BoolMatrix | null, opts?: { scale?: boolean }): AttentionSteps;
  causal_mask(n: number): BoolMatrix;
  multi_head(Q: Matrix, K: Matrix, V: Matrix, h: number, mask?: BoolMatrix | null): MultiHeadResult;
  pos_encoding(n: number, d: number): Matrix;
  layer_norm(row: number[], eps?: number): number[];
  block(X: Matrix, h: number, mask?: BoolMatrix | null, opts?: { eps?: number }): BlockResult;
  single_head(X: Matrix, Wq: Matrix, Wk: Matrix, Wv: Matrix, opts?: { causal?: boolean }): SingleHeadResult;
  grouped_query_attention(q: Tensor3, k: Tensor3, v: Tensor3, params: ProjectionParams, opts: GroupedOptions): GroupedResult;
  random_normal(rows: number, cols: number, seed: number, scale?: number): Matrix;
  /** The typed-array form. */
  typed: TypedCore;
  /** The raw embind module (benchmarks compare against it). */
  raw: RawCore;
}

// ---------------------------------------------------------------- conversion

/** Throw the core's failure as an AttentionError, or return the success. */
function unwrap<T>(r: RawResult<T>): T {
  if (!r.ok) throw new AttentionError(r.message, r.code as ErrorCode);
  return r as T;
}

function describe(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'string') return `the string ${JSON.stringify(x.length > 20 ? x.slice(0, 20) + '…' : x)}`;
  return `a ${typeof x}`;
}

/** number[][] → TypedMatrix, checking it is rectangular and numeric. */
export function toTypedMatrix(fn: string, arg: string, m: unknown): TypedMatrix {
  if (!Array.isArray(m)) throw new AttentionError(`${fn}: ${arg} must be an array of rows, got ${describe(m)}`, 'not_a_number');
  if (m.length === 0) throw new AttentionError(`${fn}: ${arg} is empty (0 rows): it needs at least one row and one column`, 'empty');
  const first = m[0] as unknown;
  if (!Array.isArray(first)) throw new AttentionError(`${fn}: ${arg}[0] must be an array (a row), got ${describe(first)}`, 'not_a_number');
  const rows = m.length;
  const cols = first.length;
  if (cols === 0) throw new AttentionError(`${fn}: ${arg} is empty (${rows}, 0): it needs at least one row and one column`, 'empty');
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = m[i] as unknown;
    if (!Array.isArray(row)) throw new AttentionError(`${fn}: ${arg}[${i}] must be an array (a row), got ${describe(row)}`, 'not_a_number');
    if (row.length !== cols)
      throw new AttentionError(
        `${fn}: ${arg}[${i}] has ${row.length} values but ${arg}[0] has ${cols}: every row of ${arg} needs the same number of columns`,
        'ragged',
      );
    for (let j = 0; j < cols; j++) {
      const x = row[j] as unknown;
      if (typeof x !== 'number') throw new AttentionError(`${fn}: ${arg}[${i}][${j}] is ${describe(x)}, not a number`, 'not_a_number');
      data[i * cols + j] = x;
    }
  }
  return { data, rows, cols };
}

/** boolean[][] → TypedMask (1 = visible), checking it is rectangular. */
export function toTypedMask(fn: string, m: unknown): TypedMask | null {
  if (m === undefined || m === null) return null;
  if (!Array.isArray(m) || m.length === 0 || !Array.isArray(m[0]))
    throw new AttentionError(`${fn}: mask must be rows of booleans (true = the query may see the key), got ${describe(m)}`, 'not_a_number');
  const rows = m.length;
  const cols = (m[0] as unknown[]).length;
  const data = new Uint8Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = m[i] as unknown;
    if (!Array.isArray(row) || row.length !== cols)
      throw new AttentionError(
        `${fn}: mask[${i}] has ${Array.isArray(row) ? row.length : 0} values but mask[0] has ${cols}: every row of the mask needs the same number of columns`,
        'ragged',
      );
    for (let j = 0; j < cols; j++) {
      const x = row[j] as unknown;
      if (typeof x !== 'boolean') throw new AttentionError(`${fn}: mask[${i}][${j}] is ${describe(x)}, not true/false`, 'not_a_number');
      data[i * cols + j] = x ? 1 : 0;
    }
  }
  return { data, rows, cols };
}

/** number[] → Float64Array, checking every entry is a number. */
export function toTypedVector(fn: string, arg: string, v: unknown): Float64Array {
  if (!Array.isArray(v)) throw new AttentionError(`${fn}: ${arg} must be an array of numbers, got ${describe(v)}`, 'not_a_number');
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i] as unknown;
    if (typeof x !== 'number') throw new AttentionError(`${fn}: ${arg}[${i}] is ${describe(x)}, not a number`, 'not_a_number');
    out[i] = x;
  }
  return out;
}

/** number[][][] → TypedTensor3, checking every matrix has the same shape. */
export function toTypedTensor3(fn: string, arg: string, t: unknown): TypedTensor3 {
  if (!Array.isArray(t) || t.length === 0)
    throw new AttentionError(
      `${fn}: ${arg} must be a non-empty array of matrices (batch × rows × cols), got ${Array.isArray(t) ? 'an empty array' : describe(t)}`,
      Array.isArray(t) ? 'empty' : 'not_a_number',
    );
  const mats = t.map((m, b) => toTypedMatrix(fn, `${arg}[${b}]`, m));
  const { rows, cols } = mats[0];
  mats.forEach((m, b) => {
    if (m.rows !== rows || m.cols !== cols)
      throw new AttentionError(
        `${fn}: ${arg}[${b}] is (${m.rows}, ${m.cols}) but ${arg}[0] is (${rows}, ${cols}): every matrix of the batch needs the same shape`,
        'ragged',
      );
  });
  const data = new Float64Array(t.length * rows * cols);
  mats.forEach((m, b) => data.set(m.data, b * rows * cols));
  return { data, batch: t.length, rows, cols };
}

/** TypedMatrix → number[][]. */
export function fromTyped(m: { data: Float64Array; rows: number; cols: number }, offset = 0): Matrix {
  const out: Matrix = new Array(m.rows);
  for (let i = 0; i < m.rows; i++) {
    const start = offset + i * m.cols;
    out[i] = Array.from(m.data.subarray(start, start + m.cols));
  }
  return out;
}

/** A stack of equal-shaped matrices → an array of TypedMatrix views. */
function unstack(s: RawStack): TypedMatrix[] {
  const size = s.rows * s.cols;
  return Array.from({ length: s.count }, (_, t) => ({ data: s.data.subarray(t * size, (t + 1) * size), rows: s.rows, cols: s.cols }));
}

// Counts cross as a 32-bit size_t (wasm32): anything larger would wrap (1e20 → 0).
function checkCount(fn: string, arg: string, x: unknown, max = 0xffffffff): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0)
    throw new AttentionError(`${fn}: ${arg} = ${String(x)} must be a whole number ≥ 0`, 'invalid_argument');
  if (x > max) throw new AttentionError(`${fn}: ${arg} = ${String(x)} is over the limit of ${max}`, 'too_large');
  return x;
}

function checkEps(fn: string, eps: unknown): number {
  if (typeof eps !== 'number' || !Number.isFinite(eps) || eps < 0)
    throw new AttentionError(`${fn}: eps = ${String(eps)} must be a finite number ≥ 0`, 'invalid_argument');
  return eps;
}

// ---------------------------------------------------------------- the two forms

function makeTyped(raw: RawCore): TypedCore {
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

function makeFriendly(raw: RawCore, typed: TypedCore): Core {
  const M = toTypedMatrix;
  return {
    softmax: (xs) => Array.from(unwrap(raw.softmax(toTypedVector('softmax', 'xs', xs))).out),
    attention: (Q, K, V, mask, opts) => {
      const r = typed.attention(M('attention', 'Q', Q), M('attention', 'K', K), M('attention', 'V', V), toTypedMask('attention', mask), opts);
      return { out: fromTyped(r.out), weights: fromTyped(r.weights) };
    },
    attention_steps: (Q, K, V, mask, opts) => {
      const r = typed.attention_steps(M('attention', 'Q', Q), M('attention', 'K', K), M('attention', 'V', V), toTypedMask('attention', mask), opts);
      return { scores: fromTyped(r.scores), scaled: fromTyped(r.scaled), masked: fromTyped(r.masked), weights: fromTyped(r.weights), out: fromTyped(r.out) };
    },
    causal_mask: (n) => {
      const m = typed.causal_mask(n);
      return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), (x) => x === 1));
    },
    multi_head: (Q, K, V, h, mask) => {
      const r = typed.multi_head(M('multi_head', 'Q', Q), M('multi_head', 'K', K), M('multi_head', 'V', V), h, toTypedMask('multi_head', mask));
      return { out: fromTyped(r.out), weights: r.weights.map((w) => fromTyped(w)) };
    },
    pos_encoding: (n, d) => fromTyped(typed.pos_encoding(n, d)),
    layer_norm: (row, eps) => Array.from(unwrap(raw.layer_norm(toTypedVector('layer_norm', 'row', row), checkEps('layer_norm', eps ?? 1e-5))).out),
    block: (X, h, mask, opts) => {
      const r = typed.block(M('block', 'X', X), h, toTypedMask('block', mask), opts?.eps);
      return { normed: fromTyped(r.normed), attended: fromTyped(r.attended), out: fromTyped(r.out), weights: r.weights.map((w) => fromTyped(w)) };
    },
    single_head: (X, Wq, Wk, Wv, opts) => {
      const f = 'single_head';
      const r = typed.single_head(M(f, 'X', X), M(f, 'Wq', Wq), M(f, 'Wk', Wk), M(f, 'Wv', Wv), opts);
      return { q: fromTyped(r.q), k: fromTyped(r.k), v: fromTyped(r.v), weights: fromTyped(r.weights), out: fromTyped(r.out) };
    },
    grouped_query_attention: (q, k, v, params, opts = {} as GroupedOptions) => {
      const f = 'grouped_query_attention';
      const bias = (name: string, b: number[] | null | undefined) => (b == null ? null : toTypedVector(f, name, b));
      if (typeof params !== 'object' || params === null)
        throw new AttentionError(`${f}: params must be an object {Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo?}`, 'invalid_argument');
      const r = typed.grouped_query_attention(
        toTypedTensor3(f, 'q', q),
        toTypedTensor3(f, 'k', k),
        toTypedTensor3(f, 'v', v),
        {
          Wq: M(f, 'Wq', params.Wq),
          bq: bias('bq', params.bq),
          Wk: M(f, 'Wk', params.Wk),
          bk: bias('bk', params.bk),
          Wv: M(f, 'Wv', params.Wv),
          bv: bias('bv', params.bv),
          Wo: M(f, 'Wo', params.Wo),
          bo: bias('bo', params.bo),
        },
        { num_heads: opts.num_heads, num_kv_heads: opts.num_kv_heads, mask: toTypedMask(f, opts.mask) },
      );
      const { batch, rows, cols } = r.out;
      const out = Array.from({ length: batch }, (_, b) => fromTyped(r.out, b * rows * cols));
      const nk = r.weights.length / (batch * r.num_heads * rows);
      const weights = Array.from({ length: batch }, (_, b) =>
        Array.from({ length: r.num_heads }, (_, hd) => fromTyped({ data: r.weights, rows, cols: nk }, (b * r.num_heads + hd) * rows * nk)),
      );
      return { out, weights };
    },
    random_normal: (rows, cols, seed, scale) => fromTyped(typed.random_normal(rows, cols, seed, scale)),
    typed,
    raw,
  };
}

/** Options of loadCore(). */
export interface LoadOptions {
  /** The .wasm bytes; needed in Node (read it with fs), optional in the browser. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

let cached: Promise<Core> | null = null;

/** Load the WebAssembly core once; later calls return the same instance. */
export function loadCore(options: LoadOptions = {}): Promise<Core> {
  if (!cached) {
    cached = createAttentionCore(options.wasmBinary ? { wasmBinary: options.wasmBinary } : {}).then((raw) => makeFriendly(raw, makeTyped(raw)));
    cached.catch(() => {
      cached = null; // a failed load may be retried
    });
  }
  return cached;
}
