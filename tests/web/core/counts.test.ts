// counts.test.ts — every count and seed a binding takes from JavaScript is
// checked in C++ (cpp/bindings/convert.h count_arg / seed_arg, and the
// experiments bindings' whole()) before it becomes a size_t or uint64: 1e20,
// −1, 2.5 and NaN are an AttentionError naming the function and the argument,
// never a wrap (1e20 → 0, 2³² + 2 → 2 on wasm32) or undefined behaviour.
//
// Two levels: the raw core (core.raw.*, so the C++ check itself runs:
// the façade rejects most of these in JS before the call) and the façade's
// friendly / typed / experiments forms (the same codes either way).
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core, type ErrorCode } from '../../../web/src/core/core';
import { unwrap } from '../../../web/src/core/errors';
import type { RawMatrix, RawResult, RawTensor3 } from '../../../web/src/core/wasm/attention_core.mjs';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

// ---------------------------------------------------------------- inputs

/** A deterministic (rows, cols) matrix of small values, typed. */
function typed(rows: number, cols: number, seed: number): RawMatrix {
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < data.length; i++) data[i] = Math.sin(seed * 7.1 + i * 1.3);
  return { data, rows, cols };
}
const nested = (m: RawMatrix): number[][] => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
const tensor = (m: RawMatrix): RawTensor3 => ({ data: m.data, batch: 1, rows: m.rows, cols: m.cols });

const M24 = typed(2, 4, 1); // h = 1, 2, 4 divide its width
// grouped_query_attention: 2 heads of width 2 over 1 KV head, d_o = 3
const GQ = typed(2, 4, 2),
  GK = typed(3, 4, 3),
  GV = typed(3, 2, 4);
const GP = { Wq: typed(4, 4, 5), Wk: typed(4, 2, 6), Wv: typed(2, 2, 7), Wo: typed(4, 3, 8) };
const GP_RAW = { ...GP, bq: null, bk: null, bv: null, bo: null };

const SAFE = Number.MAX_SAFE_INTEGER; // 2⁵³ − 1, the seed limit

// ---------------------------------------------------------------- the count arguments

interface CountArg {
  fn: string;
  arg: string;
  /** the smallest value the binding accepts (0: the core reports 0 itself) */
  min: number;
  /** the largest value the binding accepts */
  max: number;
  /** the raw binding with x in this argument's place (every other argument valid) */
  raw: (x: number) => RawResult<object>;
  /** the same through the façade */
  facade: (x: number) => unknown;
  /** a value that works, to show the argument is otherwise fine */
  good: number;
}

const countArgs = (): CountArg[] => {
  const { raw } = core;
  const ex = core.experiments;
  return [
    // bindings.cpp
    { fn: 'causal_mask', arg: 'n', min: 0, max: 4096, good: 3, raw: (x) => raw.causal_mask(x, 3), facade: (x) => core.causal_mask(x) },
    { fn: 'causal_mask', arg: 'n_k', min: 0, max: 4096, good: 3, raw: (x) => raw.causal_mask(3, x), facade: (x) => core.typed.causal_mask(3, x) },
    {
      fn: 'multi_head',
      arg: 'h',
      min: 1,
      max: 256,
      good: 2,
      raw: (x) => raw.multi_head(M24, M24, M24, x, null, 1, null),
      facade: (x) => core.multi_head(nested(M24), nested(M24), nested(M24), x),
    },
    { fn: 'pos_encoding', arg: 'n', min: 0, max: 4096, good: 4, raw: (x) => raw.pos_encoding(x, 4), facade: (x) => core.pos_encoding(x, 4) },
    { fn: 'pos_encoding', arg: 'd', min: 0, max: 4096, good: 4, raw: (x) => raw.pos_encoding(4, x), facade: (x) => core.pos_encoding(4, x) },
    { fn: 'block', arg: 'h', min: 1, max: 256, good: 2, raw: (x) => raw.block(M24, x, null, 1e-5), facade: (x) => core.block(nested(M24), x) },
    {
      fn: 'grouped_query_attention',
      arg: 'num_heads',
      min: 1,
      max: 256,
      good: 2,
      raw: (x) => raw.grouped_query_attention(tensor(GQ), tensor(GK), tensor(GV), GP_RAW, x, 1, null),
      facade: (x) => core.typed.grouped_query_attention(tensor(GQ), tensor(GK), tensor(GV), GP, { num_heads: x, num_kv_heads: 1 }),
    },
    {
      fn: 'grouped_query_attention',
      arg: 'num_kv_heads',
      min: 1,
      max: 256,
      good: 1,
      raw: (x) => raw.grouped_query_attention(tensor(GQ), tensor(GK), tensor(GV), GP_RAW, 2, x, null),
      facade: (x) => core.typed.grouped_query_attention(tensor(GQ), tensor(GK), tensor(GV), GP, { num_heads: 2, num_kv_heads: x }),
    },
    { fn: 'random_normal', arg: 'rows', min: 0, max: 4096, good: 2, raw: (x) => raw.random_normal(x, 3, 7, 1), facade: (x) => core.random_normal(x, 3, 7) },
    { fn: 'random_normal', arg: 'cols', min: 0, max: 4096, good: 3, raw: (x) => raw.random_normal(2, x, 7, 1), facade: (x) => core.random_normal(2, x, 7) },
    { fn: 'random_normal', arg: 'seed', min: 0, max: SAFE, good: 7, raw: (x) => raw.random_normal(2, 3, x, 1), facade: (x) => core.random_normal(2, 3, x) },
    // experiments_bindings.cpp
    { fn: 'scaling_point', arg: 'd', min: 0, max: 4096, good: 4, raw: (x) => raw.scaling_point(x, 8, 5, 7), facade: (x) => ex.scaling_point(x, 8, 5, 7) },
    { fn: 'scaling_point', arg: 'n', min: 0, max: 4096, good: 8, raw: (x) => raw.scaling_point(4, x, 5, 7), facade: (x) => ex.scaling_point(4, x, 5, 7) },
    {
      fn: 'scaling_point',
      arg: 'trials',
      min: 0,
      max: 100_000,
      good: 5,
      raw: (x) => raw.scaling_point(4, 8, x, 7),
      facade: (x) => ex.scaling_point(4, 8, x, 7),
    },
    { fn: 'scaling_point', arg: 'seed', min: 0, max: SAFE, good: 7, raw: (x) => raw.scaling_point(4, 8, 5, x), facade: (x) => ex.scaling_point(4, 8, 5, x) },
    {
      fn: 'scaling_experiment',
      arg: 'ds[1]',
      min: 0,
      max: 4096,
      good: 8,
      raw: (x) => raw.scaling_experiment([4, x], 8, 5, 7),
      facade: (x) => ex.scaling_experiment(new Float64Array([4, x]), 8, 5, 7),
    },
    {
      fn: 'scaling_experiment',
      arg: 'n',
      min: 0,
      max: 4096,
      good: 8,
      raw: (x) => raw.scaling_experiment([4], x, 5, 7),
      facade: (x) => ex.scaling_experiment([4], x, 5, 7),
    },
    {
      fn: 'scaling_experiment',
      arg: 'trials',
      min: 0,
      max: 100_000,
      good: 5,
      raw: (x) => raw.scaling_experiment([4], 8, x, 7),
      facade: (x) => ex.scaling_experiment([4], 8, x, 7),
    },
    {
      fn: 'scaling_experiment',
      arg: 'seed',
      min: 0,
      max: SAFE,
      good: 7,
      raw: (x) => raw.scaling_experiment([4], 8, 5, x),
      facade: (x) => ex.scaling_experiment([4], 8, 5, x),
    },
    { fn: 'seeded_permutation', arg: 'n', min: 0, max: 4096, good: 5, raw: (x) => raw.seeded_permutation(x, 7), facade: (x) => ex.seeded_permutation(x, 7) },
    { fn: 'seeded_permutation', arg: 'seed', min: 0, max: SAFE, good: 7, raw: (x) => raw.seeded_permutation(5, x), facade: (x) => ex.seeded_permutation(5, x) },
    { fn: 'quadratic_point', arg: 'n', min: 0, max: 4096, good: 16, raw: (x) => raw.quadratic_point(x, 4, 7), facade: (x) => ex.quadratic_point(x, 4, 7) },
    { fn: 'quadratic_point', arg: 'd', min: 0, max: 4096, good: 4, raw: (x) => raw.quadratic_point(16, x, 7), facade: (x) => ex.quadratic_point(16, x, 7) },
    { fn: 'quadratic_point', arg: 'seed', min: 0, max: SAFE, good: 7, raw: (x) => raw.quadratic_point(16, 4, x), facade: (x) => ex.quadratic_point(16, 4, x) },
    {
      fn: 'permutation_experiment',
      arg: 'perm[2]',
      min: 0,
      max: 4096,
      good: 2,
      raw: (x) => raw.permutation_experiment(typed(3, 2, 9), [1, 0, x], false),
      facade: (x) => ex.permutation_experiment(typed(3, 2, 9), new Float64Array([1, 0, x]), false),
    },
  ];
};

// Names for test.each before beforeAll has run (the table itself needs `core`).
const NAMES: Array<[string, string]> = [
  ['causal_mask', 'n'],
  ['causal_mask', 'n_k'],
  ['multi_head', 'h'],
  ['pos_encoding', 'n'],
  ['pos_encoding', 'd'],
  ['block', 'h'],
  ['grouped_query_attention', 'num_heads'],
  ['grouped_query_attention', 'num_kv_heads'],
  ['random_normal', 'rows'],
  ['random_normal', 'cols'],
  ['random_normal', 'seed'],
  ['scaling_point', 'd'],
  ['scaling_point', 'n'],
  ['scaling_point', 'trials'],
  ['scaling_point', 'seed'],
  ['scaling_experiment', 'ds[1]'],
  ['scaling_experiment', 'n'],
  ['scaling_experiment', 'trials'],
  ['scaling_experiment', 'seed'],
  ['seeded_permutation', 'n'],
  ['seeded_permutation', 'seed'],
  ['quadratic_point', 'n'],
  ['quadratic_point', 'd'],
  ['quadratic_point', 'seed'],
  ['permutation_experiment', 'perm[2]'],
];
const find = (fn: string, arg: string): CountArg => countArgs().find((c) => c.fn === fn && c.arg === arg)!;

/** The bad values, what the C++ check answers, and its message after "fn: arg = ". */
interface Bad {
  x: number;
  code: ErrorCode;
  rest: (c: CountArg) => string;
}
const BAD: Bad[] = [
  { x: 1e20, code: 'too_large', rest: (c) => `100000000000000000000 is over the limit of ${c.max}` },
  { x: -1, code: 'invalid_argument', rest: (c) => `-1 must be a whole number ≥ ${c.min}` },
  { x: 2.5, code: 'invalid_argument', rest: (c) => `2.5 must be a whole number ≥ ${c.min}` },
  { x: NaN, code: 'invalid_argument', rest: (c) => `NaN must be a whole number ≥ ${c.min}` },
];
const cases = NAMES.flatMap(([fn, arg]) => BAD.map((b) => [`${fn}(${arg} = ${String(b.x)})`, fn, arg, b] as const));

/** The AttentionError `call` throws (fails the test if it returns or throws anything else). */
function caught(call: () => unknown): AttentionError {
  let thrown: unknown;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, 'it throws').toBeInstanceOf(AttentionError);
  return thrown as AttentionError;
}

const works = () => expect(core.multi_head(nested(M24), nested(M24), nested(M24), 2).out).toHaveLength(2);

// ---------------------------------------------------------------- the tests

describe('the raw bindings check every count in C++', () => {
  test('the table covers every count argument listed', () => {
    expect(countArgs().map((c) => [c.fn, c.arg])).toEqual(NAMES);
  });

  test.each(cases)('raw %s', (_, fn, arg, bad) => {
    const c = find(fn, arg);
    const r = c.raw(bad.x);
    expect(r.ok).toBe(false);
    const e = caught(() => unwrap(r));
    expect(e.code, e.message).toBe(bad.code);
    expect(e.message).toBe(`${fn}: ${arg} = ${bad.rest(c)}`);
  });

  test.each(NAMES)('raw %s(%s): a good value still works', (fn, arg) => {
    const r = find(fn, arg).raw(find(fn, arg).good);
    expect(r.ok, r.ok ? '' : r.message).toBe(true);
  });

  test.each(NAMES)('raw %s(%s) = Infinity is too large; 2³² + 2 too, or a seed of its own (never a wrap to 2)', (fn, arg) => {
    const c = find(fn, arg);
    const inf = caught(() => unwrap(c.raw(Infinity)));
    expect(inf.code, inf.message).toBe('too_large');
    expect(inf.message).toBe(`${fn}: ${arg} = Infinity is over the limit of ${c.max}`);
    const wrap = c.raw(2 ** 32 + 2);
    if (c.max < 2 ** 32) {
      expect(!wrap.ok && wrap.code).toBe('too_large');
    } else {
      expect(wrap.ok, 'a seed up to 2⁵³ − 1 is fine').toBe(true);
    }
  });

  test('seeds are 64-bit in C++: 2³² + 2 is not seed 2', () => {
    const a = unwrap(core.raw.random_normal(1, 4, 2 ** 32 + 2, 1)).out.data;
    const b = unwrap(core.raw.random_normal(1, 4, 2, 1)).out.data;
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });

  test('heads: 0 is rejected by the binding; sizes: 0 reaches the core, which calls it empty', () => {
    const h0 = core.raw.multi_head(M24, M24, M24, 0, null, 1, null);
    expect(h0).toEqual({ ok: false, code: 'invalid_argument', message: 'multi_head: h = 0 must be a whole number ≥ 1' });
    expect(core.raw.block(M24, -0, null, 1e-5)).toEqual({ ok: false, code: 'invalid_argument', message: 'block: h = 0 must be a whole number ≥ 1' });
    const n0 = core.raw.causal_mask(0, 3);
    expect(!n0.ok && n0.code).toBe('empty');
    const r0 = core.raw.random_normal(0, 3, 7, 1);
    expect(!r0.ok && r0.code).toBe('empty');
  });

  test('the limits in the messages are the module’s limits()', () => {
    const L = core.raw.limits();
    expect(L.maxHeads).toBe(256);
    expect(L.maxRows).toBe(4096);
    expect(L.maxSeed).toBe(SAFE);
    const over = core.raw.multi_head(M24, M24, M24, L.maxHeads + 1, null, 1, null);
    expect(!over.ok && over.message).toBe(`multi_head: h = ${L.maxHeads + 1} is over the limit of ${L.maxHeads}`);
    expect(core.raw.random_normal(1, 1, L.maxSeed, 1).ok).toBe(true);
    const seed = core.raw.random_normal(1, 1, L.maxSeed + 1, 1);
    expect(!seed.ok && seed.code).toBe('too_large');
  });

  test('a shape field of a raw matrix that is not a whole number is an error, not a wrap', () => {
    const two = typed(2, 2, 1);
    for (const rows of [2 ** 32 + 2, -1, 2.5, NaN]) {
      const r = core.raw.attention({ ...two, rows }, two, two, null, true, 1, null, null);
      expect(r.ok, `rows = ${rows}`).toBe(false);
    }
  });
});

describe('the façade reports the same codes', () => {
  test.each(cases)('%s', (_, fn, arg, bad) => {
    const c = find(fn, arg);
    const e = caught(() => c.facade(bad.x));
    expect(e.code, e.message).toBe(bad.code);
    expect(e.message.startsWith(`${fn}: ${arg} = `), e.message).toBe(true);
  });

  test.each(NAMES)('%s(%s): a good value still works', (fn, arg) => {
    const c = find(fn, arg);
    expect(() => c.facade(c.good)).not.toThrow();
  });
});

describe('the module after many bad counts', () => {
  test('1,000 rejected calls (raw and façade): every one an error, then the module still works', () => {
    works();
    const all = countArgs();
    let rejected = 0;
    for (let i = 0; i < 1000; i++) {
      const c = all[i % all.length];
      const bad = BAD[Math.floor(i / all.length) % BAD.length];
      if (i % 2 === 0) {
        const r = c.raw(bad.x);
        if (!r.ok && r.code === bad.code) rejected++;
      } else {
        try {
          c.facade(bad.x);
        } catch (e) {
          if (e instanceof AttentionError && e.code === bad.code) rejected++;
        }
      }
    }
    expect(rejected).toBe(1000);
    works();
    for (const c of all) expect(c.raw(c.good).ok, `${c.fn}(${c.arg} = ${c.good})`).toBe(true);
  });
});
