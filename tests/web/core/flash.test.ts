// flash.test.ts — attention at scale through the WASM core, both forms: flash_attention and flash_trace
// against PyTorch float64 / the plain-Python online softmax (tests/golden/flash.json) within 1e-9, flash_attention
// against attention within 1e-12, kv_decode against grouped_query_attention with a causal mask (MHA, GQA, MQA); every
// bad input refused in JS before anything reaches WebAssembly; the module healthy after errors; and the heap growing
// by less than 32 MiB for flash_attention at n = 16,384 (the n × n scores would be 2 GiB).
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { AttentionError, type BoolMatrix, type Core, type Matrix, type TypedMask, type TypedMatrix } from '../../../web/src/core/core';
import { fixture, maxAbsDiff } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

const GOLDEN = 1e-9;

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface FlashCase {
  name: string;
  kind: 'flash' | 'trace';
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  mask?: BoolMatrix | null;
  scale: boolean;
  causal: boolean;
  block_q?: number;
  block_k: number;
  out: Matrix;
  lse: (number | null)[];
  steps?: { key_begin: number; key_end: number; m: (number | null)[]; l: number[]; acc: Matrix; partial: Matrix }[];
}
const cases = fixture<FlashCase>('flash.json');

const T = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const mask8 = (m: BoolMatrix | null | undefined): TypedMask | null =>
  m ? { data: Uint8Array.from(m.flat(), Number), rows: m.length, cols: m[0].length } : null;
const rows = (m: TypedMatrix): Matrix => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
/** The fixture's lse: null is −∞. */
const lseOf = (xs: (number | null)[]) => xs.map((x) => x ?? -Infinity);
/** Largest |a − b| of two lse lists, ∞ when −∞ is not at the same places. */
function lseDiff(a: ArrayLike<number>, b: number[]): number {
  let worst = 0;
  for (let i = 0; i < b.length; i++) {
    if (a[i] === -Infinity || b[i] === -Infinity) worst = a[i] === b[i] ? worst : Infinity;
    else worst = Math.max(worst, Math.abs(a[i] - b[i]));
  }
  return a.length === b.length ? worst : Infinity;
}

describe('golden (PyTorch float64, plain-Python online softmax)', () => {
  for (const c of cases.filter((x) => x.kind === 'flash'))
    test(`flash_attention ${c.name}`, () => {
      const opts = { scale: c.scale, causal: c.causal, block_q: c.block_q, block_k: c.block_k };
      const typed = core.typed.flash_attention(T(c.Q), T(c.K), T(c.V), mask8(c.mask), opts);
      expect(maxAbsDiff(rows(typed.out), c.out)).toBeLessThan(GOLDEN);
      expect(lseDiff(typed.lse, lseOf(c.lse))).toBeLessThan(GOLDEN);
      expect(typed.lse).toBeInstanceOf(Float64Array);
      const friendly = core.flash_attention(c.Q, c.K, c.V, c.mask ?? null, opts);
      expect(maxAbsDiff(friendly.out, c.out)).toBeLessThan(GOLDEN);
      expect(Array.isArray(friendly.lse)).toBe(true);
      expect(lseDiff(friendly.lse, lseOf(c.lse))).toBeLessThan(GOLDEN);
    });
  for (const c of cases.filter((x) => x.kind === 'trace'))
    test(`flash_trace ${c.name}`, () => {
      const t = core.flash_trace(c.Q, c.K, c.V, { scale: c.scale, causal: c.causal, block_k: c.block_k });
      expect(t.steps.length).toBe(c.steps!.length);
      t.steps.forEach((s, i) => {
        const want = c.steps![i];
        expect([s.key_begin, s.key_end]).toEqual([want.key_begin, want.key_end]);
        expect(lseDiff(s.m, lseOf(want.m))).toBeLessThan(GOLDEN);
        expect(lseDiff(s.l, want.l)).toBeLessThan(GOLDEN);
        expect(maxAbsDiff(s.acc, want.acc)).toBeLessThan(GOLDEN);
        expect(maxAbsDiff(s.partial, want.partial)).toBeLessThan(GOLDEN);
      });
      expect(maxAbsDiff(t.out, c.out)).toBeLessThan(GOLDEN);
      expect(lseDiff(t.lse, lseOf(c.lse))).toBeLessThan(GOLDEN);
      const typed = core.typed.flash_trace(T(c.Q), T(c.K), T(c.V), { scale: c.scale, causal: c.causal, block_k: c.block_k });
      expect(typed.steps[0].m).toBeInstanceOf(Float64Array);
      expect(maxAbsDiff(rows(typed.out), c.out)).toBeLessThan(GOLDEN);
    });
});

describe('flash_attention against attention', () => {
  test('random shapes, tiles, causal and masks: within 1e-12', () => {
    for (const [n_q, n_k, d, bq, bk] of [
      [33, 33, 8, 5, 7],
      [64, 100, 16, 1, 1],
      [100, 40, 3, 256, 64],
      [257, 257, 64, 64, 32],
    ]) {
      const [Q, K, V] = [core.typed.random_normal(n_q, d, 1), core.typed.random_normal(n_k, d, 2), core.typed.random_normal(n_k, d, 3)];
      const causal = core.typed.causal_mask(n_q, n_k);
      for (const [mask, c] of [
        [null, false],
        [causal, false],
        [null, true],
      ] as const) {
        const f = core.typed.flash_attention(Q, K, V, mask, { causal: c, block_q: bq, block_k: bk });
        const a = core.typed.attention(Q, K, V, c ? causal : mask);
        expect(maxAbsDiff(rows(f.out), rows(a.out))).toBeLessThan(1e-12);
      }
    }
  });

  test('a fully hidden row: out 0 and lse -Infinity', () => {
    const r = core.flash_attention(
      [
        [1, 0],
        [0, 1],
      ],
      [[1, 1]],
      [[5]],
      [[false], [true]],
    );
    expect(r.out).toEqual([[0], [5]]);
    expect(r.lse[0]).toBe(-Infinity);
    expect(r.lse[1]).toBeCloseTo(1 / Math.SQRT2, 14);
  });
});

describe('kv_decode', () => {
  const heads = [
    ['MHA', 4, 4],
    ['GQA', 4, 2],
    ['MQA', 4, 1],
  ] as const;
  for (const [name, H, G] of heads)
    test(`${name}: the stacked steps equal grouped_query_attention with a causal mask`, () => {
      const n = 7;
      const [dk, dv, din, dout] = [3, 2, 6, 5];
      const X = core.random_normal(n, din, 11);
      const params = {
        Wq: core.random_normal(din, H * dk, 12, 0.5),
        Wk: core.random_normal(din, G * dk, 13, 0.5),
        Wv: core.random_normal(din, G * dv, 14, 0.5),
        Wo: core.random_normal(H * dv, dout, 15, 0.5),
        bq: core.random_normal(1, H * dk, 16)[0],
        bo: core.random_normal(1, dout, 17)[0],
      };
      const r = core.kv_decode(X, params, { num_heads: H, num_kv_heads: G });
      const full = core.grouped_query_attention([X], [X], [X], params, { num_heads: H, num_kv_heads: G, mask: core.causal_mask(n) });
      expect(maxAbsDiff(r.out, full.out[0])).toBeLessThan(1e-12);
      for (let t = 0; t < n; t++) {
        const want = full.weights[0].map((w) => w[t].slice(0, t + 1));
        expect(maxAbsDiff(r.weights[t], want)).toBeLessThan(1e-12);
        expect(r.cache_values[t]).toBe(G * (dk + dv) * (t + 1));
      }
      const typed = core.typed.kv_decode(
        core.typed.random_normal(n, din, 11),
        {
          Wq: core.typed.random_normal(din, H * dk, 12, 0.5),
          Wk: core.typed.random_normal(din, G * dk, 13, 0.5),
          Wv: core.typed.random_normal(din, G * dv, 14, 0.5),
          Wo: core.typed.random_normal(H * dv, dout, 15, 0.5),
          bq: Float64Array.from(params.bq),
          bo: Float64Array.from(params.bo),
        },
        { num_heads: H, num_kv_heads: G, steps: 3 },
      );
      expect(typed.out.rows).toBe(3);
      expect(typed.weights[2]).toMatchObject({ rows: H, cols: 3 });
      expect(maxAbsDiff(rows(typed.out), r.out.slice(0, 3))).toBe(0);
    });
});

describe('errors', () => {
  const ok = core0();
  /** Q, K, V of n rows, d columns. */
  function core0() {
    const m = (n: number, d: number): TypedMatrix => ({ data: new Float64Array(n * d), rows: n, cols: d });
    return { m, Q: m(4, 3), K: m(5, 3), V: m(5, 2) };
  }
  const expectRefused = (call: () => unknown, code: string, message: string | RegExp) => {
    const spies = (['flash_attention', 'flash_trace', 'kv_decode'] as const).map((k) => vi.spyOn(core.raw, k));
    let err: unknown;
    try {
      call();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AttentionError);
    expect((err as AttentionError).code).toBe(code);
    expect((err as AttentionError).message).toMatch(message);
    for (const s of spies) expect(s).not.toHaveBeenCalled(); // refused in JS, before WebAssembly
  };

  test('every bad input of flash_attention and flash_trace is refused in JS', () => {
    const { m, Q, K, V } = ok;
    const L = core.limits();
    const f: typeof core.typed.flash_attention = (...a) => core.typed.flash_attention(...a);
    expectRefused(
      () => f(Q, K, V, null, { block_q: 0 }),
      'invalid_argument',
      `flash_attention: block_q = 0 must be a whole number from 1 to ${L.maxFlashRows}`,
    );
    expectRefused(() => f(Q, K, V, null, { block_k: 2.5 }), 'invalid_argument', 'block_k = 2.5');
    expectRefused(() => f(Q, K, V, null, { block_k: L.maxFlashRows + 1 }), 'invalid_argument', 'block_k = 65537');
    expectRefused(() => f(Q, K, V, null, { causal: 1 as never }), 'invalid_argument', 'causal must be true or false, got the number 1');
    expectRefused(() => f(Q, m(5, 2), V), 'shape', 'Q is (4, 3) but K is (5, 2)');
    expectRefused(() => f(Q, K, m(4, 2)), 'shape', 'K is (5, 3) but V is (4, 2)');
    expectRefused(() => f(Q, K, V, { data: new Uint8Array(16), rows: 4, cols: 4 }), 'shape', 'mask is (4, 4) but the scores are (4, 5)');
    expectRefused(() => f(m(L.maxFlashRows + 1, 1), m(1, 1), m(1, 1)), 'too_large', 'Q is (65537, 1): the limit is 65536 rows');
    expectRefused(() => f(m(65536, 64), m(65536, 64), m(65536, 64), null, { causal: true }), 'too_large', /multiply-adds/);
    expectRefused(() => f(m(65536, 1), m(1, 1), m(1, 4096)), 'too_large', 'out and lse would need');
    expectRefused(
      () => f(m(8192, 1), m(4096, 1), m(4096, 1), { data: new Uint8Array(8192 * 4096), rows: 8192, cols: 4096 }),
      'too_large',
      'mask is (8192, 4096), 33554432 values',
    );
    expectRefused(() => f({ data: new Float64Array(3), rows: 2, cols: 2 }, K, V), 'shape', 'Q is (2, 2) but its data has 3 values');
    expectRefused(() => f([[1]] as never, K, V), 'not_a_number', /core\.typed takes typed arrays/);
    expectRefused(() => core.flash_attention([[1, 2]], [[1]], [[1]]), 'shape', 'Q is (1, 2) but K is (1, 1)');
    expectRefused(() => core.flash_trace([[1]], [[1]], [[1]], { block_k: 0 }), 'invalid_argument', 'flash_trace: block_k = 0');
    expectRefused(() => core.typed.flash_trace(m(65, 1), m(2, 1), m(2, 1)), 'too_large', 'flash_trace: Q is (65, 1): the limit is 64 rows');
  });

  test('every bad count of kv_decode is refused in JS; bad weight shapes come from the core', () => {
    const X = core.random_normal(3, 4, 1);
    const p = { Wq: core.random_normal(4, 4, 2), Wk: core.random_normal(4, 2, 3), Wv: core.random_normal(4, 2, 4), Wo: core.random_normal(4, 2, 5) };
    expectRefused(
      () => core.kv_decode(X, p, { num_heads: 0, num_kv_heads: 1 }),
      'invalid_argument',
      'num_heads = 0 and num_kv_heads = 1 must both be at least 1',
    );
    expectRefused(() => core.kv_decode(X, p, { num_heads: 4, num_kv_heads: 3 }), 'divisibility', 'num_heads = 4 is not divisible by num_kv_heads = 3');
    expectRefused(() => core.kv_decode(X, p, { num_heads: 300, num_kv_heads: 1 }), 'too_large', 'num_heads = 300 is over the limit of 256');
    expectRefused(
      () => core.kv_decode(X, p, { num_heads: 2, num_kv_heads: 1, steps: 4 }),
      'invalid_argument',
      'steps = 4 must be a whole number from 1 to the rows of X (3)',
    );
    expectRefused(() => core.kv_decode(X, p, null as never), 'invalid_argument', /opts must be an object/);
    expect(() => core.kv_decode(X, p, { num_heads: 2, num_kv_heads: 2 })).toThrow(
      /kv_decode: Wk is \(4, 2\) but it needs num_kv_heads × d_k = 2 × 2 = 4 columns/,
    );
  });

  test("the core's own errors are AttentionErrors, and the module keeps working", () => {
    const big = [[1e305, 0]];
    expect(() => core.flash_attention(big, [[1, 1]], [[1]])).toThrow(/flash_attention: the values are too large for the online softmax/);
    expect(() => core.flash_attention([[NaN]], [[1]], [[1]])).toThrow(/flash_attention: Q\[0\]\[0\] is NaN/);
    for (let i = 0; i < 200; i++) expect(() => core.typed.flash_attention(ok.Q, ok.K, ok.V, null, { block_q: 0 })).toThrow(AttentionError);
    const r = core.flash_attention(
      [[1, 0]],
      [
        [1, 0],
        [0, 1],
      ],
      [[1], [3]],
    );
    const w = Math.exp(1 / Math.SQRT2);
    expect(r.out[0][0]).toBeCloseTo((w * 1 + 3) / (w + 1), 14);
  });

  test("attention's size error names flash_attention", () => {
    const L = core.limits();
    expect(() => core.typed.attention(ok.m(L.maxRows + 1, 1), ok.m(1, 1), ok.m(1, 1))).toThrow(
      `attention: Q is (${L.maxRows + 1}, 1): the limit is ${L.maxRows} rows and ${L.maxCols} columns; flash_attention takes up to ${L.maxFlashRows} rows`,
    );
  });
});

describe('memory', () => {
  test('flash_attention at n = 16,384, d = 64 grows the heap by less than 32 MiB', () => {
    const n = 16384;
    const d = 64;
    const fill = (seed: number): TypedMatrix => {
      const block = core.typed.random_normal(4096, d, seed);
      const data = new Float64Array(n * d);
      for (let k = 0; k < 4; k++) data.set(block.data, k * 4096 * d);
      return { data, rows: n, cols: d };
    };
    const [Q, K, V] = [fill(1), fill(2), fill(3)];
    const before = core.raw.HEAP8.length;
    const t0 = performance.now();
    const r = core.typed.flash_attention(Q, K, V, null, { causal: true });
    const ms = performance.now() - t0;
    const grown = core.raw.HEAP8.length - before;
    console.log(
      `flash_attention n = ${n}, d = ${d}, causal: ${ms.toFixed(0)} ms, heap grew ${(grown / 2 ** 20).toFixed(1)} MiB (n² scores: ${(8 * n * n) / 2 ** 30} GiB)`,
    );
    expect(grown).toBeLessThan(32 * 2 ** 20);
    expect(r.out.rows).toBe(n);
    expect(r.lse.every((x) => Number.isFinite(x))).toBe(true);
    // row 4095 sees keys 0 … 4095: the same as attention on those rows
    const i = 4095;
    const a = core.typed.attention(
      { data: Q.data.slice(i * d, (i + 1) * d), rows: 1, cols: d },
      { data: K.data.slice(0, (i + 1) * d), rows: i + 1, cols: d },
      { data: V.data.slice(0, (i + 1) * d), rows: i + 1, cols: d },
    );
    expect(maxAbsDiff([Array.from(r.out.data.subarray(i * d, (i + 1) * d))], rows(a.out))).toBeLessThan(1e-12);
  }, 120_000);
});
