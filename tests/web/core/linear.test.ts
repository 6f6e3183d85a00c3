// linear.test.ts — linear attention (Katharopoulos et al. 2020) through the WASM core, both forms:
// out and weights against PyTorch float64 (tests/golden/linear_attention.json) within 1e-9; rows of
// weights sum to 1 with hidden keys exactly 0; the weights left out on request; every bad argument
// refused in JS before anything reaches WebAssembly, and the core's own errors (shapes, values) as
// AttentionErrors, the module healthy after them.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { AttentionError, type Core, type Matrix, type TypedMatrix } from '../../../web/src/core/core';
import { fixture, maxAbsDiff } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface LinearCase {
  name: string;
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  causal: boolean;
  shift: number;
  out: Matrix;
  weights: Matrix;
}
const cases = fixture<LinearCase>('linear_attention.json');
const T = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const rows = (m: TypedMatrix): Matrix => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

describe('golden (PyTorch float64)', () => {
  test('the fixture has the cases: causal both ways, rows that see nothing, the exp side of φ', () => {
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining(['nq3_nk7_causal_bottom_right', 'nq6_nk3_causal_rows_that_see_nothing', 'negative_inputs_exp_side']),
    );
  });
  for (const c of cases)
    test(`linear_attention ${c.name}`, () => {
      const opts = { causal: c.causal, shift: c.shift };
      const typed = core.typed.linear_attention(T(c.Q), T(c.K), T(c.V), opts);
      expect(maxAbsDiff(rows(typed.out), c.out)).toBeLessThan(1e-9);
      expect(maxAbsDiff(rows(typed.weights!), c.weights)).toBeLessThan(1e-9);
      const friendly = core.linear_attention(c.Q, c.K, c.V, opts);
      expect(maxAbsDiff(friendly.out, c.out)).toBeLessThan(1e-9);
      for (const [i, row] of friendly.weights!.entries()) {
        const sum = row.reduce((s, x) => s + x, 0);
        const sees = !c.causal || i + c.shift >= 0;
        expect(sum).toBeCloseTo(sees ? 1 : 0, 12);
        row.forEach((w, j) => c.causal && j > i + c.shift && expect(w).toBe(0));
      }
    });
  test('weights: false gives the same out and no weights', () => {
    const c = cases[1];
    const lean = core.typed.linear_attention(T(c.Q), T(c.K), T(c.V), { causal: true, weights: false });
    expect(lean.weights).toBeNull();
    expect(Array.from(lean.out.data)).toEqual(Array.from(core.typed.linear_attention(T(c.Q), T(c.K), T(c.V), { causal: true }).out.data));
  });
});

describe('errors', () => {
  const m = (n: number, d: number, x = 0): TypedMatrix => ({ data: new Float64Array(n * d).fill(x), rows: n, cols: d });
  const refusedInJs = (call: () => unknown, code: string, message: string | RegExp) => {
    const spy = vi.spyOn(core.raw, 'linear_attention');
    expect(call).toThrow(AttentionError);
    try {
      call();
    } catch (e) {
      expect((e as AttentionError).code).toBe(code);
      expect((e as AttentionError).message).toMatch(message);
    }
    expect(spy).not.toHaveBeenCalled();
  };
  test('bad arguments are refused in JS, naming the argument', () => {
    const [Q, K, V] = [m(2, 3), m(4, 3), m(4, 2)];
    refusedInJs(() => core.typed.linear_attention(Q, K, V, { shift: 1.5 }), 'invalid_argument', 'linear_attention: shift = 1.5 must be a whole number');
    refusedInJs(() => core.typed.linear_attention(Q, K, V, { shift: 2 ** 40 }), 'invalid_argument', 'shift = 1099511627776');
    refusedInJs(
      () => core.typed.linear_attention(Q, K, V, { causal: 'yes' as never }),
      'invalid_argument',
      'causal must be true or false, got the string "yes"',
    );
    refusedInJs(() => core.typed.linear_attention(Q, { data: new Float64Array(3), rows: 4, cols: 3 }, V), 'shape', /linear_attention: K/);
    refusedInJs(() => core.typed.linear_attention([[1]] as never, K, V), 'not_a_number', /core.typed takes typed arrays/);
    refusedInJs(() => core.linear_attention([[1, 'x']] as never, [[1, 2]], [[1]]), 'not_a_number', /Q\[0\]\[1\] is the string "x"/);
  });
  test('what only the core checks comes back as an AttentionError, and the module keeps working', () => {
    expect(() => core.typed.linear_attention(m(2, 3), m(4, 2), m(4, 2))).toThrow('linear_attention: Q is (2, 3) but K is (4, 2)');
    expect(() => core.typed.linear_attention(m(1, 1, 1e300), m(1, 1, 1e300), m(1, 1, 1e300))).toThrow(/overflows float64/);
    expect(() => core.typed.linear_attention(m(1, 1, -800), m(1, 1, 1), m(1, 1, 1))).toThrow(/underflows to 0/);
    const r = core.linear_attention([[0]], [[0], [1]], [[1], [3]]);
    // φ(0) = 1, φ(1) = 2: weights 1/3 and 2/3, out = 1/3 + 2 = 7/3
    expect(r.weights![0][0]).toBeCloseTo(1 / 3, 15);
    expect(r.out[0][0]).toBeCloseTo(7 / 3, 14);
  });
});
