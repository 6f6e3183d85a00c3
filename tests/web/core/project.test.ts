// project.test.ts — project(X, W, b) = X·W + b through the WASM core, both forms: against PyTorch float64
// (tests/golden/project.json, nn.Linear with its weight Wᵀ) within 1e-9 of the case's largest value; seed
// 000's q is single_head's q exactly; every bad argument refused in JS before anything reaches WebAssembly,
// and the core's own errors (shapes, overflow) as AttentionErrors, the module healthy after them.
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

interface ProjectCase {
  name: string;
  X: Matrix;
  W: Matrix;
  b: number[] | null;
  out: Matrix;
}
const cases = fixture<ProjectCase>('project.json');
const T = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const rows = (m: TypedMatrix): Matrix => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
const largest = (m: Matrix) => Math.max(1, ...m.flat().map(Math.abs));

describe('golden (PyTorch float64)', () => {
  test('the fixture has the cases: seed 000’s q, a bias, one by one, values near the float64 limit', () => {
    expect(cases.map((c) => c.name)).toEqual(['seed000_q_is_X_Wq', 'with_bias_3x4_to_5', 'one_by_one', 'wide_5x64_to_6_with_bias', 'large_values']);
  });
  for (const c of cases)
    test(`project ${c.name}`, () => {
      const typed = core.typed.project(T(c.X), T(c.W), c.b ? Float64Array.from(c.b) : null);
      expect([typed.rows, typed.cols]).toEqual([c.out.length, c.out[0].length]);
      expect(maxAbsDiff(rows(typed), c.out)).toBeLessThan(1e-9 * largest(c.out));
      expect(maxAbsDiff(core.project(c.X, c.W, c.b), c.out)).toBeLessThan(1e-9 * largest(c.out));
    });
  test('seed 000: project(X, Wq) is single_head’s q, exactly; no bias is the same as leaving it out', () => {
    const c = cases[0];
    const q = core.single_head(c.X, c.W, c.W, c.W).q;
    expect(core.project(c.X, c.W)).toEqual(q);
    expect(core.project(c.X, c.W, null)).toEqual(q);
  });
});

describe('errors', () => {
  const m = (n: number, d: number, x = 0.5): TypedMatrix => ({ data: new Float64Array(n * d).fill(x), rows: n, cols: d });
  const refusedInJs = (call: () => unknown, code: string, message: string | RegExp) => {
    const spy = vi.spyOn(core.raw, 'project');
    let thrown: unknown = null;
    try {
      call();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AttentionError);
    expect((thrown as AttentionError).code).toBe(code);
    expect((thrown as AttentionError).message).toMatch(message);
    expect(spy).not.toHaveBeenCalled();
  };
  test('bad arguments are refused in JS, naming the argument', () => {
    refusedInJs(() => core.typed.project(m(2, 3), m(3, 2), [1, 2] as never), 'not_a_number', 'project: b must be a Float64Array or null');
    refusedInJs(() => core.typed.project(m(2, 3), m(3, 2), new Float64Array(0)), 'shape', 'project: b is empty: pass null for no bias');
    refusedInJs(() => core.typed.project(m(2, 3), { data: new Float64Array(5), rows: 3, cols: 2 }), 'shape', /project: W/);
    refusedInJs(() => core.project([[1, 'x']] as never, [[1], [2]]), 'not_a_number', /X\[0\]\[1\] is the string "x"/);
    refusedInJs(() => core.project([[1, 2]], [[1], [2]], [1, 'y'] as never), 'not_a_number', /b\[1\] is the string "y"/);
  });
  test('what only the core checks comes back as an AttentionError, and the module keeps working', () => {
    expect(() => core.typed.project(m(3, 4), m(5, 2))).toThrow('project: W is (5, 2) but X is (3, 4): W needs one row per column of X (4)');
    expect(() => core.typed.project(m(3, 4), m(4, 2), Float64Array.of(1, 2, 3))).toThrow('project: b has 3 values but W is (4, 2)');
    expect(() => core.typed.project(m(2, 2, 1e200), m(2, 3, 1e200))).toThrow('project: X·W overflows float64');
    expect(core.project([[1], [-2]], [[3, 0.5]], [10, 20])).toEqual([
      [13, 20.5],
      [4, 19],
    ]);
  });
  test('the cost of a call is known before it runs, with the message the call would give', () => {
    const c = core.call_cost('project', [4096, 257, 4096]);
    expect(c.multiplyAdds).toBe(4096 * 257 * 4096);
    expect(c.message).toMatch(/^project: /);
    expect(() => core.typed.project(m(4096, 257), m(257, 4096))).toThrow(c.message!);
    expect(core.call_cost('project', [3, 4, 5])).toEqual({ multiplyAdds: 60, resultBytes: 120, message: null });
  });
});
