// bias.test.ts — attention, attention_steps and multi_head with a bias through the WASM core, both forms,
// against PyTorch float64 (tests/golden/bias.json); every error an AttentionError from the JS checks (and from the
// core, raw); the module still working afterwards; callers without a bias unchanged.
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type BoolMatrix, type Core, type Matrix, type Tensor3, type TypedMask, type TypedMatrix } from '../../../web/src/core/core';
import { fixture, maxAbsDiff } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

const TOL = 1e-12;

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

interface Case {
  name: string;
  op: 'attention' | 'multi_head';
  Q: Matrix;
  K: Matrix;
  V: Matrix;
  h?: number;
  mask: BoolMatrix | null;
  scale?: boolean;
  temperature: number;
  bias: Matrix | Tensor3;
  out: Matrix;
  weights: Matrix | Tensor3;
}
const cases = fixture<Case>('bias.json');

const T = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const T3 = (t: Tensor3) => ({ data: Float64Array.from(t.flat(2)), batch: t.length, rows: t[0].length, cols: t[0][0].length });
const mask8 = (m: BoolMatrix | null): TypedMask | null => (m ? { data: Uint8Array.from(m.flat(), Number), rows: m.length, cols: m[0].length } : null);
const rows = (m: TypedMatrix): Matrix => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

describe('golden (PyTorch float64)', () => {
  for (const c of cases.filter((x) => x.op === 'attention'))
    test(`attention ${c.name}`, () => {
      const opts = { scale: c.scale, temperature: c.temperature };
      const f = core.attention(c.Q, c.K, c.V, c.mask, { ...opts, bias: c.bias as Matrix });
      expect(maxAbsDiff(f.weights, c.weights)).toBeLessThan(TOL);
      expect(maxAbsDiff(f.out, c.out)).toBeLessThan(TOL);
      const t = core.typed.attention(T(c.Q), T(c.K), T(c.V), mask8(c.mask), { ...opts, bias: T(c.bias as Matrix) });
      expect(maxAbsDiff(rows(t.weights), c.weights)).toBeLessThan(TOL);
      const s = core.attention_steps(c.Q, c.K, c.V, c.mask, { ...opts, bias: c.bias as Matrix });
      expect(s.weights).toEqual(f.weights);
      const ts = core.typed.attention_steps(T(c.Q), T(c.K), T(c.V), mask8(c.mask), { ...opts, bias: T(c.bias as Matrix) });
      expect(rows(ts.out)).toEqual(s.out);
      // the scaled step includes the bias; hidden keys stay −∞ (a bias never unmasks)
      const factor = 1 / (c.temperature * (c.scale === false ? 1 : Math.sqrt(c.Q[0].length)));
      expect(
        maxAbsDiff(
          s.scaled,
          s.scores.map((r, i) => r.map((x, j) => x * factor + (c.bias as Matrix)[i][j])),
        ),
      ).toBeLessThan(1e-13);
      c.mask?.forEach((r, i) => r.forEach((v, j) => v || expect([s.masked[i][j], f.weights[i][j]]).toEqual([-Infinity, 0])));
    });
  for (const c of cases.filter((x) => x.op === 'multi_head'))
    test(`multi_head ${c.name}`, () => {
      const f = core.multi_head(c.Q, c.K, c.V, c.h!, c.mask, { temperature: c.temperature, bias: c.bias as Tensor3 });
      expect(maxAbsDiff(f.out, c.out)).toBeLessThan(TOL);
      expect(maxAbsDiff(f.weights, c.weights)).toBeLessThan(TOL);
      const t = core.typed.multi_head(T(c.Q), T(c.K), T(c.V), c.h!, mask8(c.mask), { temperature: c.temperature, bias: T3(c.bias as Tensor3) });
      expect(maxAbsDiff(rows(t.out), c.out)).toBeLessThan(TOL);
      expect(maxAbsDiff(t.weights.map(rows), c.weights)).toBeLessThan(TOL);
    });
});

const I2: Matrix = [
  [1, 0],
  [0, 1],
];
const any = (x: unknown) => x as never;

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

describe('errors', () => {
  const wrong = 'bias is (3, 2) but the scores are (2, 2): the bias needs one row per query and one column per key';
  const nan = 'bias[1][0] is NaN: every value must be a finite number';
  test.each([
    [
      'attention friendly shape',
      () =>
        core.attention(I2, I2, I2, null, {
          bias: [
            [0, 0],
            [0, 0],
            [0, 0],
          ],
        }),
      'shape',
      `attention: ${wrong}`,
    ],
    [
      'attention typed shape',
      () =>
        core.typed.attention(T(I2), T(I2), T(I2), null, {
          bias: T([
            [0, 0],
            [0, 0],
            [0, 0],
          ]),
        }),
      'shape',
      `attention: ${wrong}`,
    ],
    [
      'attention_steps shape',
      () =>
        core.attention_steps(I2, I2, I2, null, {
          bias: [
            [0, 0],
            [0, 0],
            [0, 0],
          ],
        }),
      'shape',
      `attention_steps: ${wrong}`,
    ],
    [
      'attention NaN',
      () =>
        core.attention(I2, I2, I2, null, {
          bias: [
            [0, 0],
            [NaN, 0],
          ],
        }),
      'non_finite',
      `attention: ${nan}`,
    ],
    [
      'attention typed NaN',
      () =>
        core.typed.attention(T(I2), T(I2), T(I2), null, {
          bias: T([
            [0, 0],
            [NaN, 0],
          ]),
        }),
      'non_finite',
      `attention: ${nan}`,
    ],
    [
      'attention_steps Infinity',
      () =>
        core.typed.attention_steps(T(I2), T(I2), T(I2), null, {
          bias: T([
            [0, Infinity],
            [0, 0],
          ]),
        }),
      'non_finite',
      'attention_steps: bias[0][1] is Infinity: every value must be a finite number',
    ],
    [
      'attention bias not a matrix',
      () => core.typed.attention(T(I2), T(I2), T(I2), null, { bias: any([[0]]) }),
      'not_a_number',
      'attention: bias must be { data: Float64Array, rows, cols }, got an array (core.typed takes typed arrays, core.attention plain ones)',
    ],
    [
      'multi_head shape',
      () =>
        core.multi_head(I2, I2, I2, 2, null, {
          bias: [
            [
              [0, 0],
              [0, 0],
            ],
          ],
        }),
      'shape',
      'multi_head: bias is (1, 2, 2) but it must be (h, n_q, n_k) = (2, 2, 2): one (n_q, n_k) matrix per head',
    ],
    [
      'multi_head -Infinity',
      () =>
        core.typed.multi_head(T(I2), T(I2), T(I2), 2, null, {
          bias: T3([
            [
              [0, 0],
              [0, 0],
            ],
            [
              [0, 0],
              [0, -Infinity],
            ],
          ]),
        }),
      'non_finite',
      'multi_head: bias[1][1][1] is -Infinity: every value must be a finite number',
    ],
  ])('%s', (_, run, code, message) => expectError(run, code, message));

  test('the core checks the bias too (raw)', () => {
    const r = core.raw.attention(T(I2), T(I2), T(I2), null, true, 1, null, T([[0, 0]]));
    expect(r).toEqual({
      ok: false,
      code: 'shape',
      message: 'attention: bias is (1, 2) but the scores are (2, 2): the bias needs one row per query and one column per key',
    });
    const n = core.raw.multi_head(
      T(I2),
      T(I2),
      T(I2),
      1,
      null,
      1,
      T3([
        [
          [0, NaN],
          [0, 0],
        ],
      ]),
    );
    expect(n).toEqual({ ok: false, code: 'non_finite', message: 'multi_head: bias[0][0][1] is NaN: every value must be a finite number' });
  });

  test('the module still works afterwards; callers without a bias are unchanged', () => {
    const plain = core.attention(I2, I2, I2, [
      [true, false],
      [true, true],
    ]);
    expect(
      core.attention(
        I2,
        I2,
        I2,
        [
          [true, false],
          [true, true],
        ],
        { bias: null },
      ),
    ).toEqual(plain);
    expect(
      core.attention(
        I2,
        I2,
        I2,
        [
          [true, false],
          [true, true],
        ],
        {
          bias: [
            [0, 0],
            [0, 0],
          ],
        },
      ),
    ).toEqual(plain);
    expect(
      core.multi_head(I2, I2, I2, 2, null, {
        bias: [
          [
            [0, 0],
            [0, 0],
          ],
          [
            [0, 0],
            [0, 0],
          ],
        ],
      }),
    ).toEqual(core.multi_head(I2, I2, I2, 2));
    expect(plain.weights[1][0]).toBeCloseTo(1 / (1 + Math.exp(1 / Math.SQRT2)), 15);
  });
});
