// temperature.test.ts — the softmax temperature τ through the façade:
// attention(…, { scale, temperature }), attention_steps(…) and
// multi_head(…, { temperature }) in both forms, against PyTorch float64
// (tests/golden/temperature.json, Hinton et al. 2015's softmax(z / τ) with
// z = Q·Kᵀ/√d_k), the default τ = 1, the properties that define τ, and the
// errors: τ must be a finite number > 0, checked in JS before the WASM call.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { AttentionError, type BoolMatrix, type Core, type Matrix, type TypedMatrix } from '../../../web/src/core/core';
import { rowEntropy } from '../../../web/src/model/entropy';
import { check, fixture, maxAbsDiff, type Nested } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface TemperatureCase {
  name: string;
  op: 'attention' | 'multi_head';
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  mask: BoolMatrix | null;
  temperature: number;
  /** attention only */
  scale?: boolean;
  /** multi_head only */
  h?: number;
  out: Matrix;
  /** attention: (n_q, n_k); multi_head: h × (n_q, n_k) */
  weights: Matrix | Matrix[];
  /** nats, per row: attention (n_q); multi_head h × (n_q) */
  entropy: number[] | number[][];
}

const cases = fixture<TemperatureCase>('temperature.json');
const T = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const mask8 = (m: BoolMatrix | null) => (m ? { data: Uint8Array.from(m.flat(), Number), rows: m.length, cols: m[0].length } : null);
describe('temperature.json: the WASM core against PyTorch float64', () => {
  test.each(cases)('$name', (c) => {
    const diff = (field: string, a: Nested, b: Nested) => check(`temperature/${c.name}`, field, a, b);
    if (c.op === 'attention') {
      const opts = { scale: c.scale, temperature: c.temperature };
      const r = core.attention(c.Q, c.K, c.V, c.mask, opts);
      diff('out', r.out, c.out);
      diff('weights', r.weights, c.weights);
      const s = core.attention_steps(c.Q, c.K, c.V, c.mask, opts);
      expect(s.weights).toEqual(r.weights); // the same kernel, bit for bit
      expect(s.out).toEqual(r.out);
      const t = core.typed.attention(T(c.Q), T(c.K), T(c.V), mask8(c.mask), opts);
      expect(Array.from(t.weights.data)).toEqual(r.weights.flat());
      diff('entropy', rowEntropy(t.weights.data, t.weights.rows, t.weights.cols), c.entropy);
    } else {
      const r = core.multi_head(c.Q, c.K, c.V, c.h!, c.mask, { temperature: c.temperature });
      diff('out', r.out, c.out);
      diff('weights', r.weights, c.weights);
      const t = core.typed.multi_head(T(c.Q), T(c.K), T(c.V), c.h!, mask8(c.mask), { temperature: c.temperature });
      expect(t.weights.map((w) => Array.from(w.data))).toEqual(r.weights.map((w) => w.flat()));
      diff(
        'entropy',
        t.weights.map((w) => rowEntropy(w.data, w.rows, w.cols)),
        c.entropy,
      );
    }
  });

  test('every case within 1e-13 of torch (float64 on both sides: ~1e-15; the contract is 1e-9)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    let worst = 0;
    for (const c of cases) {
      const r =
        c.op === 'attention'
          ? core.attention(c.Q, c.K, c.V, c.mask, { scale: c.scale, temperature: c.temperature })
          : core.multi_head(c.Q, c.K, c.V, c.h!, c.mask, { temperature: c.temperature });
      worst = Math.max(worst, maxAbsDiff(r.out, c.out), maxAbsDiff(r.weights, c.weights));
    }
    console.log(`temperature.json: ${cases.length} cases, max |core − torch| = ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(1e-13);
  });
});

// ---------------------------------------------------------------- the definition

const Q = [
  [0.3, -1.2, 0.8],
  [1.5, 0.1, -0.4],
  [-0.7, 0.9, 1.1],
  [0.2, 0.2, -1.3],
];
const K = [
  [1.0, 0.5, -0.5],
  [-0.3, 1.2, 0.4],
  [0.6, -0.8, 1.0],
  [0.1, 0.0, 0.2],
];
const V = [
  [1, 2],
  [3, -1],
  [0, 0.5],
  [-2, 1],
];
const scaled = (M: Matrix, s: number) => M.map((row) => row.map((x) => x * s));

describe('τ = 1 is the default, bit for bit', () => {
  test.each([undefined, null, {}, { temperature: undefined }, { temperature: null }, { temperature: 1 }])('attention and attention_steps with %o', (opts) => {
    const causal = core.causal_mask(4);
    expect(core.attention(Q, K, V, causal, opts as object)).toEqual(core.attention(Q, K, V, causal));
    expect(core.attention(Q, K, V, null, { scale: false, ...(opts as object) })).toEqual(core.attention(Q, K, V, null, { scale: false }));
    expect(core.attention_steps(Q, K, V, causal, opts as object)).toEqual(core.attention_steps(Q, K, V, causal));
  });

  test('multi_head', () => {
    const X = Q.map((row) => [...row, row[0]]); // (4, 4)
    const plain = core.multi_head(X, X, X, 2);
    for (const opts of [undefined, null, {}, { temperature: 1 }]) expect(core.multi_head(X, X, X, 2, null, opts as object)).toEqual(plain);
  });
});

describe('what τ does', () => {
  test('dividing by τ is dividing Q by τ: exactly for powers of two, within rounding otherwise', () => {
    for (const scale of [true, false])
      for (const t of [0.0625, 0.5, 2, 16])
        expect(core.attention(Q, K, V, null, { scale, temperature: t })).toEqual(core.attention(scaled(Q, 1 / t), K, V, null, { scale }));
    for (const t of [0.05, 0.3, 3.7, 20]) {
      const a = core.attention(Q, K, V, null, { temperature: t });
      const b = core.attention(scaled(Q, 1 / t), K, V);
      expect(maxAbsDiff(a.weights, b.weights)).toBeLessThan(1e-14);
      expect(maxAbsDiff(a.out, b.out)).toBeLessThan(1e-14);
    }
  });

  test('the steps show the scores divided by τ·√d_k (or by τ)', () => {
    const s = core.attention_steps(Q, K, V, null, { temperature: 0.25 });
    const u = core.attention_steps(Q, K, V, null, { scale: false, temperature: 0.25 });
    const factor = 1 / Math.sqrt(3) / 0.25; // the core's own order: (1/√d_k) / τ
    expect(s.scaled).toEqual(s.scores.map((row) => row.map((x) => x * factor)));
    expect(u.scaled).toEqual(u.scores.map((row) => row.map((x) => x * 4)));
  });

  test('small τ sharpens (entropy → 0, one-hot on the largest score), large τ flattens (entropy → ln n_k)', () => {
    const taus = [1e-3, 0.05, 0.2, 0.5, 1, 2, 5, 20, 1e6];
    const H = taus.map((t) => {
      const w = core.typed.attention(T(Q), T(K), T(V), null, { temperature: t }).weights;
      return Array.from(rowEntropy(w.data, w.rows, w.cols));
    });
    for (let k = 1; k < taus.length; k++) for (let i = 0; i < 4; i++) expect(H[k][i], `row ${i}, τ = ${taus[k]}`).toBeGreaterThan(H[k - 1][i]);
    for (const h of H[0]) expect(h).toBeLessThan(1e-12);
    for (const h of H[taus.length - 1]) expect(h).toBeCloseTo(Math.log(4), 9);
    const sharp = core.attention(Q, K, V, null, { temperature: 1e-3 }).weights;
    const scores = core.attention_steps(Q, K, V).scores;
    sharp.forEach((row, i) => expect(row[scores[i].indexOf(Math.max(...scores[i]))]).toBeCloseTo(1, 12));
  });

  test('every head of multi_head is attention at the same τ', () => {
    const X = [
      [0.5, -1, 2, 0.25],
      [1, 1, -0.5, 0],
      [-1.5, 0.5, 0.75, 1],
    ];
    const mh = core.multi_head(X, X, X, 2, core.causal_mask(3), { temperature: 0.3 });
    for (const t of [0, 1]) {
      const Xt = X.map((row) => row.slice(2 * t, 2 * t + 2));
      const a = core.attention(Xt, Xt, Xt, core.causal_mask(3), { temperature: 0.3 });
      expect(mh.weights[t]).toEqual(a.weights);
      expect(mh.out.map((row) => row.slice(2 * t, 2 * t + 2))).toEqual(a.out);
    }
  });

  test('the extremes that are allowed give finite weights; attention_steps refuses scaled scores beyond float64', () => {
    for (const t of [5e-324, 1e-300, 1e300, Number.MAX_VALUE]) {
      const w = core.attention(Q, K, V, null, { temperature: t }).weights;
      for (const row of w) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    const steps = () => core.attention_steps(Q, K, V, null, { temperature: 1e-310 }); // 1/τ is beyond float64
    expect(steps).toThrow(expect.objectContaining({ code: 'non_finite_result' }));
    expect(steps).toThrow(/^attention_steps: the scaled score Q\[0\]·K\[0\] \/ \(τ·√d_k\) overflows float64 \(it is -Infinity\)/);
  });
});

// ---------------------------------------------------------------- errors

/** Every call that takes a temperature, in both forms, with `t` as τ. */
const calls = (t: unknown): Array<[string, () => unknown]> => {
  const [q, k, v] = [T(Q), T(K), T(V)];
  const X = Q.map((row) => [...row, 0]);
  return [
    ['attention', () => core.attention(Q, K, V, null, { temperature: t as number })],
    ['attention', () => core.typed.attention(q, k, v, null, { temperature: t as number, weightsInto: new Float64Array(16) })],
    ['attention_steps', () => core.attention_steps(Q, K, V, null, { scale: false, temperature: t as number })],
    ['attention_steps', () => core.typed.attention_steps(q, k, v, null, { temperature: t as number })],
    ['multi_head', () => core.multi_head(X, X, X, 2, null, { temperature: t as number })],
    ['multi_head', () => core.typed.multi_head(T(X), T(X), T(X), 2, null, { temperature: t as number })],
  ];
};

describe('τ must be a finite number > 0', () => {
  const numbers: Array<[unknown, string]> = [
    [0, '0'],
    [-0, '0'],
    [-1, '-1'],
    [-1e-300, '-1e-300'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
  ];
  test.each(numbers)('%s', (t, shown) => {
    const raw = [vi.spyOn(core.raw, 'attention'), vi.spyOn(core.raw, 'attention_steps'), vi.spyOn(core.raw, 'multi_head')];
    for (const [fn, call] of calls(t)) {
      expect(call, fn).toThrow(AttentionError);
      expect(call, fn).toThrow(expect.objectContaining({ code: 'invalid_argument', message: `${fn}: temperature = ${shown} must be a finite number > 0` }));
    }
    for (const spy of raw) expect(spy, 'checked in JS, before the WASM call').not.toHaveBeenCalled();
  });

  const others: Array<[unknown, string]> = [
    ['2', 'the string "2"'],
    [true, 'the boolean true'],
    [{}, 'an object'],
    [[2], 'an array'],
    [2n, 'the bigint 2'],
    [new Float64Array([2]), 'a Float64Array'],
  ];
  test.each(others)('%o', (t, described) => {
    for (const [fn, call] of calls(t))
      expect(call, fn).toThrow(
        expect.objectContaining({ code: 'invalid_argument', message: `${fn}: temperature must be a finite number > 0, got ${described}` }),
      );
  });

  test('options that are not an object', () => {
    expect(() => core.multi_head(Q, Q, Q, 3, null, 'hot' as never)).toThrow(
      expect.objectContaining({ code: 'invalid_argument', message: 'multi_head: opts must be an object or nothing, got the string "hot"' }),
    );
    expect(() => core.typed.multi_head(T(Q), T(Q), T(Q), 3, null, 0.5 as never)).toThrow(
      expect.objectContaining({ code: 'invalid_argument', message: 'multi_head: opts must be an object or nothing, got the number 0.5' }),
    );
  });

  test('the core checks τ too (the raw module, without the façade)', () => {
    const [q, k, v] = [T(Q), T(K), T(V)];
    for (const t of [0, -1, NaN, Infinity]) {
      const shown = String(t);
      const want = { ok: false, code: 'invalid_argument' };
      expect(core.raw.attention(q, k, v, null, true, t, null, null)).toEqual({
        ...want,
        message: `attention: temperature = ${shown} must be a finite number > 0`,
      });
      expect(core.raw.attention_steps(q, k, v, null, false, t, null)).toEqual({
        ...want,
        message: `attention: temperature = ${shown} must be a finite number > 0`,
      });
      expect(core.raw.multi_head(q, q, q, 3, null, t, null)).toEqual({ ...want, message: `multi_head: temperature = ${shown} must be a finite number > 0` });
    }
  });

  test('the module keeps working after every refusal', () => {
    const before = core.attention(Q, K, V, core.causal_mask(4), { temperature: 0.5 });
    for (let i = 0; i < 200; i++) for (const t of [0, -1, NaN, Infinity, '2']) for (const [, call] of calls(t)) expect(call).toThrow(AttentionError);
    expect(core.attention(Q, K, V, core.causal_mask(4), { temperature: 0.5 })).toEqual(before);
    const c = cases.find((x) => x.name === 'tau_2')!;
    check('after the errors', 'weights', core.attention(c.Q, c.K, c.V, null, { temperature: 2 }).weights, c.weights);
  });
});
