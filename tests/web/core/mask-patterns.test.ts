// mask-patterns.test.ts — the sparse mask builders (web/src/core/mask-patterns.ts,
// cpp/mask_patterns.h) through the WASM core: the golden masks of
// tests/golden/mask_patterns.json (plain-Python references in
// scripts/make_golden.py; BigBird's random blocks from SplitMix64 reimplemented
// there, so the seeded draw is pinned too) in both forms, every error checked
// in JS before the module is called (and by the core itself, raw), and a
// module that still works afterwards.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { AttentionError, type BigBirdOptions, type BoolMatrix, type Core, type ErrorCode } from '../../../web/src/core/core';
import { fixture } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Builder = 'sliding_window_mask' | 'prefix_lm_mask' | 'local_global_mask' | 'dilated_mask' | 'bigbird_mask';
const BUILDERS: Builder[] = ['sliding_window_mask', 'prefix_lm_mask', 'local_global_mask', 'dilated_mask', 'bigbird_mask'];

interface MaskCase {
  name: string;
  fn: Builder;
  args: { n: number; w?: number; p?: number; globals?: number[]; dilation?: number; block?: number } & BigBirdOptions;
  mask: BoolMatrix;
}
const CASES = fixture<MaskCase>('mask_patterns.json');

/** The builder's arguments of a case, in call order; `typed` passes globals as a Float64Array. */
function argsOf(c: MaskCase, typed: boolean): unknown[] {
  const a = c.args;
  switch (c.fn) {
    case 'sliding_window_mask':
      return [a.n, a.w];
    case 'prefix_lm_mask':
      return [a.n, a.p];
    case 'local_global_mask':
      return [a.n, a.w, typed ? Float64Array.from(a.globals!) : a.globals];
    case 'dilated_mask':
      return [a.n, a.w, a.dilation];
    case 'bigbird_mask':
      return [a.n, a.block, { window_blocks: a.window_blocks, global_blocks: a.global_blocks, random_blocks: a.random_blocks, seed: a.seed }];
  }
}

/** core[fn](...args) or core.typed[fn](...args), arguments unchecked by TypeScript (the errors are the point). */
const call = (form: 'friendly' | 'typed', fn: Builder, args: unknown[]): unknown =>
  (form === 'friendly'
    ? (core as unknown as Record<Builder, (...a: unknown[]) => unknown>)
    : (core.typed as unknown as Record<Builder, (...a: unknown[]) => unknown>))[fn](...args);

/** A plain n × n boolean matrix. */
function toBits(m: BoolMatrix): Uint8Array {
  return Uint8Array.from(m.flat(), (b) => (b ? 1 : 0));
}

/** The module still builds a known mask and computes attention with it. */
function expectModuleWorks(): void {
  expect(core.sliding_window_mask(3, 2)).toEqual([
    [true, false, false],
    [true, true, false],
    [false, true, true],
  ]);
  const { weights } = core.attention([[1], [1], [1]], [[1], [1], [1]], [[1], [2], [3]], core.sliding_window_mask(3, 2));
  expect(weights).toEqual([
    [1, 0, 0],
    [0.5, 0.5, 0],
    [0, 0.5, 0.5],
  ]);
}

describe('golden masks (plain-Python reference)', () => {
  test('the fixture covers every builder, and BigBird with random blocks', () => {
    for (const fn of BUILDERS) expect(CASES.filter((c) => c.fn === fn).length, fn).toBeGreaterThanOrEqual(6);
    expect(CASES.filter((c) => c.fn === 'bigbird_mask' && (c.args.random_blocks ?? 0) > 0).length).toBeGreaterThanOrEqual(4);
  });
  test.each(CASES.map((c) => [c.name, c] as const))('%s: friendly form', (_, c) => {
    const m = call('friendly', c.fn, argsOf(c, false)) as BoolMatrix;
    expect(Array.isArray(m) && m.every((row) => Array.isArray(row) && row.every((x) => typeof x === 'boolean'))).toBe(true);
    expect(m).toEqual(c.mask);
  });
  test.each(CASES.map((c) => [c.name, c] as const))('%s: typed form', (_, c) => {
    const m = call('typed', c.fn, argsOf(c, true)) as { data: Uint8Array; rows: number; cols: number };
    const n = c.args.n;
    expect([m.data instanceof Uint8Array, m.rows, m.cols]).toEqual([true, n, n]);
    expect(m.data).toEqual(toBits(c.mask));
  });
});

describe('properties', () => {
  test('sliding window n is causal_mask, dilation 1 is the sliding window, prefix 0 is causal', () => {
    for (let n = 1; n <= 7; n++) {
      expect(core.sliding_window_mask(n, n)).toEqual(core.causal_mask(n));
      expect(core.prefix_lm_mask(n, 0)).toEqual(core.causal_mask(n));
      for (let w = 1; w <= n; w++) expect(core.dilated_mask(n, w, 1)).toEqual(core.sliding_window_mask(n, w));
    }
  });
  test('BigBird: the same seed gives the same mask, another seed another one; the defaults fit a small n', () => {
    const opts = { window_blocks: 1, global_blocks: 0, random_blocks: 2, seed: 12 };
    const a = core.typed.bigbird_mask(32, 2, opts);
    expect(core.typed.bigbird_mask(32, 2, opts).data).toEqual(a.data);
    const others = [13, 14, 15].map((seed) => core.typed.bigbird_mask(32, 2, { ...opts, seed }).data);
    expect(others.some((d) => !d.every((x, k) => x === a.data[k]))).toBe(true);
    // left out: window 3, global 1, random 1, each at most the number of blocks (here 2)
    expect(core.bigbird_mask(4, 2)).toEqual(core.bigbird_mask(4, 2, { window_blocks: 2, global_blocks: 1, random_blocks: 1, seed: 0 }));
    expect(core.bigbird_mask(4, 2, null)).toEqual(core.bigbird_mask(4, 2, {}));
  });
});

// [call, arguments, code, message]: every error of the issue, in both forms
type ErrorCase = [Builder, unknown[], ErrorCode, string];
const ERRORS: ErrorCase[] = [
  ['sliding_window_mask', [5, 0], 'invalid_argument', 'sliding_window_mask: w = 0 must be a whole number between 1 and n = 5'],
  ['sliding_window_mask', [5, 6], 'invalid_argument', 'sliding_window_mask: w = 6 must be a whole number between 1 and n = 5'],
  ['sliding_window_mask', [5, 2.5], 'invalid_argument', 'sliding_window_mask: w = 2.5 must be a whole number between 1 and n = 5'],
  ['sliding_window_mask', [5, '2'], 'invalid_argument', 'sliding_window_mask: w is the string "2": must be a whole number between 1 and n = 5'],
  ['sliding_window_mask', [0, 1], 'empty', 'sliding_window_mask: n = 0 must be at least 1'],
  ['sliding_window_mask', [4097, 1], 'too_large', 'sliding_window_mask: n = 4097 is over the limit of 4096'],
  ['sliding_window_mask', [-1, 1], 'invalid_argument', 'sliding_window_mask: n = -1 must be a whole number ≥ 0'],
  ['prefix_lm_mask', [4, 5], 'invalid_argument', 'prefix_lm_mask: p = 5 must be a whole number between 0 and n = 4'],
  ['prefix_lm_mask', [4, -1], 'invalid_argument', 'prefix_lm_mask: p = -1 must be a whole number between 0 and n = 4'],
  ['prefix_lm_mask', [4, 1.5], 'invalid_argument', 'prefix_lm_mask: p = 1.5 must be a whole number between 0 and n = 4'],
  ['prefix_lm_mask', [4, NaN], 'invalid_argument', 'prefix_lm_mask: p = NaN must be a whole number between 0 and n = 4'],
  ['prefix_lm_mask', [0, 0], 'empty', 'prefix_lm_mask: n = 0 must be at least 1'],
  ['local_global_mask', [5, 1, [0, 5]], 'invalid_argument', 'local_global_mask: globals[1] = 5 must be a whole number between 0 and n − 1 = 4'],
  ['local_global_mask', [5, 1, [-1]], 'invalid_argument', 'local_global_mask: globals[0] = -1 must be a whole number between 0 and n − 1 = 4'],
  ['local_global_mask', [5, 1, [1.5]], 'invalid_argument', 'local_global_mask: globals[0] = 1.5 must be a whole number between 0 and n − 1 = 4'],
  ['local_global_mask', [5, 1, [2, NaN]], 'invalid_argument', 'local_global_mask: globals[1] = NaN must be a whole number between 0 and n − 1 = 4'],
  ['local_global_mask', [5, 1, ['1']], 'not_a_number', 'local_global_mask: globals[0] is the string "1", not a number'],
  ['local_global_mask', [5, 1, null], 'not_a_number', 'local_global_mask: globals must be'],
  ['local_global_mask', [5, 0, []], 'invalid_argument', 'local_global_mask: w = 0 must be a whole number between 1 and n = 5'],
  ['local_global_mask', [5, 6, []], 'invalid_argument', 'local_global_mask: w = 6 must be a whole number between 1 and n = 5'],
  ['local_global_mask', [0, 1, []], 'empty', 'local_global_mask: n = 0 must be at least 1'],
  ['dilated_mask', [5, 2, 0], 'invalid_argument', 'dilated_mask: dilation = 0 must be a whole number ≥ 1'],
  ['dilated_mask', [5, 2, 1.5], 'invalid_argument', 'dilated_mask: dilation = 1.5 must be a whole number ≥ 1'],
  ['dilated_mask', [5, 2, 4097], 'too_large', 'dilated_mask: dilation = 4097 is over the limit of 4096'],
  ['dilated_mask', [5, 0, 1], 'invalid_argument', 'dilated_mask: w = 0 must be a whole number between 1 and n = 5'],
  ['dilated_mask', [5, 6, 1], 'invalid_argument', 'dilated_mask: w = 6 must be a whole number between 1 and n = 5'],
  ['dilated_mask', [4097, 1, 1], 'too_large', 'dilated_mask: n = 4097 is over the limit of 4096'],
  ['bigbird_mask', [8, 3], 'divisibility', 'bigbird_mask: block = 3 does not divide n = 8'],
  ['bigbird_mask', [8, 16], 'divisibility', 'bigbird_mask: block = 16 does not divide n = 8'],
  ['bigbird_mask', [8, 0], 'invalid_argument', 'bigbird_mask: block = 0 must be a whole number ≥ 1'],
  [
    'bigbird_mask',
    [8, 2, { window_blocks: 5 }],
    'invalid_argument',
    'bigbird_mask: window_blocks = 5 must be a whole number between 0 and n / block (the number of blocks) = 4',
  ],
  [
    'bigbird_mask',
    [8, 2, { window_blocks: -1 }],
    'invalid_argument',
    'bigbird_mask: window_blocks = -1 must be a whole number between 0 and n / block (the number of blocks) = 4',
  ],
  ['bigbird_mask', [8, 2, { global_blocks: 5 }], 'invalid_argument', 'bigbird_mask: global_blocks = 5 must be a whole number between 0'],
  ['bigbird_mask', [8, 2, { global_blocks: -2 }], 'invalid_argument', 'bigbird_mask: global_blocks = -2 must be a whole number between 0'],
  ['bigbird_mask', [8, 2, { random_blocks: 5 }], 'invalid_argument', 'bigbird_mask: random_blocks = 5 must be a whole number between 0'],
  ['bigbird_mask', [8, 2, { random_blocks: 0.5 }], 'invalid_argument', 'bigbird_mask: random_blocks = 0.5 must be a whole number between 0'],
  ['bigbird_mask', [8, 2, { seed: -1 }], 'invalid_argument', 'bigbird_mask: seed = -1 must be a whole number ≥ 0'],
  ['bigbird_mask', [8, 2, { seed: 2 ** 53 }], 'too_large', 'bigbird_mask: seed = 9007199254740992 is over the limit of 9007199254740991'],
  ['bigbird_mask', [8, 2, 'dense'], 'invalid_argument', 'bigbird_mask: opts must be an object or nothing, got the string "dense"'],
  ['bigbird_mask', [0, 1], 'empty', 'bigbird_mask: n = 0 must be at least 1'],
  ['bigbird_mask', [4097, 1], 'too_large', 'bigbird_mask: n = 4097 is over the limit of 4096'],
];

describe('errors: an AttentionError naming the argument, thrown before the module is called', () => {
  test.each(
    ERRORS.flatMap(([fn, args, code, msg]) => (['friendly', 'typed'] as const).map((form) => [form, fn, JSON.stringify(args), args, code, msg] as const)),
  )('%s %s(%s)', (form, fn, _, args, code, msg) => {
    const raw = vi.spyOn(core.raw, fn);
    const typedArgs =
      form === 'typed' && fn === 'local_global_mask' && Array.isArray(args[2]) && args[2].every((x) => typeof x === 'number')
        ? [args[0], args[1], Float64Array.from(args[2])]
        : args;
    let thrown: unknown;
    try {
      call(form, fn, typedArgs);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AttentionError);
    const e = thrown as AttentionError;
    expect(e.message.startsWith(msg), e.message).toBe(true);
    expect(e.code).toBe(code);
    expect(raw).not.toHaveBeenCalled();
    expectModuleWorks();
  });
  test('a valid call does reach the module (so the spy above can see one)', () => {
    const raw = vi.spyOn(core.raw, 'dilated_mask');
    core.dilated_mask(4, 2, 2);
    expect(raw).toHaveBeenCalledTimes(1);
  });
  test('the friendly form takes globals as a plain array, the typed form also as a typed array', () => {
    expect(() => core.local_global_mask(3, 1, Float64Array.of(0) as unknown as number[])).toThrow(
      /^local_global_mask: globals must be an array of numbers, got a Float64Array/,
    );
    expect(core.typed.local_global_mask(3, 1, Uint8Array.of(0)).data).toEqual(core.typed.local_global_mask(3, 1, [0]).data);
  });
});

describe('the core checks them too (raw module, no JS checks)', () => {
  const raw: [string, (c: Core) => { ok: boolean; code?: string; message?: string }, string, string][] = [
    ['w = 0', (c) => c.raw.sliding_window_mask(5, 0), 'invalid_argument', 'sliding_window_mask: w = 0 must be a whole number between 1 and n = 5'],
    ['p > n', (c) => c.raw.prefix_lm_mask(4, 5), 'invalid_argument', 'prefix_lm_mask: p = 5 must be a whole number between 0 and n = 4'],
    [
      'a global ≥ n',
      (c) => c.raw.local_global_mask(5, 1, Float64Array.of(0, 5)),
      'invalid_argument',
      'local_global_mask: globals[1] = 5 must be a whole number between 0 and n − 1 = 4',
    ],
    ['a fractional global', (c) => c.raw.local_global_mask(5, 1, Float64Array.of(0.5)), 'invalid_argument', 'local_global_mask: globals[0] = 0.5 must be'],
    [
      'globals not a Float64Array',
      (c) => c.raw.local_global_mask(5, 1, [0] as unknown as Float64Array),
      'invalid_argument',
      'local_global_mask: globals must be a Float64Array',
    ],
    ['dilation = 0', (c) => c.raw.dilated_mask(5, 2, 0), 'invalid_argument', 'dilated_mask: dilation = 0 must be a whole number ≥ 1'],
    ['block ∤ n', (c) => c.raw.bigbird_mask(8, 3, 1, 0, 0, 0), 'divisibility', 'bigbird_mask: block = 3 does not divide n = 8'],
    ['random_blocks > nb', (c) => c.raw.bigbird_mask(8, 2, 1, 0, 5, 0), 'invalid_argument', 'bigbird_mask: random_blocks = 5 must be'],
    ['n = 0', (c) => c.raw.bigbird_mask(0, 1, 0, 0, 0, 0), 'empty', 'bigbird_mask: n = 0 must be at least 1'],
    ['n = 2.5', (c) => c.raw.dilated_mask(2.5, 1, 1), 'invalid_argument', 'dilated_mask: n = 2.5 must be a whole number ≥ 0'],
    ['seed = −1', (c) => c.raw.bigbird_mask(4, 1, 1, 0, 1, -1), 'invalid_argument', 'bigbird_mask: seed = -1 must be a whole number ≥ 0'],
  ];
  test.each(raw)('%s', (_, f, code, msg) => {
    const r = f(core);
    expect(r.ok).toBe(false);
    expect(r.code).toBe(code);
    expect(r.message?.startsWith(msg), r.message).toBe(true);
    expectModuleWorks();
  });
});

test('the largest n builds, and the module works after 2,000 bad calls', () => {
  const m = core.typed.sliding_window_mask(4096, 4);
  expect([m.rows, m.cols, m.data.reduce((a, b) => a + b, 0)]).toEqual([4096, 4096, 4096 * 4 - 6]);
  for (let k = 0; k < 400; k++) for (const [fn, args] of ERRORS.slice(0, 5)) expect(() => call('typed', fn, args)).toThrow(AttentionError);
  expectModuleWorks();
});
