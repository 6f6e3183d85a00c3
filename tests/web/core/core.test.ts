// core.test.ts — the WASM core through the façade (web/src/core/core.ts), in Node.
//
// Every function of the friendly form against a small JS reference or a
// property of its contract, the typed form against the friendly form, every
// error case (an AttentionError with the right code, named after the
// function, and a module that still works afterwards), and a leak check.
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type BoolMatrix, type Core, type ErrorCode, type Matrix, type TypedMatrix, type TypedTensor3 } from '../../../web/src/core/core';
import { loadCoreForNode } from '../support/load-core';
import { SEED_000 } from '../../../web/src/model/seed000';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

// ---------------------------------------------------------------- helpers

type Nested = number | Nested[];

/** Largest |a − b| over two nested arrays; Infinity if their shapes differ. */
function maxAbsDiff(a: Nested, b: Nested): number {
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a !== 'number' || typeof b !== 'number') return Infinity;
    if (Object.is(a, b)) return 0; // also −∞ vs −∞
    return Math.abs(a - b);
  }
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, maxAbsDiff(a[i], b[i]));
  return m;
}

function expectClose(actual: Nested, expected: Nested, tol: number, what: string): void {
  const d = maxAbsDiff(actual, expected);
  expect(d, `${what}: max |diff| = ${d} (tolerance ${tol})`).toBeLessThanOrEqual(tol);
}

/** A deterministic pseudo-random matrix (independent of the core's RNG). */
function mat(rows: number, cols: number, seed: number): Matrix {
  let s = seed * 2654435761 + 12345;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s / 2 ** 32) * 2 - 1;
  };
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.round(next() * 1e4) / 1e4));
}

const causal = (n_q: number, n_k = n_q): BoolMatrix => Array.from({ length: n_q }, (_, i) => Array.from({ length: n_k }, (_, j) => j <= i));

function refSoftmax(xs: number[]): number[] {
  const m = Math.max(...xs);
  if (m === -Infinity) return xs.map(() => 0);
  const e = xs.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}

/** Attention straight from the formula, in JS. */
function refAttention(Q: Matrix, K: Matrix, V: Matrix, mask?: BoolMatrix | null, scale = true): { out: Matrix; weights: Matrix } {
  const f = scale ? 1 / Math.sqrt(Q[0].length) : 1;
  const weights = Q.map((q, i) => refSoftmax(K.map((k, j) => (mask && !mask[i][j] ? -Infinity : q.reduce((s, x, c) => s + x * k[c], 0) * f))));
  const out = weights.map((w) => V[0].map((_, c) => w.reduce((s, wj, j) => s + wj * V[j][c], 0)));
  return { out, weights };
}

const cols = (m: Matrix, start: number, n: number): Matrix => m.map((r) => r.slice(start, start + n));
const transpose = (m: Matrix): Matrix => m[0].map((_, j) => m.map((r) => r[j]));
const matmul = (A: Matrix, B: Matrix): Matrix => A.map((a) => B[0].map((_, j) => a.reduce((s, x, k) => s + x * B[k][j], 0)));

const toTyped = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const fromTypedM = (t: TypedMatrix): Matrix => Array.from({ length: t.rows }, (_, i) => Array.from(t.data.subarray(i * t.cols, (i + 1) * t.cols)));
const toTyped3 = (t: number[][][]): TypedTensor3 => ({ data: Float64Array.from(t.flat(2)), batch: t.length, rows: t[0].length, cols: t[0][0].length });
const typedMask = (m: BoolMatrix) => ({ data: Uint8Array.from(m.flat(), (x) => (x ? 1 : 0)), rows: m.length, cols: m[0].length });

/** Every level of a nested result is a plain Array of numbers, never a typed array. */
function expectPlain(x: unknown, depth: number, what: string): void {
  expect(Array.isArray(x), `${what} is a plain Array`).toBe(true);
  expect(ArrayBuffer.isView(x), `${what} is not a typed array`).toBe(false);
  const a = x as unknown[];
  if (depth > 1) a.forEach((y, i) => expectPlain(y, depth - 1, `${what}[${i}]`));
  else a.forEach((y) => expect(typeof y === 'number' || typeof y === 'boolean').toBe(true));
}

function expectFinite(m: Nested, what: string): void {
  const flat = [m].flat(Infinity as 1) as number[];
  expect(flat.every(Number.isFinite), `${what} all finite`).toBe(true);
}

const shape = (m: Matrix) => [m.length, m[0].length];

// A fixed attention problem whose answer is known, to show the module still
// works after an error.
const Q0 = [
  [1, 0],
  [0, 1],
  [1, 1],
];
const K0 = [
  [1, 0],
  [0, 1],
  [0.5, -0.5],
];
const V0 = [
  [1, 2],
  [3, 4],
  [5, 6],
];
function expectModuleWorks(): void {
  const r = core.attention(Q0, K0, V0, causal(3));
  const ref = refAttention(Q0, K0, V0, causal(3));
  expectClose(r.out, ref.out, 1e-12, 'attention after an error (out)');
  expectClose(r.weights, ref.weights, 1e-12, 'attention after an error (weights)');
}

// ---------------------------------------------------------------- the friendly form

describe('softmax', () => {
  test('sums to 1 and matches exp(x − max) / Σ', () => {
    const r = core.softmax([1, 2, 3]);
    expectPlain(r, 1, 'softmax');
    expectClose(r, refSoftmax([1, 2, 3]), 1e-15, 'softmax([1,2,3])');
    expect(Math.abs(r.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-15);
  });
  test('does not overflow on large inputs', () => {
    const r = core.softmax([1000, 1001, 1002]);
    expectFinite(r, 'softmax([1000,1001,1002])');
    expectClose(r, core.softmax([0, 1, 2]), 1e-15, 'shift invariance');
    expectClose(core.softmax([-1000, -1001]), refSoftmax([0, -1]), 1e-15, 'large negative');
  });
});

describe('attention', () => {
  const Q = mat(4, 8, 1),
    K = mat(5, 8, 2),
    V = mat(5, 3, 3);
  test('matches the formula (scaled by 1/√d_k), rows of weights sum to 1', () => {
    const r = core.attention(Q, K, V);
    const ref = refAttention(Q, K, V);
    expect(shape(r.out)).toEqual([4, 3]);
    expect(shape(r.weights)).toEqual([4, 5]);
    expectPlain(r.out, 2, 'out');
    expectPlain(r.weights, 2, 'weights');
    expectClose(r.out, ref.out, 1e-12, 'out');
    expectClose(r.weights, ref.weights, 1e-12, 'weights');
    for (const w of r.weights) expect(Math.abs(w.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
  });
  test('{scale: false} skips the 1/√d_k', () => {
    const r = core.attention(Q, K, V, null, { scale: false });
    const ref = refAttention(Q, K, V, null, false);
    expectClose(r.out, ref.out, 1e-12, 'out');
    expectClose(r.weights, ref.weights, 1e-12, 'weights');
    // unscaled = scaled with Q multiplied by √d_k
    const s = core.attention(
      Q.map((row) => row.map((x) => x * Math.sqrt(8))),
      K,
      V,
    );
    expectClose(r.weights, s.weights, 1e-12, 'unscaled vs Q·√d');
    expect(maxAbsDiff(r.weights, core.attention(Q, K, V).weights)).toBeGreaterThan(1e-3);
  });
  test('a causal mask gives exactly 0 above the diagonal', () => {
    const Qs = mat(5, 4, 7),
      Ks = mat(5, 4, 8),
      Vs = mat(5, 4, 9);
    const r = core.attention(Qs, Ks, Vs, causal(5));
    const ref = refAttention(Qs, Ks, Vs, causal(5));
    expectClose(r.weights, ref.weights, 1e-12, 'weights');
    expectClose(r.out, ref.out, 1e-12, 'out');
    r.weights.forEach((row, i) => row.forEach((w, j) => (j > i ? expect(w).toBe(0) : expect(w).toBeGreaterThan(0))));
    expect(r.out[0]).toEqual(Vs[0]); // the first query sees only the first key
  });
  test('a custom (cross) mask, including an all-hidden row', () => {
    const mask = [
      [true, false, true, false, true],
      [false, false, false, false, false],
      [true, true, true, true, true],
      [false, true, false, false, false],
    ];
    const r = core.attention(Q, K, V, mask);
    const ref = refAttention(Q, K, V, mask);
    expectClose(r.weights, ref.weights, 1e-12, 'weights');
    expectClose(r.out, ref.out, 1e-12, 'out');
    expect(r.weights[1]).toEqual([0, 0, 0, 0, 0]);
    expect(r.out[1]).toEqual([0, 0, 0]);
    mask.forEach((row, i) => row.forEach((vis, j) => !vis && expect(r.weights[i][j]).toBe(0)));
    expectFinite(r.out, 'out');
  });
  test('an all-true mask equals no mask', () => {
    const all = Array.from({ length: 4 }, () => Array(5).fill(true) as boolean[]);
    expect(core.attention(Q, K, V, all)).toEqual(core.attention(Q, K, V));
  });
});

describe('attention_steps', () => {
  const Q = mat(4, 6, 11),
    K = mat(4, 6, 12),
    V = mat(4, 2, 13);
  test('scores, scaled, masked (−∞ exactly where hidden), weights, out', () => {
    const mask = causal(4);
    const s = core.attention_steps(Q, K, V, mask);
    for (const k of ['scores', 'scaled', 'masked', 'weights', 'out'] as const) expectPlain(s[k], 2, k);
    expectClose(s.scores, matmul(Q, transpose(K)), 1e-12, 'scores = Q·Kᵀ');
    expectClose(
      s.scaled,
      s.scores.map((r) => r.map((x) => x / Math.sqrt(6))),
      1e-12,
      'scaled',
    );
    s.masked.forEach((row, i) =>
      row.forEach((x, j) => {
        if (mask[i][j]) expect(x).toBe(s.scaled[i][j]);
        else expect(x).toBe(-Infinity);
      }),
    );
    const a = core.attention(Q, K, V, mask);
    expect(s.weights).toEqual(a.weights);
    expect(s.out).toEqual(a.out);
  });
  test('no mask: masked equals scaled, no −∞; {scale: false}: scaled equals scores', () => {
    const s = core.attention_steps(Q, K, V);
    expect(s.masked).toEqual(s.scaled);
    expect(s.masked.flat().every(Number.isFinite)).toBe(true);
    const u = core.attention_steps(Q, K, V, null, { scale: false });
    expect(u.scaled).toEqual(u.scores);
    expect(u.weights).toEqual(core.attention(Q, K, V, null, { scale: false }).weights);
  });
});

describe('causal_mask', () => {
  test.each([1, 2, 5])('n = %i: mask[i][j] is true exactly when j ≤ i', (n) => {
    const m = core.causal_mask(n);
    expectPlain(m, 2, 'mask');
    expect(m).toEqual(causal(n));
    expect(m.flat().every((x) => typeof x === 'boolean')).toBe(true);
  });
});

describe('multi_head', () => {
  const Q = mat(5, 8, 21),
    K = mat(6, 8, 22),
    V = mat(6, 4, 23);
  test('h = 1 equals attention exactly', () => {
    const m = core.multi_head(Q, K, V, 1);
    const a = core.attention(Q, K, V);
    expect(m.out).toEqual(a.out);
    expect(m.weights).toEqual([a.weights]);
    const mask = causal(5, 6);
    const mm = core.multi_head(Q, K, V, 1, mask);
    const am = core.attention(Q, K, V, mask);
    expect(mm.out).toEqual(am.out);
    expect(mm.weights).toEqual([am.weights]);
  });
  test('h = 2, 4: each head is attention on its slice (scaled by √(d/h)), concatenated', () => {
    for (const h of [2, 4]) {
      const mask = causal(5, 6);
      const m = core.multi_head(Q, K, V, h, mask);
      expectPlain(m.out, 2, 'out');
      expectPlain(m.weights, 3, 'weights');
      expect(m.weights.length).toBe(h);
      expect(shape(m.out)).toEqual([5, 4]);
      const dk = 8 / h,
        dv = 4 / h;
      for (let t = 0; t < h; t++) {
        const ref = refAttention(cols(Q, t * dk, dk), cols(K, t * dk, dk), cols(V, t * dv, dv), mask);
        expectClose(m.weights[t], ref.weights, 1e-12, `h=${h} head ${t} weights`);
        expectClose(cols(m.out, t * dv, dv), ref.out, 1e-12, `h=${h} head ${t} out`);
      }
    }
  });
});

describe('pos_encoding', () => {
  test('sinusoids, values in [−1, 1], every position different', () => {
    const n = 8,
      d = 6;
    const P = core.pos_encoding(n, d);
    expectPlain(P, 2, 'pos_encoding');
    expect(shape(P)).toEqual([n, d]);
    const ref = Array.from({ length: n }, (_, p) =>
      Array.from({ length: d }, (_, c) => {
        const a = p / Math.pow(10000, (c - (c % 2)) / d);
        return c % 2 === 0 ? Math.sin(a) : Math.cos(a);
      }),
    );
    expectClose(P, ref, 1e-12, 'pos_encoding(8, 6)');
    expect(P.flat().every((x) => x >= -1 && x <= 1)).toBe(true);
    const keys = new Set(P.map((r) => r.join(',')));
    expect(keys.size).toBe(n);
  });
  test('odd d works', () => {
    expect(shape(core.pos_encoding(3, 5))).toEqual([3, 5]);
  });
});

describe('layer_norm', () => {
  test('mean 0, variance 1 (biased, with eps)', () => {
    const row = [1, 2, 3, 4, 10];
    const r = core.layer_norm(row);
    expectPlain(r, 1, 'layer_norm');
    const mean = row.reduce((a, b) => a + b) / row.length;
    const v = row.reduce((a, x) => a + (x - mean) ** 2, 0) / row.length;
    expectClose(
      r,
      row.map((x) => (x - mean) / Math.sqrt(v + 1e-5)),
      1e-12,
      'layer_norm',
    );
    expect(Math.abs(r.reduce((a, b) => a + b) / r.length)).toBeLessThan(1e-12);
    expect(core.layer_norm(row, 1e-5)).toEqual(r); // default eps
    expect(core.layer_norm(row, 0)).not.toEqual(r);
  });
  test('a constant row gives zeros, not NaN', () => {
    expect(core.layer_norm([3, 3, 3])).toEqual([0, 0, 0]);
    expect(core.layer_norm([7])).toEqual([0]);
  });
});

describe('block', () => {
  test('out = X + multi_head(LN(X)), pre-LN, h heads of weights', () => {
    const X = mat(4, 8, 31);
    const mask = causal(4);
    const b = core.block(X, 2, mask);
    for (const k of ['normed', 'attended', 'out'] as const) expectPlain(b[k], 2, k);
    expectPlain(b.weights, 3, 'weights');
    const normed = X.map((r) => core.layer_norm(r));
    expect(b.normed).toEqual(normed);
    const mh = core.multi_head(normed, normed, normed, 2, mask);
    expect(b.attended).toEqual(mh.out);
    expect(b.weights).toEqual(mh.weights);
    expectClose(
      b.out,
      X.map((r, i) => r.map((x, j) => x + mh.out[i][j])),
      0,
      'out = X + attended',
    );
  });
  test('opts.eps is passed to layer_norm', () => {
    const X = mat(3, 4, 32);
    const b = core.block(X, 1, null, { eps: 0.5 });
    expect(b.normed).toEqual(X.map((r) => core.layer_norm(r, 0.5)));
  });
});

describe('single_head (seed 000)', () => {
  const { X, Wq, Wk, Wv } = SEED_000;
  test('shapes q (3,2) k (3,2) v (3,2) weights (3,3) out (3,2), finite, causal', () => {
    const r = core.single_head(X, Wq, Wk, Wv);
    expect(shape(r.q)).toEqual([3, 2]);
    expect(shape(r.k)).toEqual([3, 2]);
    expect(shape(r.v)).toEqual([3, 2]);
    expect(shape(r.weights)).toEqual([3, 3]);
    expect(shape(r.out)).toEqual([3, 2]);
    for (const k of ['q', 'k', 'v', 'weights', 'out'] as const) {
      expectPlain(r[k], 2, k);
      expectFinite(r[k], k);
    }
    for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(r.weights[i][j]).toBe(0);
    expectClose(r.q, matmul(X, Wq), 1e-15, 'q = X·Wq');
    expectClose(r.k, matmul(X, Wk), 1e-15, 'k = X·Wk');
    expectClose(r.v, matmul(X, Wv), 1e-15, 'v = X·Wv');
    const ref = refAttention(r.q, r.k, r.v, causal(3));
    expectClose(r.weights, ref.weights, 1e-12, 'weights');
    expectClose(r.out, ref.out, 1e-12, 'out');
  });
  test('{causal: false} uses no mask', () => {
    const r = core.single_head(X, Wq, Wk, Wv, { causal: false });
    expect(r.weights.flat().every((w) => w > 0)).toBe(true);
    expect(r.weights).toEqual(core.attention(r.q, r.k, r.v).weights);
  });
});

describe('grouped_query_attention (seed 004 shapes)', () => {
  // batch 10, n_q 2, n_k 4; widths q/k 128, v 64; 8 heads of 16; d_o 8
  const B = 10,
    n_q = 2,
    n_k = 4,
    H = 8,
    dk = 16,
    dv = 16,
    d_o = 8;
  const t3 = (rows: number, c: number, seed: number) => Array.from({ length: B }, (_, b) => mat(rows, c, seed * 100 + b));
  const vec = (n: number, seed: number) => mat(1, n, seed)[0];
  const q = t3(n_q, 128, 1),
    k = t3(n_k, 128, 2),
    v = t3(n_k, 64, 3);
  const Wq = mat(128, H * dk, 4),
    Wo = mat(H * dv, d_o, 5);
  const bq = vec(H * dk, 6),
    bo = vec(d_o, 7);
  const mask = causal(n_q, n_k);
  /** Repeat each KV head's columns `group` times: G heads → G·group heads. */
  const tileCols = (W: Matrix, G: number, w: number, group: number): Matrix =>
    W.map((row) => Array.from({ length: G * group }, (_, i) => row.slice(Math.floor(i / group) * w, Math.floor(i / group) * w + w)).flat());

  test('MHA: out (10, 2, 8), weights (10, 8, 2, 4), masked weights 0, rows sum to 1', () => {
    const r = core.grouped_query_attention(
      q,
      k,
      v,
      { Wq, bq, Wk: mat(128, H * dk, 8), bk: vec(H * dk, 9), Wv: mat(64, H * dv, 10), bv: vec(H * dv, 11), Wo, bo },
      { num_heads: H, num_kv_heads: H, mask },
    );
    expectPlain(r.out, 3, 'out');
    expectPlain(r.weights, 4, 'weights');
    expect([r.out.length, r.out[0].length, r.out[0][0].length]).toEqual([B, n_q, d_o]);
    expect([r.weights.length, r.weights[0].length, r.weights[0][0].length, r.weights[0][0][0].length]).toEqual([B, H, n_q, n_k]);
    expectFinite(r.out, 'out');
    for (const wb of r.weights)
      for (const wh of wb)
        wh.forEach((row, i) => {
          row.forEach((w, j) => j > i && expect(w).toBe(0));
          expect(Math.abs(row.reduce((a, b) => a + b) - 1)).toBeLessThan(1e-12);
        });
  });

  test('one head of MHA is attention on the projected slices, out is heads·Wo + bo', () => {
    const Wk = mat(128, H * dk, 8),
      Wv = mat(64, H * dv, 10);
    const r = core.grouped_query_attention(q, k, v, { Wq, Wk, Wv, Wo }, { num_heads: H, num_kv_heads: H, mask });
    for (const b of [0, 7]) {
      const Qp = matmul(q[b], Wq),
        Kp = matmul(k[b], Wk),
        Vp = matmul(v[b], Wv);
      const heads: Matrix = Array.from({ length: n_q }, () => []);
      for (let i = 0; i < H; i++) {
        const a = refAttention(cols(Qp, i * dk, dk), cols(Kp, i * dk, dk), cols(Vp, i * dv, dv), mask);
        expectClose(r.weights[b][i], a.weights, 1e-12, `batch ${b} head ${i} weights`);
        a.out.forEach((row, t) => heads[t].push(...row));
      }
      expectClose(r.out[b], matmul(heads, Wo), 1e-12, `batch ${b} out`);
    }
  });

  test.each([
    ['MQA', 1],
    ['GQA', 2],
    ['GQA', 4],
  ] as const)('%s (num_kv_heads = %i) equals MHA with the K/V weights tiled', (_, G) => {
    const group = H / G;
    const Wk = mat(128, G * dk, 12),
      Wv = mat(64, G * dv, 13);
    const bk = vec(G * dk, 14),
      bv = vec(G * dv, 15);
    const shared = core.grouped_query_attention(q, k, v, { Wq, bq, Wk, bk, Wv, bv, Wo, bo }, { num_heads: H, num_kv_heads: G, mask });
    const tiled = core.grouped_query_attention(
      q,
      k,
      v,
      {
        Wq,
        bq,
        Wk: tileCols(Wk, G, dk, group),
        bk: tileCols([bk], G, dk, group)[0],
        Wv: tileCols(Wv, G, dv, group),
        bv: tileCols([bv], G, dv, group)[0],
        Wo,
        bo,
      },
      { num_heads: H, num_kv_heads: H, mask },
    );
    expectClose(shared.out, tiled.out, 1e-12, 'out');
    expectClose(shared.weights, tiled.weights, 1e-12, 'weights');
    expect([shared.weights.length, shared.weights[0].length]).toEqual([B, H]);
    // the heads of one group share keys but not queries, so their weights differ
    expect(maxAbsDiff(shared.weights[0][0], shared.weights[0][1])).toBeGreaterThan(0);
  });

  test('null biases mean no bias', () => {
    const p = { Wq, Wk: mat(128, 16, 16), Wv: mat(64, 16, 17), Wo };
    const a = core.grouped_query_attention(q, k, v, p, { num_heads: H, num_kv_heads: 1 });
    const b = core.grouped_query_attention(q, k, v, { ...p, bq: null, bk: null, bv: null, bo: null }, { num_heads: H, num_kv_heads: 1, mask: null });
    const z = core.grouped_query_attention(
      q,
      k,
      v,
      { ...p, bq: Array(128).fill(0), bk: Array(16).fill(0), bv: Array(16).fill(0), bo: Array(8).fill(0) },
      { num_heads: H, num_kv_heads: 1 },
    );
    expect(b).toEqual(a);
    expectClose(z.out, a.out, 1e-15, 'zero biases');
  });
});

describe('random_normal', () => {
  test('same seed, same numbers; different seeds differ; scale multiplies', () => {
    const a = core.random_normal(4, 5, 42);
    expectPlain(a, 2, 'random_normal');
    expect(shape(a)).toEqual([4, 5]);
    expect(core.random_normal(4, 5, 42)).toEqual(a);
    expect(maxAbsDiff(core.random_normal(4, 5, 43), a)).toBeGreaterThan(0.1);
    expectClose(
      core.random_normal(4, 5, 42, 0.5),
      a.map((r) => r.map((x) => x * 0.5)),
      1e-15,
      'scale 0.5',
    );
    expectFinite(a, 'random_normal');
  });
  test('roughly standard normal', () => {
    const x = core.random_normal(100, 100, 7).flat();
    const mean = x.reduce((s, v) => s + v) / x.length;
    const sd = Math.sqrt(x.reduce((s, v) => s + (v - mean) ** 2, 0) / x.length);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(sd - 1)).toBeLessThan(0.05);
  });
});

// ---------------------------------------------------------------- the typed form

describe('core.typed equals the friendly form', () => {
  const Q = mat(4, 8, 41),
    K = mat(5, 8, 42),
    V = mat(5, 4, 43);
  const mask = causal(4, 5);
  test('attention and attention_steps', () => {
    for (const scale of [true, false]) {
      const f = core.attention(Q, K, V, mask, { scale });
      const t = core.typed.attention(toTyped(Q), toTyped(K), toTyped(V), typedMask(mask), { scale });
      expect(t.out.data).toBeInstanceOf(Float64Array);
      expect(fromTypedM(t.out)).toEqual(f.out);
      expect(fromTypedM(t.weights)).toEqual(f.weights);
      const fs = core.attention_steps(Q, K, V, mask, { scale });
      const ts = core.typed.attention_steps(toTyped(Q), toTyped(K), toTyped(V), typedMask(mask), { scale });
      for (const k of ['scores', 'scaled', 'masked', 'weights', 'out'] as const) expect(fromTypedM(ts[k])).toEqual(fs[k]);
    }
    expect(fromTypedM(core.typed.attention(toTyped(Q), toTyped(K), toTyped(V)).out)).toEqual(core.attention(Q, K, V).out);
  });
  test('attention with weightsInto: fills and returns the array it is given, same numbers', () => {
    const [Qt, Kt, Vt] = [mat(6, 8, 51), mat(7, 8, 52), mat(7, 3, 53)].map(toTyped);
    const m = typedMask(causal(6, 7));
    const fresh = core.typed.attention(Qt, Kt, Vt, m);
    const buf = new Float64Array(6 * 7).fill(NaN);
    const r = core.typed.attention(Qt, Kt, Vt, m, { weightsInto: buf });
    expect(r.weights.data).toBe(buf);
    expect([r.weights.rows, r.weights.cols]).toEqual([6, 7]);
    expect(Array.from(buf)).toEqual(Array.from(fresh.weights.data));
    expect(Array.from(r.out.data)).toEqual(Array.from(fresh.out.data));
    // reused: the next call overwrites it with its own weights
    const again = core.typed.attention(Qt, Kt, Vt, null, { scale: false, weightsInto: buf });
    expect(again.weights.data).toBe(buf);
    expect(Array.from(buf)).toEqual(Array.from(core.typed.attention(Qt, Kt, Vt, null, { scale: false }).weights.data));
  });
  test('causal_mask', () => {
    const m = core.typed.causal_mask(4);
    expect(m.data).toBeInstanceOf(Uint8Array);
    expect([m.rows, m.cols]).toEqual([4, 4]);
    expect(Array.from(m.data, (x) => x === 1)).toEqual(core.causal_mask(4).flat());
    const r = core.typed.causal_mask(2, 3);
    expect(Array.from(r.data)).toEqual([1, 0, 0, 1, 1, 0]);
  });
  test('multi_head, block', () => {
    const f = core.multi_head(Q, K, V, 2, mask);
    const t = core.typed.multi_head(toTyped(Q), toTyped(K), toTyped(V), 2, typedMask(mask));
    expect(fromTypedM(t.out)).toEqual(f.out);
    expect(t.weights.map(fromTypedM)).toEqual(f.weights);
    const X = mat(4, 8, 44);
    const fb = core.block(X, 4, causal(4), { eps: 1e-3 });
    const tb = core.typed.block(toTyped(X), 4, typedMask(causal(4)), 1e-3);
    for (const k of ['normed', 'attended', 'out'] as const) expect(fromTypedM(tb[k])).toEqual(fb[k]);
    expect(tb.weights.map(fromTypedM)).toEqual(fb.weights);
    expect(fromTypedM(core.typed.block(toTyped(X), 2).out)).toEqual(core.block(X, 2).out);
  });
  test('pos_encoding, random_normal', () => {
    expect(fromTypedM(core.typed.pos_encoding(5, 6))).toEqual(core.pos_encoding(5, 6));
    expect(fromTypedM(core.typed.random_normal(3, 4, 9, 2))).toEqual(core.random_normal(3, 4, 9, 2));
  });
  test('single_head', () => {
    const X = mat(3, 4, 45),
      Wq = mat(4, 2, 46),
      Wk = mat(4, 2, 47),
      Wv = mat(4, 3, 48);
    for (const c of [true, false]) {
      const f = core.single_head(X, Wq, Wk, Wv, { causal: c });
      const t = core.typed.single_head(toTyped(X), toTyped(Wq), toTyped(Wk), toTyped(Wv), { causal: c });
      for (const k of ['q', 'k', 'v', 'weights', 'out'] as const) expect(fromTypedM(t[k])).toEqual(f[k]);
    }
  });
  test('grouped_query_attention', () => {
    const q = [mat(2, 6, 51), mat(2, 6, 52)],
      k = [mat(3, 6, 53), mat(3, 6, 54)],
      v = [mat(3, 5, 55), mat(3, 5, 56)];
    const p = {
      Wq: mat(6, 8, 57),
      bq: mat(1, 8, 58)[0],
      Wk: mat(6, 4, 59),
      bk: null,
      Wv: mat(5, 6, 60),
      bv: mat(1, 6, 61)[0],
      Wo: mat(12, 3, 62),
      bo: mat(1, 3, 63)[0],
    };
    const m = causal(2, 3);
    const f = core.grouped_query_attention(q, k, v, p, { num_heads: 4, num_kv_heads: 2, mask: m });
    const t = core.typed.grouped_query_attention(
      toTyped3(q),
      toTyped3(k),
      toTyped3(v),
      {
        Wq: toTyped(p.Wq),
        bq: Float64Array.from(p.bq),
        Wk: toTyped(p.Wk),
        bk: null,
        Wv: toTyped(p.Wv),
        bv: Float64Array.from(p.bv),
        Wo: toTyped(p.Wo),
        bo: Float64Array.from(p.bo),
      },
      { num_heads: 4, num_kv_heads: 2, mask: typedMask(m) },
    );
    expect([t.out.batch, t.out.rows, t.out.cols, t.num_heads]).toEqual([2, 2, 3, 4]);
    expect(Array.from(t.out.data)).toEqual(f.out.flat(2));
    expect(Array.from(t.weights)).toEqual(f.weights.flat(3));
  });
});

// ---------------------------------------------------------------- errors

interface ErrorCase {
  name: string;
  call: () => unknown;
  code: ErrorCode;
  fn: string;
  message?: string; // the message starts with this
}

const I2 = [
  [1, 0],
  [0, 1],
];
const M24 = mat(2, 4, 71);
const big = (rows: number, c: number): Matrix => Array.from({ length: rows }, () => Array(c).fill(0.5) as number[]);
const zeros = (r: number, c: number): TypedMatrix => ({ data: new Float64Array(r * c), rows: r, cols: c });
const zeros3 = (b: number, r: number, c: number): TypedTensor3 => ({ data: new Float64Array(b * r * c), batch: b, rows: r, cols: c });
const gq = [mat(2, 4, 72)],
  gk = [mat(3, 4, 73)],
  gv = [mat(3, 2, 74)];
const gp = { Wq: mat(4, 4, 75), Wk: mat(4, 2, 76), Wv: mat(2, 2, 77), Wo: mat(4, 3, 78) }; // 2 heads of 2, 1 KV head, d_o 3
const gopts = { num_heads: 2, num_kv_heads: 1 };
/** A wrong argument, typed to pass anywhere (never is assignable to every type, and is not `any`). */
const any = (x: unknown) => x as never;

const errorCases: ErrorCase[] = [
  // softmax
  { name: 'softmax: empty', call: () => core.softmax([]), code: 'empty', fn: 'softmax' },
  { name: 'softmax: NaN', call: () => core.softmax([1, NaN]), code: 'non_finite', fn: 'softmax', message: 'softmax: xs[1] is NaN' },
  { name: 'softmax: Infinity', call: () => core.softmax([Infinity, 1]), code: 'non_finite', fn: 'softmax' },
  { name: 'softmax: -Infinity', call: () => core.softmax([1, -Infinity]), code: 'non_finite', fn: 'softmax' },
  { name: 'softmax: a string entry', call: () => core.softmax(any([1, '2'])), code: 'not_a_number', fn: 'softmax' },
  { name: 'softmax: a string', call: () => core.softmax(any('1,2,3')), code: 'not_a_number', fn: 'softmax' },
  { name: 'softmax: null', call: () => core.softmax(any(null)), code: 'not_a_number', fn: 'softmax' },
  // attention
  {
    name: 'attention: ragged Q',
    call: () => core.attention([[1, 2], [3]], I2, I2),
    code: 'ragged',
    fn: 'attention',
    message: 'attention: Q[1] has 1 values but Q[0] has 2',
  },
  {
    name: 'attention: ragged K',
    call: () =>
      core.attention(
        I2,
        [
          [1, 2],
          [3, 4, 5],
        ],
        I2,
      ),
    code: 'ragged',
    fn: 'attention',
  },
  { name: 'attention: ragged V', call: () => core.attention(I2, I2, [[1], [3, 4]]), code: 'ragged', fn: 'attention' },
  {
    name: 'attention: Q/K width',
    call: () =>
      core.attention(
        I2,
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        I2,
      ),
    code: 'shape',
    fn: 'attention',
    message: 'attention: Q is (2, 2) but K is (2, 3)',
  },
  {
    name: 'attention: K/V rows',
    call: () =>
      core.attention(I2, I2, [
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
    code: 'shape',
    fn: 'attention',
    message: 'attention: K is (2, 2) but V is (3, 2)',
  },
  {
    name: 'attention: mask shape',
    call: () => core.attention(I2, I2, I2, causal(3, 2)),
    code: 'shape',
    fn: 'attention',
    message: 'attention: mask is (3, 2) but the scores are (2, 2)',
  },
  { name: 'attention: mask cols', call: () => core.attention(I2, I2, I2, causal(2, 3)), code: 'shape', fn: 'attention' },
  { name: 'attention: ragged mask', call: () => core.attention(I2, I2, I2, [[true, false], [true]]), code: 'ragged', fn: 'attention' },
  {
    name: 'attention: mask of numbers',
    call: () =>
      core.attention(
        I2,
        I2,
        I2,
        any([
          [1, 0],
          [1, 1],
        ]),
      ),
    code: 'not_a_number',
    fn: 'attention',
  },
  { name: 'attention: mask not an array', call: () => core.attention(I2, I2, I2, any('causal')), code: 'not_a_number', fn: 'attention' },
  {
    name: 'attention: NaN in Q',
    call: () =>
      core.attention(
        [
          [1, NaN],
          [0, 1],
        ],
        I2,
        I2,
      ),
    code: 'non_finite',
    fn: 'attention',
    message: 'attention: Q[0][1] is NaN',
  },
  {
    name: 'attention: Infinity in K',
    call: () =>
      core.attention(
        I2,
        [
          [1, 0],
          [Infinity, 1],
        ],
        I2,
      ),
    code: 'non_finite',
    fn: 'attention',
    message: 'attention: K[1][0] is Infinity',
  },
  {
    name: 'attention: -Infinity in V',
    call: () =>
      core.attention(I2, I2, [
        [1, 0],
        [0, -Infinity],
      ]),
    code: 'non_finite',
    fn: 'attention',
  },
  {
    name: 'attention: string in Q',
    call: () =>
      core.attention(
        any([
          [1, '0'],
          [0, 1],
        ]),
        I2,
        I2,
      ),
    code: 'not_a_number',
    fn: 'attention',
    message: 'attention: Q[0][1] is the string "0"',
  },
  { name: 'attention: Q is a string', call: () => core.attention(any('Q'), I2, I2), code: 'not_a_number', fn: 'attention' },
  { name: 'attention: a row is a string', call: () => core.attention(I2, any([[1, 0], '01']), I2), code: 'not_a_number', fn: 'attention' },
  { name: 'attention: Q undefined', call: () => core.attention(any(undefined), I2, I2), code: 'not_a_number', fn: 'attention' },
  { name: 'attention: empty Q []', call: () => core.attention([], I2, I2), code: 'empty', fn: 'attention' },
  { name: 'attention: empty K [[]]', call: () => core.attention(I2, [[]], I2), code: 'empty', fn: 'attention' },
  {
    name: 'attention: n = 5000 rows',
    call: () => core.attention(big(5000, 2), I2, I2),
    code: 'too_large',
    fn: 'attention',
    message: 'attention: Q is (5000, 2): the limit is 4096 rows',
  },
  { name: 'attention: 5000 keys', call: () => core.attention(I2, big(5000, 2), big(5000, 2)), code: 'too_large', fn: 'attention' },
  { name: 'attention: d = 5000', call: () => core.attention(big(2, 5000), big(2, 5000), I2), code: 'too_large', fn: 'attention' },
  {
    name: 'attention (typed): data length vs shape',
    call: () => core.typed.attention({ data: new Float64Array(3), rows: 2, cols: 2 }, toTyped(I2), toTyped(I2)),
    code: 'shape',
    fn: 'attention',
  },
  {
    name: 'attention (typed): weightsInto length',
    call: () => core.typed.attention(toTyped(I2), toTyped(I2), toTyped(I2), null, { weightsInto: new Float64Array(3) }),
    code: 'shape',
    fn: 'attention',
    message: 'attention: weightsInto must be a Float64Array of n_q·n_k = 2·2 values',
  },
  {
    name: 'attention (typed): mask data length',
    call: () => core.typed.attention(toTyped(I2), toTyped(I2), toTyped(I2), { data: new Uint8Array(3), rows: 2, cols: 2 }),
    code: 'shape',
    fn: 'attention',
  },
  // attention_steps (named as the function called, though the core reports the same computation as "attention")
  { name: 'attention_steps: Q/K width', call: () => core.attention_steps(I2, M24, I2), code: 'shape', fn: 'attention_steps' },
  { name: 'attention_steps: ragged', call: () => core.attention_steps(I2, I2, [[1], [2, 3]]), code: 'ragged', fn: 'attention_steps' },
  {
    name: 'attention_steps: NaN',
    call: () =>
      core.attention_steps(I2, I2, [
        [NaN, 0],
        [0, 1],
      ]),
    code: 'non_finite',
    fn: 'attention_steps',
  },
  { name: 'attention_steps: mask shape', call: () => core.attention_steps(I2, I2, I2, causal(1, 2)), code: 'shape', fn: 'attention_steps' },
  // causal_mask
  { name: 'causal_mask: n = 0', call: () => core.causal_mask(0), code: 'empty', fn: 'causal_mask' },
  { name: 'causal_mask: n = -1', call: () => core.causal_mask(-1), code: 'invalid_argument', fn: 'causal_mask' },
  { name: 'causal_mask: n = 2.5', call: () => core.causal_mask(2.5), code: 'invalid_argument', fn: 'causal_mask' },
  { name: 'causal_mask: n = NaN', call: () => core.causal_mask(NaN), code: 'invalid_argument', fn: 'causal_mask' },
  { name: 'causal_mask: n = "3"', call: () => core.causal_mask(any('3')), code: 'invalid_argument', fn: 'causal_mask' },
  { name: 'causal_mask: n = 5000', call: () => core.causal_mask(5000), code: 'too_large', fn: 'causal_mask' },
  { name: 'causal_mask: n = 2^32', call: () => core.causal_mask(2 ** 32), code: 'too_large', fn: 'causal_mask' },
  // multi_head
  {
    name: 'multi_head: h = 3, d = 8',
    call: () => core.multi_head(mat(2, 8, 1), mat(2, 8, 2), mat(2, 8, 3), 3),
    code: 'divisibility',
    fn: 'multi_head',
    message: 'multi_head: h = 3 does not divide d = 8',
  },
  {
    name: 'multi_head: h does not divide d_v',
    call: () => core.multi_head(M24, M24, mat(2, 3, 1), 2),
    code: 'divisibility',
    fn: 'multi_head',
    message: 'multi_head: h = 2 does not divide d_v = 3',
  },
  { name: 'multi_head: h = 0', call: () => core.multi_head(M24, M24, M24, 0), code: 'invalid_argument', fn: 'multi_head' },
  { name: 'multi_head: h = -2', call: () => core.multi_head(M24, M24, M24, -2), code: 'invalid_argument', fn: 'multi_head' },
  { name: 'multi_head: h = 1.5', call: () => core.multi_head(M24, M24, M24, 1.5), code: 'invalid_argument', fn: 'multi_head' },
  { name: 'multi_head: h = "2"', call: () => core.multi_head(M24, M24, M24, any('2')), code: 'invalid_argument', fn: 'multi_head' },
  {
    name: 'multi_head: h = 512 (over the head limit)',
    call: () => core.multi_head(big(1, 512), big(1, 512), big(1, 512), 512),
    code: 'too_large',
    fn: 'multi_head',
  },
  { name: 'multi_head: h = 1e20', call: () => core.multi_head(M24, M24, M24, 1e20), code: 'too_large', fn: 'multi_head' },
  { name: 'multi_head: ragged', call: () => core.multi_head([[1, 2], [3]], I2, I2, 1), code: 'ragged', fn: 'multi_head' },
  { name: 'multi_head: Q/K width', call: () => core.multi_head(I2, M24, I2, 1), code: 'shape', fn: 'multi_head' },
  { name: 'multi_head: K/V rows', call: () => core.multi_head(I2, I2, mat(3, 2, 1), 1), code: 'shape', fn: 'multi_head' },
  { name: 'multi_head: mask shape', call: () => core.multi_head(I2, I2, I2, 1, causal(3)), code: 'shape', fn: 'multi_head' },
  {
    name: 'multi_head: Infinity',
    call: () =>
      core.multi_head(
        I2,
        I2,
        [
          [Infinity, 0],
          [0, 1],
        ],
        1,
      ),
    code: 'non_finite',
    fn: 'multi_head',
  },
  {
    name: 'multi_head: string',
    call: () =>
      core.multi_head(
        I2,
        any([
          ['a', 0],
          [0, 1],
        ]),
        I2,
        1,
      ),
    code: 'not_a_number',
    fn: 'multi_head',
  },
  { name: 'multi_head: empty', call: () => core.multi_head([[]], I2, I2, 1), code: 'empty', fn: 'multi_head' },
  { name: 'multi_head: 5000 rows', call: () => core.multi_head(big(5000, 2), I2, I2, 1), code: 'too_large', fn: 'multi_head' },
  // h · n_q · n_k = 256 · 4096 · 4096 = 2³² wrapped a 32-bit size_t to 0 (fixed in cpp/multi_head.cpp)
  {
    name: 'multi_head (typed): 256 heads of 4096 × 4096 scores',
    call: () => core.typed.multi_head(zeros(4096, 256), zeros(4096, 256), zeros(4096, 256), 256),
    code: 'too_large',
    fn: 'multi_head',
  },
  // pos_encoding
  { name: 'pos_encoding: n = 0', call: () => core.pos_encoding(0, 4), code: 'empty', fn: 'pos_encoding' },
  { name: 'pos_encoding: d = 0', call: () => core.pos_encoding(4, 0), code: 'empty', fn: 'pos_encoding' },
  { name: 'pos_encoding: n = 5000', call: () => core.pos_encoding(5000, 4), code: 'too_large', fn: 'pos_encoding' },
  { name: 'pos_encoding: d = 5000', call: () => core.pos_encoding(4, 5000), code: 'too_large', fn: 'pos_encoding' },
  { name: 'pos_encoding: n = -1', call: () => core.pos_encoding(-1, 4), code: 'invalid_argument', fn: 'pos_encoding' },
  { name: 'pos_encoding: d = 1.5', call: () => core.pos_encoding(4, 1.5), code: 'invalid_argument', fn: 'pos_encoding' },
  { name: 'pos_encoding: n = "4"', call: () => core.pos_encoding(any('4'), 4), code: 'invalid_argument', fn: 'pos_encoding' },
  // layer_norm
  { name: 'layer_norm: empty', call: () => core.layer_norm([]), code: 'empty', fn: 'layer_norm' },
  { name: 'layer_norm: NaN', call: () => core.layer_norm([1, NaN]), code: 'non_finite', fn: 'layer_norm' },
  { name: 'layer_norm: Infinity', call: () => core.layer_norm([Infinity]), code: 'non_finite', fn: 'layer_norm' },
  { name: 'layer_norm: a string entry', call: () => core.layer_norm(any(['1', 2])), code: 'not_a_number', fn: 'layer_norm' },
  { name: 'layer_norm: row is a string', call: () => core.layer_norm(any('1 2')), code: 'not_a_number', fn: 'layer_norm' },
  { name: 'layer_norm: eps = -1', call: () => core.layer_norm([1, 2], -1), code: 'invalid_argument', fn: 'layer_norm', message: 'layer_norm: eps = -1' },
  { name: 'layer_norm: eps = NaN', call: () => core.layer_norm([1, 2], NaN), code: 'invalid_argument', fn: 'layer_norm' },
  { name: 'layer_norm: eps = Infinity', call: () => core.layer_norm([1, 2], Infinity), code: 'invalid_argument', fn: 'layer_norm' },
  { name: 'layer_norm: eps = "1e-5"', call: () => core.layer_norm([1, 2], any('1e-5')), code: 'invalid_argument', fn: 'layer_norm' },
  // block
  { name: 'block: h = 3, d = 8', call: () => core.block(mat(2, 8, 1), 3), code: 'divisibility', fn: 'block', message: 'block: h = 3 does not divide d = 8' },
  { name: 'block: h = 0', call: () => core.block(M24, 0), code: 'invalid_argument', fn: 'block' },
  { name: 'block: h = 1.5', call: () => core.block(M24, 1.5), code: 'invalid_argument', fn: 'block' },
  { name: 'block: eps = -1', call: () => core.block(M24, 2, null, { eps: -1 }), code: 'invalid_argument', fn: 'block' },
  { name: 'block: eps = NaN', call: () => core.block(M24, 2, null, { eps: NaN }), code: 'invalid_argument', fn: 'block' },
  { name: 'block: eps = "x"', call: () => core.block(M24, 2, null, { eps: any('x') }), code: 'invalid_argument', fn: 'block' },
  { name: 'block: ragged X', call: () => core.block([[1, 2], [3]], 1), code: 'ragged', fn: 'block' },
  { name: 'block: mask shape', call: () => core.block(M24, 2, causal(3)), code: 'shape', fn: 'block' },
  { name: 'block: NaN', call: () => core.block([[NaN, 1]], 1), code: 'non_finite', fn: 'block' },
  { name: 'block: string', call: () => core.block(any([[1, 'x']]), 1), code: 'not_a_number', fn: 'block' },
  { name: 'block: empty', call: () => core.block([], 1), code: 'empty', fn: 'block' },
  { name: 'block: 5000 rows', call: () => core.block(big(5000, 2), 1), code: 'too_large', fn: 'block' },
  // single_head
  {
    name: 'single_head: Wq rows vs X cols',
    call: () => core.single_head(mat(3, 4, 1), mat(3, 2, 2), mat(4, 2, 3), mat(4, 2, 4)),
    code: 'shape',
    fn: 'single_head',
    message: 'single_head: Wq is (3, 2) but X is (3, 4)',
  },
  {
    name: 'single_head: Wv rows vs X cols',
    call: () => core.single_head(mat(3, 4, 1), mat(4, 2, 2), mat(4, 2, 3), mat(5, 2, 4)),
    code: 'shape',
    fn: 'single_head',
  },
  { name: 'single_head: Wq/Wk width', call: () => core.single_head(mat(3, 4, 1), mat(4, 2, 2), mat(4, 3, 3), mat(4, 2, 4)), code: 'shape', fn: 'single_head' },
  {
    name: 'single_head: ragged X',
    call: () => core.single_head([[1, 2, 3, 4], [1]], mat(4, 2, 2), mat(4, 2, 3), mat(4, 2, 4)),
    code: 'ragged',
    fn: 'single_head',
  },
  {
    name: 'single_head: NaN in Wv',
    call: () =>
      core.single_head(mat(3, 4, 1), mat(4, 2, 2), mat(4, 2, 3), [
        [NaN, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    code: 'non_finite',
    fn: 'single_head',
  },
  {
    name: 'single_head: string in Wk',
    call: () =>
      core.single_head(
        mat(3, 4, 1),
        mat(4, 2, 2),
        any([
          ['0', 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ]),
        mat(4, 2, 4),
      ),
    code: 'not_a_number',
    fn: 'single_head',
  },
  { name: 'single_head: empty X', call: () => core.single_head([], mat(4, 2, 2), mat(4, 2, 3), mat(4, 2, 4)), code: 'empty', fn: 'single_head' },
  {
    name: 'single_head: 5000 rows',
    call: () => core.single_head(big(5000, 4), mat(4, 2, 2), mat(4, 2, 3), mat(4, 2, 4)),
    code: 'too_large',
    fn: 'single_head',
  },
  // grouped_query_attention
  {
    name: 'gqa: num_heads 8 not divisible by num_kv_heads 3',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wq: mat(4, 8, 1) }, { num_heads: 8, num_kv_heads: 3 }),
    code: 'divisibility',
    fn: 'grouped_query_attention',
    message: 'grouped_query_attention: num_heads = 8 is not divisible by num_kv_heads = 3',
  },
  {
    name: 'gqa: num_heads = 0',
    call: () => core.grouped_query_attention(gq, gk, gv, gp, { num_heads: 0, num_kv_heads: 1 }),
    code: 'invalid_argument',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: num_kv_heads = 0',
    call: () => core.grouped_query_attention(gq, gk, gv, gp, { num_heads: 2, num_kv_heads: 0 }),
    code: 'invalid_argument',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: num_heads = 1.5',
    call: () => core.grouped_query_attention(gq, gk, gv, gp, { num_heads: 1.5, num_kv_heads: 1 }),
    code: 'invalid_argument',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: num_heads = 512',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wq: mat(4, 512, 1) }, { num_heads: 512, num_kv_heads: 1 }),
    code: 'too_large',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: options missing',
    call: () => core.grouped_query_attention(gq, gk, gv, gp, any(undefined)),
    code: 'invalid_argument',
    fn: 'grouped_query_attention',
  },
  { name: 'gqa: params null', call: () => core.grouped_query_attention(gq, gk, gv, any(null), gopts), code: 'invalid_argument', fn: 'grouped_query_attention' },
  {
    name: 'gqa: Wo missing',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wo: any(undefined) }, gopts),
    code: 'not_a_number',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: bq wrong length',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bq: [1, 2, 3] }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
    message: 'grouped_query_attention: bq has 3 values but Wq is (4, 4)',
  },
  {
    name: 'gqa: bk wrong length',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bk: [1, 2, 3] }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: bv wrong length',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bv: [1] }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: bo wrong length',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bo: [1, 2, 3, 4] }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  { name: 'gqa: bq empty array', call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bq: [] }, gopts), code: 'shape', fn: 'grouped_query_attention' },
  {
    name: 'gqa: NaN in bo',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bo: [0, NaN, 0] }, gopts),
    code: 'non_finite',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: string in bk',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, bk: any(['a', 0]) }, gopts),
    code: 'not_a_number',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: batch sizes differ',
    call: () => core.grouped_query_attention([...gq, ...gq], gk, gv, gp, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  { name: 'gqa: k/v rows differ', call: () => core.grouped_query_attention(gq, gk, [mat(4, 2, 1)], gp, gopts), code: 'shape', fn: 'grouped_query_attention' },
  {
    name: 'gqa: Wq rows vs q width',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wq: mat(5, 4, 1) }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: Wq cols not divisible by num_heads',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wq: mat(4, 5, 1) }, gopts),
    code: 'divisibility',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: Wk cols vs num_kv_heads × d_k',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wk: mat(4, 4, 1) }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: Wo rows vs num_heads × d_v',
    call: () => core.grouped_query_attention(gq, gk, gv, { ...gp, Wo: mat(3, 3, 1) }, gopts),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: mask shape',
    call: () => core.grouped_query_attention(gq, gk, gv, gp, { ...gopts, mask: causal(2) }),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: ragged batch (matrices of different shapes)',
    call: () => core.grouped_query_attention([mat(2, 4, 1), mat(3, 4, 2)], [...gk, ...gk], [...gv, ...gv], gp, gopts),
    code: 'ragged',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: ragged row',
    call: () => core.grouped_query_attention([[[1, 2, 3, 4], [1]]], gk, gv, gp, gopts),
    code: 'ragged',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: q is a matrix, not a batch',
    call: () => core.grouped_query_attention(any(gq[0]), gk, gv, gp, gopts),
    code: 'not_a_number',
    fn: 'grouped_query_attention',
  },
  { name: 'gqa: empty batch', call: () => core.grouped_query_attention([], gk, gv, gp, gopts), code: 'empty', fn: 'grouped_query_attention' },
  {
    name: 'gqa: NaN in q',
    call: () =>
      core.grouped_query_attention(
        [
          [
            [1, 2, 3, NaN],
            [1, 2, 3, 4],
          ],
        ],
        gk,
        gv,
        gp,
        gopts,
      ),
    code: 'non_finite',
    fn: 'grouped_query_attention',
    message: 'grouped_query_attention: q[0][0][3] is NaN',
  },
  {
    name: 'gqa: string in v',
    call: () =>
      core.grouped_query_attention(
        gq,
        gk,
        any([
          [
            [1, 'x'],
            [1, 2],
            [3, 4],
          ],
        ]),
        gp,
        gopts,
      ),
    code: 'not_a_number',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa: 5000 query rows',
    call: () => core.grouped_query_attention([big(5000, 4)], gk, gv, gp, gopts),
    code: 'too_large',
    fn: 'grouped_query_attention',
  },
  {
    name: 'gqa (typed): batch 2000',
    call: () =>
      core.typed.grouped_query_attention(
        zeros3(2000, 1, 4),
        zeros3(2000, 1, 4),
        zeros3(2000, 1, 2),
        { Wq: toTyped(gp.Wq), Wk: toTyped(gp.Wk), Wv: toTyped(gp.Wv), Wo: toTyped(gp.Wo) },
        gopts,
      ),
    code: 'too_large',
    fn: 'grouped_query_attention',
  },
  // batch · H · n_q · n_k = 16 · 16 · 4096 · 4096 = 2³² wrapped to 0 and wrote out of bounds (fixed in cpp/projected.cpp)
  {
    name: 'gqa (typed): 16 × 16 heads × 4096 × 4096 weights',
    call: () =>
      core.typed.grouped_query_attention(
        zeros3(16, 4096, 1),
        zeros3(16, 4096, 1),
        zeros3(16, 4096, 1),
        { Wq: zeros(1, 16), Wk: zeros(1, 16), Wv: zeros(1, 16), Wo: zeros(16, 1) },
        { num_heads: 16, num_kv_heads: 16 },
      ),
    code: 'too_large',
    fn: 'grouped_query_attention',
  },
  // a shape whose element count (256 · 4096 · 4096 = 2³²) wrapped to the 0 values given (fixed in cpp/checks.cpp)
  {
    name: 'gqa (typed): shape that lies about its data',
    call: () =>
      core.typed.grouped_query_attention(
        { data: new Float64Array(0), batch: 256, rows: 4096, cols: 4096 },
        zeros3(256, 1, 4096),
        zeros3(256, 1, 1),
        { Wq: zeros(4096, 1), Wk: zeros(4096, 1), Wv: zeros(1, 1), Wo: zeros(1, 1) },
        { num_heads: 1, num_kv_heads: 1 },
      ),
    code: 'shape',
    fn: 'grouped_query_attention',
  },
  // random_normal
  { name: 'random_normal: rows = 0', call: () => core.random_normal(0, 3, 1), code: 'empty', fn: 'random_normal' },
  { name: 'random_normal: cols = 5000', call: () => core.random_normal(3, 5000, 1), code: 'too_large', fn: 'random_normal' },
  { name: 'random_normal: seed = -1', call: () => core.random_normal(2, 2, -1), code: 'invalid_argument', fn: 'random_normal' },
  { name: 'random_normal: seed = 0.5', call: () => core.random_normal(2, 2, 0.5), code: 'invalid_argument', fn: 'random_normal' },
  { name: 'random_normal: seed = 1e30', call: () => core.random_normal(2, 2, 1e30), code: 'too_large', fn: 'random_normal' },
  // core.experiments: bad arguments caught in the façade
  {
    name: 'scaling_point: d is a string',
    call: () => core.experiments.scaling_point(any('64'), 8, 10, 7),
    code: 'invalid_argument',
    fn: 'scaling_point',
    message: 'scaling_point: d must be a whole number ≥ 0, got the string "64"',
  },
  {
    name: 'scaling_point: trials = 1.5',
    call: () => core.experiments.scaling_point(4, 8, 1.5, 7),
    code: 'invalid_argument',
    fn: 'scaling_point',
    message: 'scaling_point: trials = 1.5',
  },
  { name: 'scaling_point: seed = 2⁵³', call: () => core.experiments.scaling_point(4, 8, 10, 2 ** 53), code: 'too_large', fn: 'scaling_point' },
  {
    name: 'scaling_experiment: ds = null',
    call: () => core.experiments.scaling_experiment(any(null), 8, 10, 7),
    code: 'not_a_number',
    fn: 'scaling_experiment',
    message: 'scaling_experiment: ds must be a list of numbers',
  },
  {
    name: 'scaling_experiment: ds as text',
    call: () => core.experiments.scaling_experiment(any('1 2 4'), 8, 10, 7),
    code: 'not_a_number',
    fn: 'scaling_experiment',
  },
  {
    name: 'scaling_experiment: a string entry',
    call: () => core.experiments.scaling_experiment(any([1, '2']), 8, 10, 7),
    code: 'not_a_number',
    fn: 'scaling_experiment',
    message: 'scaling_experiment: ds[1] is the string "2", not a number',
  },
  {
    name: 'permutation_experiment: X = null',
    call: () => core.experiments.permutation_experiment(any(null), [0], false),
    code: 'not_a_number',
    fn: 'permutation_experiment',
    message: 'permutation_experiment: X must be a matrix',
  },
  {
    name: 'permutation_experiment: ragged X',
    call: () => core.experiments.permutation_experiment([[1, 2], [3]], [1, 0], false),
    code: 'ragged',
    fn: 'permutation_experiment',
    message: 'permutation_experiment: X[1] has 1 values but X[0] has 2',
  },
  {
    name: 'permutation_experiment: X data too short',
    call: () => core.experiments.permutation_experiment({ data: new Float64Array(5), rows: 3, cols: 2 }, [0, 1, 2], false),
    code: 'shape',
    fn: 'permutation_experiment',
    message: 'permutation_experiment: X is (3, 2) but its data has 5 values, not 6',
  },
  {
    name: 'permutation_experiment: perm = null',
    call: () => core.experiments.permutation_experiment(M24, any(null), false),
    code: 'not_a_number',
    fn: 'permutation_experiment',
  },
  {
    name: 'permutation_experiment: use_pe is a string',
    call: () => core.experiments.permutation_experiment(M24, [1, 0], any('yes')),
    code: 'invalid_argument',
    fn: 'permutation_experiment',
    message: 'permutation_experiment: use_pe must be true or false, got the string "yes"',
  },
  {
    name: 'h1_check: Q is a number',
    call: () => core.experiments.h1_check(any(3), M24, M24),
    code: 'not_a_number',
    fn: 'h1_check',
    message: 'h1_check: Q must be a matrix',
  },
  {
    name: 'h1_check: mask of strings',
    call: () =>
      core.experiments.h1_check(
        M24,
        M24,
        M24,
        any([
          ['a', 'b'],
          ['c', 'd'],
        ]),
      ),
    code: 'not_a_number',
    fn: 'h1_check',
    message: 'h1_check: mask[0][0] is the string "a"',
  },
  { name: 'h1_check: mask is a string', call: () => core.experiments.h1_check(M24, M24, M24, any('causal')), code: 'not_a_number', fn: 'h1_check' },
  // core.experiments: bad arguments caught in C++
  {
    name: 'scaling_point: d = 0',
    call: () => core.experiments.scaling_point(0, 8, 10, 7),
    code: 'invalid_argument',
    fn: 'scaling_point',
    message: 'scaling_point: d = 0 must be at least 1',
  },
  {
    name: 'scaling_experiment: ds = []',
    call: () => core.experiments.scaling_experiment([], 8, 10, 7),
    code: 'invalid_argument',
    fn: 'scaling_experiment',
    message: 'scaling_experiment: ds is empty',
  },
  {
    name: 'permutation_experiment: perm [0, 0]',
    call: () => core.experiments.permutation_experiment(M24, [0, 0], false),
    code: 'invalid_argument',
    fn: 'permutation_experiment',
    message: 'permutation_experiment: perm[1] = 0 repeats perm[0]',
  },
  {
    name: 'permutation_experiment: perm too short',
    call: () => core.experiments.permutation_experiment(M24, new Uint32Array([0]), true),
    code: 'shape',
    fn: 'permutation_experiment',
    message: 'permutation_experiment: perm has 1 entries but X has 2 rows',
  },
  { name: 'seeded_permutation: n = -1', call: () => core.experiments.seeded_permutation(-1, 7), code: 'invalid_argument', fn: 'seeded_permutation' },
  { name: 'quadratic_point: n = 4097', call: () => core.experiments.quadratic_point(4097, 8, 7), code: 'too_large', fn: 'quadratic_point' },
  {
    name: 'fit_loglog_slope: y = 0',
    call: () => core.experiments.fit_loglog_slope([1, 2], [1, 0]),
    code: 'invalid_argument',
    fn: 'fit_loglog_slope',
    message: 'fit_loglog_slope: ys[1]',
  },
  { name: 'fit_loglog_slope: lengths differ', call: () => core.experiments.fit_loglog_slope([1, 2, 3], [1, 2]), code: 'shape', fn: 'fit_loglog_slope' },
  { name: 'h1_check: K and V rows differ', call: () => core.experiments.h1_check(M24, mat(3, 4, 1), M24), code: 'shape', fn: 'h1_check' },
  { name: 'h1_check: mask of the wrong shape', call: () => core.experiments.h1_check(M24, M24, M24, causal(3)), code: 'shape', fn: 'h1_check' },
];

describe('errors', () => {
  test.each(errorCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    let caught: unknown;
    try {
      c.call();
    } catch (e) {
      caught = e;
    }
    expect(caught, 'it throws').toBeDefined();
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toBeInstanceOf(AttentionError);
    const e = caught as AttentionError;
    expect(e.name).toBe('AttentionError');
    expect(e.code, e.message).toBe(c.code);
    expect(e.message.startsWith(`${c.fn}: `), e.message).toBe(true);
    if (c.message) expect(e.message.startsWith(c.message), e.message).toBe(true);
    expectModuleWorks();
  });

  test('h not dividing d: the exact message', () => {
    expect(() => core.multi_head(mat(2, 8, 1), mat(2, 8, 2), mat(2, 8, 3), 3)).toThrow(/^multi_head: h = 3 does not divide d = 8\b/);
  });

  test('the largest allowed sizes still compute', () => {
    const r = core.typed.attention(zeros(4096, 1), zeros(4096, 1), zeros(4096, 1));
    expect(r.weights.data.length).toBe(4096 * 4096);
    expect(r.weights.data[0]).toBe(1 / 4096);
    expectModuleWorks();
  });
});

// ---------------------------------------------------------------- core.experiments

describe('core.experiments', () => {
  /** No `ok` flag and nothing postMessage could not copy. */
  const expectPlainData = (r: object) => {
    expect(r).not.toHaveProperty('ok');
    expect(structuredClone(r)).toEqual(r);
  };

  test('scaling_point: one plain point, equal to the raw binding bit for bit', () => {
    const p = core.experiments.scaling_point(64, 8, 50, 7);
    expectPlainData(p);
    expect(Object.keys(p).sort()).toEqual(
      [
        'd',
        'n',
        'trials',
        'point_seed',
        'max_scaled_mean',
        'max_scaled_std',
        'max_unscaled_mean',
        'max_unscaled_std',
        'max_scaled_median',
        'max_unscaled_median',
        'entropy_scaled_mean',
        'entropy_unscaled_mean',
        'entropy_max',
      ].sort(),
    );
    expect([p.d, p.n, p.trials]).toEqual([64, 8, 50]);
    expect(p.point_seed).toMatch(/^\d+$/);
    expect(p.entropy_max).toBeCloseTo(Math.log(8), 14);
    expect(p.max_scaled_mean).toBeLessThan(p.max_unscaled_mean);
    const raw = core.raw.scaling_point(64, 8, 50, 7);
    expect({ ...p, ok: true }).toEqual(raw);
  });

  test('scaling_experiment: one point per d (array or typed array), each equal to scaling_point alone', () => {
    const points = core.experiments.scaling_experiment([16, 64], 8, 50, 7);
    expect(points.map((p) => p.d)).toEqual([16, 64]);
    points.forEach(expectPlainData);
    expect(points[1]).toEqual(core.experiments.scaling_point(64, 8, 50, 7));
    expect(core.experiments.scaling_experiment(Uint32Array.of(16, 64), 8, 50, 7)).toEqual(points);
  });

  test('permutation_experiment: the four matrices, shapes (n, d) and (n, n), rows of X reordered by perm', () => {
    const X = mat(4, 3, 5);
    const perm = [2, 0, 3, 1];
    const r = core.experiments.permutation_experiment(X, perm, false);
    expectPlainData(r);
    expect(r.perm).toBeInstanceOf(Uint32Array);
    expect(Array.from(r.perm)).toEqual(perm);
    expect(r.use_pe).toBe(false);
    for (const m of [r.permuted_input, r.out, r.out_permuted, r.permuted_out]) expect([m.rows, m.cols, m.data.length]).toEqual([4, 3, 12]);
    for (const m of [r.weights, r.weights_permuted]) expect([m.rows, m.cols]).toEqual([4, 4]);
    expect(fromTypedM(r.permuted_input)).toEqual(perm.map((i) => X[i]));
    expect(r.max_abs_diff).toBeLessThan(1e-12); // equivariant without an encoding
    // the typed form of X gives the same numbers; with the encoding it is not equivariant
    expect(core.experiments.permutation_experiment(toTyped(X), Uint32Array.from(perm), false)).toEqual(r);
    expect(core.experiments.permutation_experiment(X, perm, true).max_abs_diff).toBeGreaterThan(1e-3);
  });

  test('seeded_permutation: a permutation of 0 … n−1, the same for the same seed', () => {
    const p = core.experiments.seeded_permutation(6, 8);
    expect(p).toBeInstanceOf(Uint32Array);
    expect([...p].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(core.experiments.seeded_permutation(6, 8)).toEqual(p);
  });

  test('quadratic_point: n² entries, 8·n² bytes, a reproducible checksum', () => {
    const q = core.experiments.quadratic_point(32, 4, 1);
    expectPlainData(q);
    expect(q).toMatchObject({ n: 32, d: 4, entries: 32 * 32, bytes: 8 * 32 * 32 });
    expect(Number.isFinite(q.checksum)).toBe(true);
    expect(core.experiments.quadratic_point(32, 4, 1).checksum).toBe(q.checksum);
  });

  test('fit_loglog_slope: y = x² has slope 2 and r² 1', () => {
    const f = core.experiments.fit_loglog_slope([1, 2, 4, 8], Float64Array.of(3, 12, 48, 192));
    expectPlainData(f);
    expect(f.slope).toBeCloseTo(2, 12);
    expect(f.intercept).toBeCloseTo(Math.log(3), 12);
    expect(f.r2).toBeCloseTo(1, 12);
  });

  test('h1_check: exactly 0 with no mask, a mask of booleans, or a typed mask', () => {
    const [Q, K, V] = [mat(5, 4, 1), mat(5, 4, 2), mat(5, 4, 3)];
    for (const m of [undefined, null, causal(5), typedMask(causal(5))]) {
      const r = core.experiments.h1_check(Q, K, V, m);
      expectPlainData(r);
      expect(r).toEqual({ max_out_diff: 0, max_weight_diff: 0 });
    }
    expect(core.experiments.h1_check(toTyped(Q), toTyped(K), toTyped(V))).toEqual({ max_out_diff: 0, max_weight_diff: 0 });
  });

  test('a bad argument throws an AttentionError with its code and message, and every function works after', () => {
    let caught: unknown;
    try {
      core.experiments.permutation_experiment(mat(3, 2, 1), [0, 0, 2], false);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(AttentionError);
    expect((caught as AttentionError).code).toBe('invalid_argument');
    expect((caught as AttentionError).message).toBe('permutation_experiment: perm[1] = 0 repeats perm[0]: each of 0 … 2 must appear exactly once');
    expect(() => core.experiments.scaling_point(64, 8, 1e6, 7)).toThrow(AttentionError);
    expect(core.experiments.permutation_experiment(mat(3, 2, 1), [2, 1, 0], false).max_abs_diff).toBeLessThan(1e-12);
    expect(core.experiments.scaling_point(4, 8, 5, 7).d).toBe(4);
    expect(core.experiments.h1_check(M24, M24, M24).max_out_diff).toBe(0);
    expectModuleWorks();
  });
});

// ---------------------------------------------------------------- core.limits()

describe('core.limits()', () => {
  const KEYS = [
    'maxRows',
    'maxCols',
    'maxHeads',
    'maxBatch',
    'maxWeights',
    'maxValues',
    'maxMultiplyAdds',
    'maxResultBytes',
    'maxTrials',
    'maxScalingPoints',
    'maxSeed',
    // attention at scale
    'maxFlashRows',
    'maxFlashMultiplyAdds',
    'maxTraceRows',
  ];

  /** The AttentionError `call` throws. */
  const failure = (call: () => unknown): AttentionError => {
    try {
      call();
    } catch (e) {
      if (e instanceof AttentionError) return e;
      throw e;
    }
    throw new Error('it did not throw');
  };

  test('a frozen object of whole numbers, the raw binding’s', () => {
    const L = core.limits();
    expect(Object.keys(L).sort()).toEqual([...KEYS].sort());
    for (const k of KEYS) expect(Number.isSafeInteger(L[k as keyof typeof L]) && L[k as keyof typeof L] > 0, k).toBe(true);
    expect(Object.isFrozen(L)).toBe(true);
    expect(core.limits()).toEqual(core.raw.limits());
    expect(L.maxValues).toBe(L.maxRows * L.maxCols);
    expect(L.maxSeed).toBe(Number.MAX_SAFE_INTEGER);
  });

  test('maxRows and maxCols: one more is too_large, and the message names the limit', () => {
    const { maxRows, maxCols } = core.limits();
    const rows = failure(() => core.attention(big(maxRows + 1, 1), big(2, 1), big(2, 1)));
    expect(rows.code).toBe('too_large');
    expect(rows.message).toBe(
      `attention: Q is (${maxRows + 1}, 1): the limit is ${maxRows} rows and ${maxCols} columns; flash_attention takes up to ${core.limits().maxFlashRows} rows (it keeps no n_q × n_k matrix)`,
    );
    const cols = failure(() => core.typed.attention(zeros(1, maxCols + 1), zeros(1, maxCols + 1), zeros(1, 1)));
    expect(cols.code).toBe('too_large');
    expect(cols.message).toContain(`${maxCols} columns`);
    expect(failure(() => core.experiments.quadratic_point(maxRows + 1, 2, 1)).message).toContain(`over the limit of ${maxRows}`);
    expect(core.experiments.quadratic_point(maxRows, 1, 1).entries).toBe(maxRows * maxRows);
  });

  test('maxHeads, maxWeights, maxBatch: one more is too_large, named in the message', () => {
    const { maxHeads, maxWeights, maxBatch, maxRows } = core.limits();
    const d = 2 * (maxHeads + 1);
    const heads = failure(() => core.typed.multi_head(zeros(2, d), zeros(2, d), zeros(2, d), maxHeads + 1));
    expect([heads.code, heads.message]).toEqual(['too_large', `multi_head: h = ${maxHeads + 1} is over the limit of ${maxHeads}`]);
    expect(core.typed.multi_head(zeros(2, maxHeads), zeros(2, maxHeads), zeros(2, maxHeads), maxHeads).weights).toHaveLength(maxHeads);
    // two heads of maxRows × maxRows scores: 2·maxRows² > maxWeights
    expect(2 * maxRows * maxRows).toBeGreaterThan(maxWeights);
    const weights = failure(() => core.typed.multi_head(zeros(maxRows, 2), zeros(maxRows, 2), zeros(maxRows, 2), 2));
    expect([weights.code, weights.message]).toEqual([
      'too_large',
      `multi_head: 2 heads of (${maxRows}, ${maxRows}) scores are more than ${maxWeights} entries`,
    ]);
    const p = { Wq: zeros(2, 2), Wk: zeros(2, 2), Wv: zeros(2, 2), Wo: zeros(2, 2) };
    const batch = failure(() =>
      core.typed.grouped_query_attention(zeros3(maxBatch + 1, 1, 2), zeros3(maxBatch + 1, 1, 2), zeros3(maxBatch + 1, 1, 2), p, {
        num_heads: 1,
        num_kv_heads: 1,
      }),
    );
    expect(batch.code).toBe('too_large');
    expect(batch.message).toContain(`batch ${maxBatch}`);
  });

  test('maxTrials, maxScalingPoints, maxSeed: one more is too_large, named in the message; the limit itself works', () => {
    const { maxTrials, maxScalingPoints, maxSeed } = core.limits();
    expect(failure(() => core.experiments.scaling_point(1, 2, maxTrials + 1, 0)).message).toBe(
      `scaling_point: trials = ${maxTrials + 1} is over the limit of ${maxTrials}`,
    );
    const ds = (k: number) => Array.from({ length: k }, () => 1);
    const points = failure(() => core.experiments.scaling_experiment(ds(maxScalingPoints + 1), 2, 1, 0));
    expect([points.code, points.message]).toEqual([
      'too_large',
      `scaling_experiment: ds has ${maxScalingPoints + 1} values, over the limit of ${maxScalingPoints}`,
    ]);
    expect(core.experiments.scaling_experiment(ds(maxScalingPoints), 2, 1, 0)).toHaveLength(maxScalingPoints);
    const seed = failure(() => core.random_normal(1, 1, maxSeed + 1));
    expect([seed.code, seed.message.endsWith(`over the limit of ${maxSeed}`)]).toEqual(['too_large', true]);
    expect(core.random_normal(1, 1, maxSeed)).toHaveLength(1);
    expectModuleWorks();
  });
});

// ---------------------------------------------------------------- leaks

/** The raw module's memory functions (untyped in its .d.mts). */
const mem = () => {
  const raw = core.raw as unknown as { _malloc(n: number): number; _free(p: number): void };
  return { malloc: (n: number) => raw._malloc(n), free: (p: number) => raw._free(p) };
};

describe('no leaks', () => {
  const heap = () => core.raw.HEAP8.buffer.byteLength;
  // where a fresh 64 KiB block lands: moves up if small blocks were leaked
  const probe = () => {
    const p = mem().malloc(1 << 16);
    mem().free(p);
    return p;
  };
  const A = mat(4, 4, 91),
    B = mat(4, 4, 92),
    C = mat(4, 4, 93);
  const mask = causal(4);

  test('100,000 calls of attention (4 × 4): the heap does not grow', () => {
    for (let i = 0; i < 1000; i++) core.attention(A, B, C, mask); // warm-up
    const before = { heap: heap(), probe: probe() };
    let last = core.attention(A, B, C, mask);
    for (let i = 0; i < 100_000; i++) last = core.attention(A, B, C, i % 2 ? mask : null);
    const after = { heap: heap(), probe: probe() };
    console.log(`attention × 100,000: HEAP8.buffer.byteLength ${before.heap} → ${after.heap}; probe block ${before.probe} → ${after.probe}`);
    expect(after).toEqual(before);
    expect(last).toEqual(core.attention(A, B, C, mask)); // the last call (odd i) had the mask
  });

  test('10,000 failing calls: the heap does not grow', () => {
    const failing: Array<() => unknown> = [
      () => core.attention(A, mat(4, 3, 1), C), // Q/K width, found in C++
      () => core.attention(A, B, C, causal(3)), // mask shape, C++
      () => core.attention([[NaN, 0, 0, 0], ...A.slice(1)], B, C), // non-finite, C++
      () => core.multi_head(A, B, C, 3), // divisibility, C++
      () => core.softmax([]), // empty, C++
      () => core.layer_norm([1, Infinity]), // non-finite, C++
      () => core.grouped_query_attention(gq, gk, gv, { ...gp, bq: [1] }, gopts), // bias length, C++
      () => core.attention([[1], [1, 2]], B, C), // ragged, caught in the façade
    ];
    const run = (n: number) => {
      let thrown = 0;
      for (let i = 0; i < n; i++) {
        try {
          failing[i % failing.length]();
        } catch (e) {
          if (e instanceof AttentionError) thrown++;
        }
      }
      return thrown;
    };
    run(800); // warm-up
    const before = { heap: heap(), probe: probe() };
    expect(run(10_000)).toBe(10_000);
    const after = { heap: heap(), probe: probe() };
    console.log(`failing calls × 10,000: HEAP8.buffer.byteLength ${before.heap} → ${after.heap}; probe block ${before.probe} → ${after.probe}`);
    expect(after).toEqual(before);
    expectModuleWorks();
  });
});
