// positions.test.ts — RoPE and ALiBi through the WASM core, both
// forms, against PyTorch float64 (tests/golden/positions.json: Hugging Face's
// rotate_half form, the complex form, Press et al.'s get_slopes); every error
// an AttentionError naming the function and the argument, from the JS checks
// and from the core (raw), and the module still working afterwards.
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core, type Matrix, type RopeOptions, type Tensor3, type TypedMatrix } from '../../../web/src/core/core';
import { check, fixture } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

const TOL = 1e-12;

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

interface RopeCase {
  name: string;
  op: 'rope';
  X: Matrix;
  base: number;
  pairing: 'half' | 'interleaved';
  offset: number;
  out: Matrix;
}
interface SlopesCase {
  name: string;
  op: 'alibi_slopes';
  h: number;
  slopes: number[];
}
interface BiasCase {
  name: string;
  op: 'alibi_bias';
  h: number;
  n_q: number;
  n_k: number;
  bias: Tensor3;
}
type PositionCase = RopeCase | SlopesCase | BiasCase;

const cases = fixture<PositionCase>('positions.json');
const ropeCases = cases.filter((c): c is RopeCase => c.op === 'rope');
const slopeCases = cases.filter((c): c is SlopesCase => c.op === 'alibi_slopes');
const biasCases = cases.filter((c): c is BiasCase => c.op === 'alibi_bias');

const typedOf = (m: Matrix): TypedMatrix => ({ data: Float64Array.from(m.flat()), rows: m.length, cols: m[0].length });
const rows = (t: { data: Float64Array; rows: number; cols: number }): Matrix =>
  Array.from({ length: t.rows }, (_, i) => Array.from(t.data.subarray(i * t.cols, (i + 1) * t.cols)));

describe('positions.json (PyTorch float64)', () => {
  test('holds both pairings, offsets 0 and 5, d = 2 … 128, and the slopes of h = 1, 2, 3, 4, 6, 8, 12, 16', () => {
    for (const pairing of ['half', 'interleaved'])
      for (const offset of [0, 5])
        for (const d of [2, 4, 8, 64, 128])
          expect(
            ropeCases.some((c) => c.pairing === pairing && c.offset === offset && c.X[0].length === d),
            `${pairing} ${offset} ${d}`,
          ).toBe(true);
    expect(slopeCases.map((c) => c.h)).toEqual(expect.arrayContaining([1, 2, 3, 4, 6, 8, 12, 16]));
    expect(biasCases.length).toBeGreaterThan(3);
  });

  test.each(ropeCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const opts: RopeOptions = { base: c.base, pairing: c.pairing, offset: c.offset };
    check(c.name, 'out (friendly)', core.rope(c.X, opts), c.out, TOL);
    const t = core.typed.rope(typedOf(c.X), opts);
    expect(t.data).toBeInstanceOf(Float64Array);
    expect([t.rows, t.cols]).toEqual([c.X.length, c.X[0].length]);
    check(c.name, 'out (typed)', rows(t), c.out, TOL);
  });

  test.each(slopeCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    check(c.name, 'slopes (friendly)', core.alibi_slopes(c.h), c.slopes, TOL);
    const t = core.typed.alibi_slopes(c.h);
    expect(t).toBeInstanceOf(Float64Array);
    check(c.name, 'slopes (typed)', t, c.slopes, TOL);
  });

  test.each(biasCases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    check(c.name, 'bias (friendly)', core.alibi_bias(c.h, c.n_q, c.n_k), c.bias, TOL);
    const t = core.typed.alibi_bias(c.h, c.n_q, c.n_k);
    expect([t.batch, t.rows, t.cols]).toEqual([c.h, c.n_q, c.n_k]);
    expect(t.data).toBeInstanceOf(Float64Array);
    check(c.name, 'bias (typed)', Array.from(t.data), c.bias.flat(2), TOL);
  });
});

describe('defaults and plain results', () => {
  test("rope's defaults are base 10000, 'half', offset 0", () => {
    const X = [
      [0.3, -1.2, 0.7, 2.0],
      [1.1, 0.4, -0.5, 0.9],
    ];
    expect(core.rope(X)).toEqual(core.rope(X, { base: 10000, pairing: 'half', offset: 0 }));
    expect(core.rope(X, {})).toEqual(core.rope(X, null as unknown as RopeOptions));
    expect(core.rope(X)[0]).toEqual(X[0]); // position 0 is not turned
    expect(core.rope(X, { pairing: 'interleaved' })).not.toEqual(core.rope(X));
  });
  test('friendly results are plain arrays; the bias row maximum is 0 at the query position', () => {
    const b = core.alibi_bias(3, 2, 5);
    expect(Array.isArray(b) && Array.isArray(b[0]) && Array.isArray(b[0][0])).toBe(true);
    for (const head of b)
      head.forEach((row, i) => {
        expect(Math.max(...row)).toBe(0);
        expect(row.indexOf(0)).toBe(i + 5 - 2);
      });
    expect(Array.isArray(core.alibi_slopes(5))).toBe(true);
  });
});

/** A value of any type, for the calls TypeScript would refuse. */
const any = <T>(x: unknown) => x as T;
const X2 = [[1, 2]];

interface ErrorCase {
  name: string;
  call: () => unknown;
  code: string;
  fn: string;
  /** Words the message must contain (the argument and its value). */
  words: string;
}
const errors: ErrorCase[] = [
  // rope
  { name: 'rope: odd d', call: () => core.rope([[1, 2, 3]]), code: 'divisibility', fn: 'rope', words: 'd = 3 must be even' },
  { name: 'rope (typed): odd d', call: () => core.typed.rope(typedOf([[1]])), code: 'divisibility', fn: 'rope', words: 'd = 1 must be even' },
  { name: 'rope: base 1', call: () => core.rope(X2, { base: 1 }), code: 'invalid_argument', fn: 'rope', words: 'base = 1 must be a finite number > 1' },
  { name: 'rope: base 0', call: () => core.rope(X2, { base: 0 }), code: 'invalid_argument', fn: 'rope', words: 'base = 0' },
  { name: 'rope: base -5', call: () => core.typed.rope(typedOf(X2), { base: -5 }), code: 'invalid_argument', fn: 'rope', words: 'base = -5' },
  { name: 'rope: base Infinity', call: () => core.rope(X2, { base: Infinity }), code: 'invalid_argument', fn: 'rope', words: 'base = Infinity' },
  { name: 'rope: base NaN', call: () => core.rope(X2, { base: NaN }), code: 'invalid_argument', fn: 'rope', words: 'base = NaN' },
  { name: 'rope: base "10000"', call: () => core.rope(X2, { base: any('10000') }), code: 'invalid_argument', fn: 'rope', words: 'base must be' },
  {
    name: 'rope: pairing "full"',
    call: () => core.rope(X2, { pairing: any('full') }),
    code: 'invalid_argument',
    fn: 'rope',
    words: "pairing must be 'half' or 'interleaved'",
  },
  { name: 'rope: pairing 1', call: () => core.typed.rope(typedOf(X2), { pairing: any(1) }), code: 'invalid_argument', fn: 'rope', words: 'pairing must be' },
  { name: 'rope: offset -1', call: () => core.rope(X2, { offset: -1 }), code: 'invalid_argument', fn: 'rope', words: 'offset = -1' },
  { name: 'rope: offset 2.5', call: () => core.rope(X2, { offset: 2.5 }), code: 'invalid_argument', fn: 'rope', words: 'offset = 2.5' },
  { name: 'rope: offset 2³¹ + 1', call: () => core.rope(X2, { offset: 2 ** 31 + 1 }), code: 'too_large', fn: 'rope', words: 'offset = 2147483649' },
  { name: 'rope: opts 5', call: () => core.rope(X2, any(5)), code: 'invalid_argument', fn: 'rope', words: 'opts must be' },
  { name: 'rope: X empty', call: () => core.rope([[]]), code: 'empty', fn: 'rope', words: 'X' },
  { name: 'rope: X not finite', call: () => core.rope([[1, NaN]]), code: 'non_finite', fn: 'rope', words: 'X' },
  { name: 'rope: X a string', call: () => core.rope(any('X')), code: 'not_a_number', fn: 'rope', words: 'X must be' },
  {
    name: 'rope: X overflows',
    call: () =>
      core.rope([
        [1.7e308, 1.7e308],
        [1.7e308, 1.7e308],
      ]),
    code: 'non_finite_result',
    fn: 'rope',
    words: 'overflows',
  },
  // alibi_slopes
  { name: 'alibi_slopes: h 0', call: () => core.alibi_slopes(0), code: 'invalid_argument', fn: 'alibi_slopes', words: 'h = 0' },
  { name: 'alibi_slopes: h 257', call: () => core.typed.alibi_slopes(257), code: 'too_large', fn: 'alibi_slopes', words: 'h = 257' },
  { name: 'alibi_slopes: h 2.5', call: () => core.alibi_slopes(2.5), code: 'invalid_argument', fn: 'alibi_slopes', words: 'h = 2.5' },
  {
    name: 'alibi_slopes: h "4"',
    call: () => core.alibi_slopes(any('4')),
    code: 'invalid_argument',
    fn: 'alibi_slopes',
    words: 'h must be a whole number ≥ 0, got the string "4"',
  },
  // alibi_bias
  { name: 'alibi_bias: h 0', call: () => core.alibi_bias(0, 2, 2), code: 'invalid_argument', fn: 'alibi_bias', words: 'h = 0' },
  { name: 'alibi_bias: n_q > n_k', call: () => core.alibi_bias(2, 3, 2), code: 'shape', fn: 'alibi_bias', words: 'n_q = 3 is more than n_k = 2' },
  { name: 'alibi_bias (typed): n_q > n_k', call: () => core.typed.alibi_bias(1, 5, 4), code: 'shape', fn: 'alibi_bias', words: 'n_q = 5' },
  { name: 'alibi_bias: n_q 0', call: () => core.alibi_bias(2, 0, 2), code: 'empty', fn: 'alibi_bias', words: 'n_q = 0' },
  { name: 'alibi_bias: n_k 0', call: () => core.alibi_bias(2, 0, 0), code: 'empty', fn: 'alibi_bias', words: 'n_k = 0' },
  { name: 'alibi_bias: n_k 4097', call: () => core.alibi_bias(1, 1, 4097), code: 'too_large', fn: 'alibi_bias', words: 'n_k = 4097' },
  { name: 'alibi_bias: h 300', call: () => core.alibi_bias(300, 1, 1), code: 'too_large', fn: 'alibi_bias', words: 'h = 300' },
  {
    name: 'alibi_bias: over the weights limit',
    call: () => core.typed.alibi_bias(2, 4096, 4096),
    code: 'too_large',
    fn: 'alibi_bias',
    words: 'h·n_q·n_k = 2·4096·4096',
  },
  { name: 'alibi_bias: n_q -1', call: () => core.alibi_bias(1, -1, 2), code: 'invalid_argument', fn: 'alibi_bias', words: 'n_q = -1' },
  { name: 'alibi_bias: n_k NaN', call: () => core.alibi_bias(1, 1, NaN), code: 'invalid_argument', fn: 'alibi_bias', words: 'n_k = NaN' },
];

/** The module computes the same numbers as before. */
function expectModuleWorks(): void {
  expect(core.alibi_slopes(8)).toEqual([0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625]);
  expect(core.alibi_bias(1, 1, 3)).toEqual([[[-0.0078125, -0.00390625, 0]]]); // m = 2⁻⁸, the query at position 2
  const r = core.rope(
    [
      [1, 0, 0, 1],
      [1, 0, 0, 1],
    ],
    { pairing: 'interleaved' },
  );
  expect(r[1][0]).toBeCloseTo(Math.cos(1), 15);
  expect(r[1][1]).toBeCloseTo(Math.sin(1), 15);
}

describe('errors', () => {
  test.each(errors.map((e) => [e.name, e] as const))('%s', (_, e) => {
    let thrown: unknown;
    try {
      e.call();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AttentionError);
    const err = thrown as AttentionError;
    expect(err.code).toBe(e.code);
    expect(err.message.startsWith(`${e.fn}: `), err.message).toBe(true);
    expect(err.message).toContain(e.words);
  });

  test('the core itself refuses what JS would (raw calls), as data', () => {
    const X = { data: new Float64Array([1, 2]), rows: 1, cols: 2 };
    const fails: [unknown, string][] = [
      [core.raw.rope(X, 1, false, 0), 'invalid_argument'],
      [core.raw.rope(X, 10000, false, -1), 'invalid_argument'],
      [core.raw.rope(X, 10000, true, 0.5), 'invalid_argument'],
      [core.raw.rope(X, 10000, false, 2 ** 31 + 1), 'too_large'],
      [core.raw.rope({ data: new Float64Array(3), rows: 1, cols: 3 }, 10000, false, 0), 'divisibility'],
      [core.raw.alibi_slopes(0), 'invalid_argument'],
      [core.raw.alibi_slopes(-1), 'invalid_argument'],
      [core.raw.alibi_slopes(1e20), 'too_large'],
      [core.raw.alibi_bias(0, 1, 1), 'invalid_argument'],
      [core.raw.alibi_bias(1, 2, 1), 'shape'],
      [core.raw.alibi_bias(1, 1.5, 2), 'invalid_argument'],
    ];
    for (const [r, code] of fails) expect(r).toMatchObject({ ok: false, code });
    expect(core.raw.rope(X, 10000, false, 2 ** 31)).toMatchObject({ ok: true });
  });

  test('the module works after every error', () => {
    expectModuleWorks();
    for (const e of errors) expect(e.call).toThrow(AttentionError);
    expectModuleWorks();
  });
});
