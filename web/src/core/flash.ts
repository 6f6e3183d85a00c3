// flash.ts — attention at scale in the façade: flash_attention
// (tiles and an online softmax: Milakov & Gimelshein 2018; FlashAttention,
// Dao et al. 2022), flash_trace (the same, tile by tile, for the page) and
// kv_decode (decoding with a K/V cache: MHA, GQA (Ainslie et al. 2023), MQA
// (Shazeer 2019)), typed and friendly forms spread into makeTyped /
// makeFriendly. Every argument is checked here before it crosses into
// WebAssembly, against the core's own limits (core.limits(): maxFlashRows,
// maxFlashMultiplyAdds, maxTraceRows, …): types, shapes against each other,
// tiles, work and result size. The core checks the values (finite, not so
// large that a logit overflows) and kv_decode's weight shapes, and answers as data.

import { fromTyped, toTypedMask, toTypedMatrix, toTypedVector } from './convert';
import { unwrap } from './errors';
import type { Core, FlashTrace, KvDecodeResult, TypedCore, TypedMask, TypedMatrix } from './types';
import { count, describe, fail, flag, lim, obj, shaped, view, within } from './validate';
import type { RawCore, RawFlashStep } from './wasm/attention_core.mjs';

type Obj = Record<string, unknown>;
type ViewOf<T> = { new (buffer: ArrayBuffer, offset: number, length: number): T; name: string };

/** A typed matrix (or, with Uint8Array, a mask) of flash_attention: up to `maxRows` rows (maxFlashRows, or maxTraceRows for the trace). */
function flashMatrix<T extends Float64Array | Uint8Array>(
  fn: string,
  arg: string,
  x: unknown,
  maxRows: number,
  C: ViewOf<T>,
): { data: T; rows: number; cols: number } {
  if (typeof x !== 'object' || x === null || Array.isArray(x))
    fail(
      fn,
      `${arg} must be { data: ${C.name}, rows, cols }, got ${describe(x)}${Array.isArray(x) ? ` (core.typed takes typed arrays, core.${fn} plain ones)` : ''}`,
      'not_a_number',
    );
  const o = x as Obj;
  const data = view(o.data, C) ?? fail(fn, `${arg}.data must be a ${C.name}, got ${describe(o.data)}`, 'not_a_number');
  const [rows, cols] = [count(fn, `${arg}.rows`, o.rows), count(fn, `${arg}.cols`, o.cols)];
  if (data.length !== rows * cols) fail(fn, `${arg} is (${rows}, ${cols}) but its data has ${data.length} values, not ${rows * cols}`, 'shape');
  if (rows * cols === 0) fail(fn, `${arg} is empty (${rows}, ${cols}): it needs at least one row and one column`, 'empty');
  within(fn, arg, [rows, cols], maxRows);
  return { data, rows, cols };
}

/** A tile size: a whole number 1 … maxFlashRows, `dflt` when left out. */
function tile(fn: string, arg: string, x: unknown, dflt: number): number {
  if (x == null) return dflt;
  const max = lim().maxFlashRows;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > max)
    fail(fn, `${arg} = ${typeof x === 'number' ? x : describe(x)} must be a whole number from 1 to ${max}`);
  return x;
}

/** Q, K, V against each other (as the core checks them), with `maxRows` rows at most. */
function flashQkv(fn: string, Q: unknown, K: unknown, V: unknown, maxRows: number): [TypedMatrix, TypedMatrix, TypedMatrix] {
  const M = (arg: string, x: unknown) => flashMatrix(fn, arg, x, maxRows, Float64Array);
  const [q, k, v] = [M('Q', Q), M('K', K), M('V', V)];
  if (k.cols !== q.cols) fail(fn, `Q is (${q.rows}, ${q.cols}) but K is (${k.rows}, ${k.cols}): Q and K must have the same number of columns (d_k)`, 'shape');
  if (v.rows !== k.rows)
    fail(fn, `K is (${k.rows}, ${k.cols}) but V is (${v.rows}, ${v.cols}): K and V must have the same number of rows (one value per key)`, 'shape');
  return [q, k, v];
}

/** flash_attention's multiply-adds: (d_k + d_v) per visible (query, key) pair (cpp/flash_attention.h, flash_multiply_adds). */
export function flashMultiplyAdds(n_q: number, n_k: number, d_k: number, d_v: number, causal: boolean): number {
  const pairs = !causal ? n_q * n_k : n_q <= n_k ? (n_q * (n_q + 1)) / 2 : (n_k * (n_k + 1)) / 2 + (n_q - n_k) * n_k;
  return pairs * (d_k + d_v);
}

/** The mask and the work and result size of one flash_attention call, against the core's limits. */
function flashCost(fn: string, q: TypedMatrix, k: TypedMatrix, v: TypedMatrix, m: TypedMask | null, causal: boolean): void {
  const L = lim();
  if (m) {
    if (q.rows * k.rows > L.maxWeights)
      fail(
        fn,
        `a mask of (${q.rows}, ${k.rows}) would have more than ${L.maxWeights} entries: use causal instead of a mask, or fewer queries or keys`,
        'too_large',
      );
    if (m.rows !== q.rows || m.cols !== k.rows)
      fail(fn, `mask is (${m.rows}, ${m.cols}) but the scores are (${q.rows}, ${k.rows}): the mask needs one row per query and one column per key`, 'shape');
  }
  const work = flashMultiplyAdds(q.rows, k.rows, q.cols, v.cols, causal);
  if (work > L.maxFlashMultiplyAdds)
    fail(
      fn,
      `this call needs ${work.toPrecision(2)} multiply-adds; the limit is ${L.maxFlashMultiplyAdds.toPrecision(2)} per call: use fewer queries or keys, or narrower matrices`,
      'too_large',
    );
  const bytes = 8 * q.rows * (v.cols + 1);
  if (bytes > L.maxResultBytes)
    fail(
      fn,
      `out and lse would need ${Math.round(bytes / 2 ** 20)} MiB; the limit is ${L.maxResultBytes / 2 ** 20} MiB per call: use fewer queries or a narrower V`,
      'too_large',
    );
}

/** A bias of kv_decode's params: null/undefined (none) or a non-empty Float64Array. */
function bias(fn: string, arg: string, x: unknown): Float64Array | null {
  if (x == null) return null;
  const b = view(x, Float64Array) ?? fail(fn, `${arg} must be a Float64Array or null, got ${describe(x)}`, 'not_a_number');
  if (!b.length) fail(fn, `${arg} is empty: pass null for no bias, or one value per column`, 'shape');
  return b;
}

/** kv_decode's counts: heads (1 … maxHeads, G divides H) and steps (1 … rows of X, default all). */
function kvCounts(fn: string, opts: unknown, n: number): [number, number, number] {
  const o = obj(fn, 'opts', opts, 'an object { num_heads, num_kv_heads, steps? }');
  const [H, G] = [count(fn, 'num_heads', o.num_heads, lim().maxHeads), count(fn, 'num_kv_heads', o.num_kv_heads, lim().maxHeads)];
  if (H < 1 || G < 1) fail(fn, `num_heads = ${H} and num_kv_heads = ${G} must both be at least 1`);
  if (H % G !== 0) fail(fn, `num_heads = ${H} is not divisible by num_kv_heads = ${G}`, 'divisibility');
  const steps = o.steps ?? n;
  if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 1 || steps > n)
    fail(fn, `steps = ${typeof steps === 'number' ? steps : describe(steps)} must be a whole number from 1 to the rows of X (${n})`);
  return [H, G, steps];
}

/** The typed forms: TypedMatrix in and out, lse and cache sizes as Float64Array. */
export function makeTypedFlash(raw: RawCore): Pick<TypedCore, 'flash_attention' | 'flash_trace' | 'kv_decode'> {
  return {
    flash_attention: (Q, K, V, mask, opts) => {
      const f = 'flash_attention';
      const [q, k, v] = flashQkv(f, Q, K, V, lim().maxFlashRows);
      const m = mask == null ? null : flashMatrix(f, 'mask', mask, lim().maxFlashRows, Uint8Array);
      const o = obj(f, 'opts', opts);
      const [scale, causal] = [flag(f, 'scale', o.scale, true), flag(f, 'causal', o.causal, false)];
      const [bq, bk] = [tile(f, 'block_q', o.block_q, 256), tile(f, 'block_k', o.block_k, 64)];
      flashCost(f, q, k, v, m, causal);
      return unwrap(raw.flash_attention(q, k, v, m, scale, causal, bq, bk), f);
    },
    flash_trace: (Q, K, V, opts) => {
      const f = 'flash_trace';
      const [q, k, v] = flashQkv(f, Q, K, V, lim().maxTraceRows);
      const o = obj(f, 'opts', opts);
      const r = unwrap(raw.flash_trace(q, k, v, flag(f, 'scale', o.scale, true), flag(f, 'causal', o.causal, false), tile(f, 'block_k', o.block_k, 4)), f);
      return {
        steps: r.steps.map((s: RawFlashStep) => ({ key_begin: s.key_begin, key_end: s.key_end, m: s.m, l: s.l, acc: s.acc, partial: s.partial })),
        out: r.out,
        lse: r.lse,
      };
    },
    kv_decode: (X, params, opts) => {
      const f = 'kv_decode';
      const x = shaped<TypedMatrix>(f, 'X', X, Float64Array);
      const p = obj(f, 'params', params, 'an object { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? }');
      const P: Obj = {};
      for (const c of 'qkvo') [P['W' + c], P['b' + c]] = [shaped(f, 'W' + c, p['W' + c], Float64Array), bias(f, 'b' + c, p['b' + c])];
      const [H, G, steps] = kvCounts(f, opts, x.rows);
      const r = unwrap(raw.kv_decode(x, P as never, H, G, steps), f);
      const weights = Array.from({ length: steps }, (_, t) => ({
        data: r.weights.slice((H * t * (t + 1)) / 2, (H * (t + 1) * (t + 2)) / 2),
        rows: H,
        cols: t + 1,
      }));
      return { out: r.out, weights, cache_values: r.cache_values, head_dim_k: r.head_dim_k, head_dim_v: r.head_dim_v };
    },
  };
}

/** The friendly forms over the typed ones: number[][] in and out, lse and cache sizes as number[] (lse −∞: -Infinity). */
export function makeFriendlyFlash(typed: TypedCore): Pick<Core, 'flash_attention' | 'flash_trace' | 'kv_decode'> {
  const M = (f: string, arg: string, x: unknown, maxRows = lim().maxFlashRows) => toTypedMatrix(f, arg, x, maxRows);
  return {
    flash_attention: (Q, K, V, mask, opts) => {
      const f = 'flash_attention';
      const r = typed.flash_attention(M(f, 'Q', Q), M(f, 'K', K), M(f, 'V', V), toTypedMask(f, mask, lim().maxFlashRows), opts);
      return { out: fromTyped(r.out), lse: Array.from(r.lse) };
    },
    flash_trace: (Q, K, V, opts): FlashTrace => {
      const f = 'flash_trace';
      const n = lim().maxTraceRows;
      const r = typed.flash_trace(M(f, 'Q', Q, n), M(f, 'K', K, n), M(f, 'V', V, n), opts);
      const steps = r.steps.map((s) => ({ ...s, m: Array.from(s.m), l: Array.from(s.l), acc: fromTyped(s.acc), partial: fromTyped(s.partial) }));
      return { steps, out: fromTyped(r.out), lse: Array.from(r.lse) };
    },
    kv_decode: (X, params, opts): KvDecodeResult => {
      const f = 'kv_decode';
      const p = obj(f, 'params', params, 'an object { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? }');
      const P: Obj = {};
      for (const c of 'qkvo')
        [P['W' + c], P['b' + c]] = [toTypedMatrix(f, 'W' + c, p['W' + c]), p['b' + c] == null ? null : toTypedVector(f, 'b' + c, p['b' + c])];
      const r = typed.kv_decode(toTypedMatrix(f, 'X', X), P as never, opts);
      return { ...r, out: fromTyped(r.out), weights: r.weights.map((w) => fromTyped(w)), cache_values: Array.from(r.cache_values) };
    },
  };
}
