// rope-options.test.ts — the rope option of multi_head and the rope / alibi options of block through the
// WASM core, both forms, against PyTorch float64 (tests/golden/rope_options.json, within 1e-9); the attention op's
// convention (rope(Q, offset + n_k − n_q), rope(K, offset), then attention); every error refused in JS before the
// WASM call, with the core's own message (and the core's checks, raw); the module still working afterwards.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { AttentionError, type BoolMatrix, type Core, type Matrix, type Tensor3, type TypedMask, type TypedMatrix } from '../../../web/src/core/core';
import { fixture, maxAbsDiff, TOL } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Rope {
  base: number;
  pairing: 'half' | 'interleaved';
  offset: number;
}
interface MultiHeadCase {
  name: string;
  op: 'multi_head';
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  h: number;
  mask: BoolMatrix | null;
  temperature: number;
  bias: Tensor3 | null;
  rope: Rope;
  out: Matrix;
  weights: Tensor3;
}
interface BlockCase {
  name: string;
  op: 'block';
  X: Matrix;
  h: number;
  mask: BoolMatrix | null;
  eps: number;
  rope: Rope | null;
  alibi: boolean;
  normed: Matrix;
  attended: Matrix;
  out: Matrix;
  weights: Tensor3;
}
interface AttentionCase {
  name: string;
  op: 'attention';
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  mask: BoolMatrix | null;
  rope: Rope;
  q_rot: Matrix;
  k_rot: Matrix;
  out: Matrix;
  weights: Matrix;
}
const cases = fixture<MultiHeadCase | BlockCase | AttentionCase>('rope_options.json');
const multiHeadCases = cases.filter((c): c is MultiHeadCase => c.op === 'multi_head');
const blockCases = cases.filter((c): c is BlockCase => c.op === 'block');
const attentionCases = cases.filter((c): c is AttentionCase => c.op === 'attention');

const T = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const T3 = (t: Tensor3) => ({ data: Float64Array.from(t.flat(2)), batch: t.length, rows: t[0].length, cols: t[0][0].length });
const mask8 = (m: BoolMatrix | null): TypedMask | null => (m ? { data: Uint8Array.from(m.flat(), Number), rows: m.length, cols: m[0].length } : null);
const rows = (m: TypedMatrix): Matrix => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

describe('golden (PyTorch float64)', () => {
  test('the fixture holds every kind of case', () => {
    expect([multiHeadCases.length, blockCases.length, attentionCases.length].every((n) => n > 0)).toBe(true);
    expect(new Set(multiHeadCases.map((c) => c.h))).toEqual(new Set([1, 2, 4]));
  });
  for (const c of multiHeadCases)
    test(`multi_head ${c.name}`, () => {
      const f = core.multi_head(c.Q, c.K, c.V, c.h, c.mask, { temperature: c.temperature, bias: c.bias, rope: c.rope });
      expect(maxAbsDiff(f.out, c.out)).toBeLessThan(TOL);
      expect(maxAbsDiff(f.weights, c.weights)).toBeLessThan(TOL);
      const t = core.typed.multi_head(T(c.Q), T(c.K), T(c.V), c.h, mask8(c.mask), {
        temperature: c.temperature,
        bias: c.bias && T3(c.bias),
        rope: c.rope,
      });
      expect(rows(t.out)).toEqual(f.out);
      expect(t.weights.map(rows)).toEqual(f.weights);
    });
  for (const c of blockCases)
    test(`block ${c.name}`, () => {
      const opts = { eps: c.eps, rope: c.rope, alibi: c.alibi };
      const f = core.block(c.X, c.h, c.mask, opts);
      for (const k of ['normed', 'attended', 'out'] as const) expect(maxAbsDiff(f[k], c[k]), k).toBeLessThan(TOL);
      expect(maxAbsDiff(f.weights, c.weights)).toBeLessThan(TOL);
      const t = core.typed.block(T(c.X), c.h, mask8(c.mask), opts);
      expect(rows(t.out)).toEqual(f.out);
      expect(t.weights.map(rows)).toEqual(f.weights);
    });
  for (const c of attentionCases)
    test(`attention on rope-turned Q and K: ${c.name}`, () => {
      const [n_q, n_k] = [c.Q.length, c.K.length];
      const q = core.rope(c.Q, { ...c.rope, offset: c.rope.offset + n_k - n_q }); // the queries are the last n_q positions
      const k = core.rope(c.K, c.rope);
      expect(maxAbsDiff(q, c.q_rot)).toBeLessThan(TOL);
      expect(maxAbsDiff(k, c.k_rot)).toBeLessThan(TOL);
      const a = core.attention(q, k, c.V, c.mask);
      expect(maxAbsDiff(a.out, c.out)).toBeLessThan(TOL);
      expect(maxAbsDiff(a.weights, c.weights)).toBeLessThan(TOL);
      const mh = core.multi_head(c.Q, c.K, c.V, 1, c.mask, { rope: c.rope }); // the same with h = 1
      expect(maxAbsDiff(mh.weights[0], a.weights)).toBeLessThan(1e-13);
    });
});

describe('the forms and the defaults', () => {
  const X = [
    [0.3, -1.2, 0.5, 2.0],
    [1.1, 0.4, -0.7, 0.2],
    [-0.5, 0.9, 1.3, -1.0],
  ];
  test('block: eps as a number, as { eps }, and left out are the same as before', () => {
    const plain = core.block(X, 2, null);
    expect(core.block(X, 2, null, { eps: 1e-5 })).toEqual(plain);
    expect(core.block(X, 2, null, { rope: null, alibi: false })).toEqual(plain);
    const typed = core.typed.block(T(X), 2, null, 1e-5);
    expect(rows(typed.out)).toEqual(plain.out);
    expect(rows(core.typed.block(T(X), 2, null, { eps: 1e-5 }).out)).toEqual(plain.out);
    expect(rows(core.typed.block(T(X), 2, null).out)).toEqual(plain.out);
  });
  test('rope: {} is base 10000, pairing half, offset 0; it changes the weights, and V is not turned', () => {
    const none = core.multi_head(X, X, X, 2, null);
    const dflt = core.multi_head(X, X, X, 2, null, { rope: {} });
    expect(core.multi_head(X, X, X, 2, null, { rope: { base: 10000, pairing: 'half', offset: 0 } })).toEqual(dflt);
    expect(maxAbsDiff(dflt.weights, none.weights)).toBeGreaterThan(1e-3);
    // one key: the weight is 1 whatever the rotation, and out is V itself
    const one = core.multi_head([X[0]], [X[1]], [X[2]], 2, null, { rope: { offset: 7 } });
    expect(one.out).toEqual([X[2]]);
  });
  test('block: alibi is multi_head on LN(X) with alibi_bias(h, n, n)', () => {
    const b = core.block(X, 2, core.causal_mask(3), { alibi: true, rope: { pairing: 'interleaved' } });
    const n = b.normed;
    const mh = core.multi_head(n, n, n, 2, core.causal_mask(3), { bias: core.alibi_bias(2, 3, 3), rope: { pairing: 'interleaved' } });
    expect(b.attended).toEqual(mh.out);
  });
});

const any = (x: unknown) => x as never;
const I4 = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
];
const X6 = [
  [1, 2, 3, 4, 5, 6],
  [6, 5, 4, 3, 2, 1],
];
const K3 = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
];

function expectError(run: () => unknown, code: string, message: string): void {
  let e: unknown;
  try {
    run();
  } catch (err) {
    e = err;
  }
  expect(e).toBeInstanceOf(AttentionError);
  expect((e as AttentionError).code).toBe(code);
  expect((e as AttentionError).message).toBe(message);
}

const baseRule = 'must be a finite number > 1 (10000 in RoFormer and Llama 2)';
/** [what, rope option, code, message after "<fn>: "] — each for multi_head (I4, h = 2) and block (I4 as X, h = 2). */
const ropeErrors: Array<[string, unknown, string, string]> = [
  ['base 1', { base: 1 }, 'invalid_argument', `rope.base = 1 ${baseRule}`],
  ['base 0.5', { base: 0.5 }, 'invalid_argument', `rope.base = 0.5 ${baseRule}`],
  ['base -3', { base: -3 }, 'invalid_argument', `rope.base = -3 ${baseRule}`],
  ['base NaN', { base: NaN }, 'invalid_argument', `rope.base = NaN ${baseRule}`],
  ['base Infinity', { base: Infinity }, 'invalid_argument', `rope.base = Infinity ${baseRule}`],
  ['base "10"', { base: '10' }, 'invalid_argument', 'rope.base must be a finite number > 1, got the string "10"'],
  ['pairing "x"', { pairing: 'x' }, 'invalid_argument', `rope.pairing must be 'half' or 'interleaved', got the string "x"`],
  ['pairing 1', { pairing: 1 }, 'invalid_argument', `rope.pairing must be 'half' or 'interleaved', got the number 1`],
  ['offset -1', { offset: -1 }, 'invalid_argument', 'rope.offset = -1 must be a whole number ≥ 0'],
  ['offset 1.5', { offset: 1.5 }, 'invalid_argument', 'rope.offset = 1.5 must be a whole number ≥ 0'],
  ['offset NaN', { offset: NaN }, 'invalid_argument', 'rope.offset = NaN must be a whole number ≥ 0'],
  ['offset "3"', { offset: '3' }, 'invalid_argument', 'rope.offset must be a whole number ≥ 0, got the string "3"'],
  ['offset 2³¹ + 1', { offset: 2 ** 31 + 1 }, 'too_large', 'rope.offset = 2147483649 is over the limit of 2147483648'],
  ['rope "half"', 'half', 'invalid_argument', 'rope must be an object { base?, pairing?, offset? } or null, got the string "half"'],
  ['rope true', true, 'invalid_argument', 'rope must be an object { base?, pairing?, offset? } or null, got the boolean true'],
];

describe('errors: refused in JS, before the WASM call', () => {
  const spies = () => [vi.spyOn(core.raw, 'multi_head'), vi.spyOn(core.raw, 'block')];
  const calls = (rope: unknown): Array<[string, () => unknown]> => [
    ['multi_head', () => core.multi_head(I4, I4, I4, 2, null, { rope: any(rope) })],
    ['multi_head', () => core.typed.multi_head(T(I4), T(I4), T(I4), 2, null, { rope: any(rope) })],
    ['block', () => core.block(I4, 2, null, { rope: any(rope) })],
    ['block', () => core.typed.block(T(I4), 2, null, { rope: any(rope) })],
  ];
  test.each(ropeErrors)('%s', (_, rope, code, message) => {
    const s = spies();
    for (const [fn, call] of calls(rope)) expectError(call, code, `${fn}: ${message}`);
    for (const spy of s) expect(spy).not.toHaveBeenCalled();
  });
  const others: Array<[string, () => unknown, string, string]> = [
    ['multi_head d/h odd', () => core.multi_head(X6, X6, X6, 2, null, { rope: {} }), 'divisibility', 'multi_head: rope needs an even head width d/h = 3'],
    [
      'typed multi_head d/h odd',
      () => core.typed.multi_head(T(X6), T(X6), T(X6), 2, null, { rope: {} }),
      'divisibility',
      'multi_head: rope needs an even head width d/h = 3',
    ],
    ['block d/h odd', () => core.block(X6, 2, null, { rope: { base: 100 } }), 'divisibility', 'block: rope needs an even head width d/h = 3'],
    ['typed block d/h odd', () => core.typed.block(T(X6), 2, null, { rope: {} }), 'divisibility', 'block: rope needs an even head width d/h = 3'],
    [
      'multi_head n_q > n_k',
      () => core.multi_head(K3, I4, I4, 1, null, { rope: {} }),
      'shape',
      'multi_head: rope needs n_q ≤ n_k (the queries are the last n_q of the n_k positions), got n_q = 3 and n_k = 2',
    ],
    [
      'the first query past 2³¹',
      () => core.multi_head(I4, K3, K3, 1, null, { rope: { offset: 2 ** 31 } }),
      'too_large',
      "multi_head: rope.offset + n_k − n_q = 2147483649 (the first query's position) is over the limit of 2147483648",
    ],
    ['block alibi "yes"', () => core.block(I4, 2, null, { alibi: any('yes') }), 'invalid_argument', 'block: alibi must be true or false, got the string "yes"'],
    [
      'typed block alibi 1',
      () => core.typed.block(T(I4), 2, null, { alibi: any(1) }),
      'invalid_argument',
      'block: alibi must be true or false, got the number 1',
    ],
    [
      'block eps -1 in options',
      () => core.typed.block(T(I4), 2, null, { eps: -1, alibi: true }),
      'invalid_argument',
      'block: eps = -1 must be a finite number ≥ 0',
    ],
    ['typed block eps "x"', () => core.typed.block(T(I4), 2, null, any('x')), 'invalid_argument', 'block: eps must be a finite number ≥ 0, got the string "x"'],
    [
      'typed block eps an array',
      () => core.typed.block(T(I4), 2, null, any([1e-5])),
      'invalid_argument',
      'block: eps must be a finite number ≥ 0, got an array',
    ],
    ['block opts 5', () => core.block(I4, 2, null, any(5)), 'invalid_argument', 'block: opts must be an object or nothing, got the number 5'],
  ];
  test.each(others)('%s', (_, call, code, message) => {
    const s = spies();
    expectError(call, code, message);
    for (const spy of s) expect(spy).not.toHaveBeenCalled();
  });
  test('without rope, n_q > n_k and an odd head width are fine', () => {
    expect(core.multi_head(K3, I4, I4, 1, null).out).toHaveLength(3);
    expect(core.multi_head(X6, X6, X6, 2, null, { rope: null }).weights).toHaveLength(2);
  });
});

describe("errors the core reports (its own checks, raw), and the module's health", () => {
  test('the raw overloads check rope themselves', () => {
    const r6 = T(X6);
    expect(core.raw.multi_head(r6, r6, r6, 2, null, 1, null, true, 10000, false, 0)).toEqual({
      ok: false,
      code: 'divisibility',
      message: 'multi_head: rope needs an even head width d/h = 3',
    });
    expect(core.raw.multi_head(T(I4), T(I4), T(I4), 1, null, 1, null, true, 1, true, 0)).toEqual({
      ok: false,
      code: 'invalid_argument',
      message: `multi_head: rope.base = 1 ${baseRule}`,
    });
    expect(core.raw.multi_head(T(I4), T(I4), T(I4), 1, null, 1, null, true, 100, false, 0.5)).toEqual({
      ok: false,
      code: 'invalid_argument',
      message: 'multi_head: rope.offset = 0.5 must be a whole number ≥ 0',
    });
    expect(core.raw.block(T(I4), 1, null, 1e-5, true, NaN, false, 0, true)).toEqual({
      ok: false,
      code: 'invalid_argument',
      message: `block: rope.base = NaN ${baseRule}`,
    });
    expect(core.raw.block(r6, 2, null, 1e-5, true, 10000, false, 0, false)).toEqual({
      ok: false,
      code: 'divisibility',
      message: 'block: rope needs an even head width d/h = 3',
    });
    // rope false: base, interleaved and offset are not looked at
    expect(core.raw.multi_head(r6, r6, r6, 2, null, 1, null, false, NaN, false, -1).ok).toBe(true);
  });
  test('a turned value past float64 is the core\'s "non_finite_result"', () => {
    const big = [
      [0, 0],
      [1.5e308, -1.5e308],
    ];
    const zero = [
      [0, 0],
      [0, 0],
    ];
    expectError(
      () => core.multi_head(big, zero, zero, 1, null, { rope: {} }),
      'non_finite_result',
      'multi_head: rope turns head 0 of Q past float64 (a rotated value overflows): scale Q down below 1e307',
    );
  });
  test('after 2,000 refused calls the module still gives the golden values', () => {
    for (let i = 0; i < 1000; i++) {
      expect(() => core.multi_head(X6, X6, X6, 2, null, { rope: { base: i % 2 } })).toThrow(AttentionError);
      expect(() => core.block(I4, 2, null, { rope: {}, alibi: any(i) })).toThrow(AttentionError);
    }
    for (let i = 0; i < 200; i++) core.raw.multi_head(T(X6), T(X6), T(X6), 2, null, 1, null, true, 10000, false, 0);
    const c = blockCases[0];
    const f = core.block(c.X, c.h, c.mask, { eps: c.eps, rope: c.rope, alibi: c.alibi });
    expect(maxAbsDiff(f.out, c.out)).toBeLessThan(TOL);
    const m = multiHeadCases[0];
    expect(maxAbsDiff(core.multi_head(m.Q, m.K, m.V, m.h, m.mask, { rope: m.rope, bias: m.bias }).out, m.out)).toBeLessThan(TOL);
  });
});
