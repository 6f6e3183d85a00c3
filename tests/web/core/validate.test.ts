// validate.test.ts — the façade checks every argument in JS before anything
// crosses into WebAssembly (web/src/core/validate.ts): each
// finding of the fuzzer is an AttentionError naming the function and
// the argument, refused at once (a fake { length: 1e9 } is never iterated), and
// what crosses is a fresh copy that nothing of the caller's can change.
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core, type ErrorCode, type TypedMatrix } from '../../../web/src/core/core';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** A wrong argument, typed to pass anywhere (never is assignable to every type, and is not `any`). */
const any = (x: unknown) => x as never;
const I = (): TypedMatrix => ({ data: Float64Array.of(1, 0, 0, 1), rows: 2, cols: 2 });
const B = () => ({ ...I(), batch: 1 });
const P = () => ({ Wq: I(), Wk: I(), Wv: I(), Wo: I() });
const HEADS = { num_heads: 1, num_kv_heads: 1 };
const A = [
  [1, 0],
  [0, 1],
];
const fake = (length: number) => any({ length });

/** [the call, its code, the start of its message] */
const CASES: Array<[string, () => unknown, ErrorCode, string]> = [
  // the typed form checked nothing in JS
  ['typed K = null', () => core.typed.attention(I(), any(null), I()), 'not_a_number', 'attention: K must be { data: Float64Array, rows, cols }, got null'],
  [
    'typed data = null',
    () => core.typed.attention({ ...I(), data: any(null) }, I(), I()),
    'not_a_number',
    'attention: Q.data must be a Float64Array, got null',
  ],
  [
    'data {length: 1e9}',
    () => core.typed.attention({ data: fake(1e9), rows: 2, cols: 2 }, I(), I()),
    'not_a_number',
    'attention: Q.data must be a Float64Array, got an object',
  ],
  [
    'data {length: 3e8}',
    () => core.typed.multi_head(I(), I(), { data: fake(3e8), rows: 1e4, cols: 3e4 }, 1),
    'not_a_number',
    'multi_head: V.data must be a Float64Array',
  ],
  [
    'mask data {length: 1e9}',
    () => core.typed.attention(I(), I(), I(), { data: fake(1e9), rows: 2, cols: 2 }),
    'not_a_number',
    'attention: mask.data must be a Uint8Array',
  ],
  [
    'mask "causal"',
    () => core.typed.attention(I(), I(), I(), any('causal')),
    'not_a_number',
    'attention: mask must be { data: Uint8Array, rows, cols } or null, got the string "causal"',
  ],
  [
    'mask boolean[][] to the typed form',
    () => core.typed.block(I(), 1, any([[true], [true]])),
    'not_a_number',
    'block: mask must be { data: Uint8Array, rows, cols } or null, got an array (core.typed takes typed arrays, core.block plain ones)',
  ],
  [
    'rows 2.5 with 4 values',
    () => core.typed.attention({ ...I(), rows: 2.5, cols: 1.6 }, I(), I()),
    'invalid_argument',
    'attention: Q.rows = 2.5 must be a whole number ≥ 0',
  ],
  [
    'data length vs shape',
    () => core.typed.single_head(I(), { ...I(), rows: 3 }, I(), I()),
    'shape',
    'single_head: Wq is (3, 2) but its data has 4 values, not 6',
  ],
  [
    'bias 5',
    () => core.typed.grouped_query_attention(B(), B(), B(), { ...P(), bq: any(5) }, HEADS),
    'not_a_number',
    'grouped_query_attention: bq must be a Float64Array or null, got the number 5',
  ],
  [
    'bias {}',
    () => core.typed.grouped_query_attention(B(), B(), B(), { ...P(), bk: any({}) }, HEADS),
    'not_a_number',
    'grouped_query_attention: bk must be a Float64Array or null, got an object',
  ],
  [
    'bias true',
    () => core.typed.grouped_query_attention(B(), B(), B(), { ...P(), bo: any(true) }, HEADS),
    'not_a_number',
    'grouped_query_attention: bo must be a Float64Array or null, got the boolean true',
  ],
  [
    'params null',
    () => core.typed.grouped_query_attention(B(), B(), B(), any(null), HEADS),
    'invalid_argument',
    'grouped_query_attention: params must be an object { Wq, Wk, Wv, Wo',
  ],
  [
    'typed gqa opts null',
    () => core.typed.grouped_query_attention(B(), B(), B(), P(), any(null)),
    'invalid_argument',
    'grouped_query_attention: opts must be an object { num_heads',
  ],
  [
    'opts a string',
    () => core.typed.attention(I(), I(), I(), null, any('scale')),
    'invalid_argument',
    'attention: opts must be an object or nothing, got the string "scale"',
  ],
  [
    'scale "yes"',
    () => core.typed.attention_steps(I(), I(), I(), null, any({ scale: 'yes' })),
    'invalid_argument',
    'attention_steps: scale must be true or false, got the string "yes"',
  ],
  [
    'causal 1',
    () => core.typed.single_head(I(), I(), I(), I(), any({ causal: 1 })),
    'invalid_argument',
    'single_head: causal must be true or false, got the number 1',
  ],
  ['eps "1e-5"', () => core.typed.block(I(), 1, null, any('1e-5')), 'invalid_argument', 'block: eps must be a finite number ≥ 0, got the string "1e-5"'],
  ['scale NaN', () => core.typed.random_normal(2, 2, 1, NaN), 'invalid_argument', 'random_normal: scale = NaN must be a finite number'],
  ['h a Symbol', () => core.typed.multi_head(I(), I(), I(), any(Symbol('h'))), 'invalid_argument', 'multi_head: h must be a whole number ≥ 0, got a symbol'],
  [
    'weightsInto Float32Array',
    () => core.typed.attention(I(), I(), I(), null, { weightsInto: any(new Float32Array(4)) }),
    'shape',
    'attention: weightsInto must be a Float64Array of n_q·n_k = 2·2 values, got a Float32Array',
  ],
  [
    'weightsInto 3 values',
    () => core.typed.attention(I(), I(), I(), null, { weightsInto: new Float64Array(3) }),
    'shape',
    'attention: weightsInto must be a Float64Array of n_q·n_k = 2·2 values, got 3 values',
  ],
  [
    'rows over the limit',
    () => core.typed.attention({ data: new Float64Array(5000), rows: 5000, cols: 1 }, I(), I()),
    'too_large',
    'attention: Q is (5000, 1): the limit is 4096 rows and 4096 columns; flash_attention takes up to 65536 rows (it keeps no n_q × n_k matrix)',
  ],
  [
    'batch over the limit',
    () => core.typed.grouped_query_attention({ data: new Float64Array(2000), batch: 2000, rows: 1, cols: 1 }, B(), B(), P(), HEADS),
    'too_large',
    'grouped_query_attention: q is (2000, 1, 1): the limit is batch 1024',
  ],
  // the friendly form: sizes by length first
  ['softmax(new Array(2³² − 1))', () => core.softmax(new Array<number>(2 ** 32 - 1)), 'too_large', 'softmax: xs has 4294967295 values: the limit is 16777216'],
  [
    'a row of 2³² − 1',
    () => core.attention([new Array<number>(2 ** 32 - 1)], A, A),
    'too_large',
    'attention: Q is (1, 4294967295): the limit is 4096 rows and 4096 columns',
  ],
  ['a mask row of 2³² − 1', () => core.attention(A, A, A, [new Array<boolean>(2 ** 32 - 1)]), 'too_large', 'attention: mask is (1, 4294967295)'],
  [
    'a hole in a batch',
    () => core.grouped_query_attention(any(Object.assign([], { 1: A })), [A, A], [A, A], { Wq: A, Wk: A, Wv: A, Wo: A }, HEADS),
    'not_a_number',
    'grouped_query_attention: q[0] must be an array of rows, got undefined',
  ],
  [
    'friendly gqa opts null',
    () => core.grouped_query_attention([A], [A], [A], { Wq: A, Wk: A, Wv: A, Wo: A }, any(null)),
    'invalid_argument',
    'grouped_query_attention: opts must be an object',
  ],
  ['block opts 5', () => core.block(A, 1, null, any(5)), 'invalid_argument', 'block: opts must be an object or nothing, got the number 5'],
  // function names: the called function's
  ['attention_steps: shapes (found in C++)', () => core.attention_steps([[1, 2]], [[1]], [[1]]), 'shape', 'attention_steps: Q is (1, 2) but K is (1, 1)'],
  ['attention_steps: ragged (found in JS)', () => core.attention_steps(A, A, [[1], [2, 3]]), 'ragged', 'attention_steps: V[1] has 2 values but V[0] has 1'],
  // core.experiments
  [
    'ds a BigInt64Array',
    () => core.experiments.scaling_experiment(any(new BigInt64Array(2)), 4, 2, 1),
    'not_a_number',
    'scaling_experiment: ds must be a list of numbers (an array or a typed array), got a BigInt64Array',
  ],
  [
    'perm {length: 1e9}',
    () => core.experiments.permutation_experiment(A, fake(1e9), false),
    'not_a_number',
    'permutation_experiment: perm must be a list of numbers',
  ],
  ['X {data: null}', () => core.experiments.h1_check(any({ data: null, rows: 2, cols: 2 }), A, A), 'not_a_number', 'h1_check: Q.data must be a Float64Array'],
  [
    'use_pe missing',
    () => core.experiments.permutation_experiment(A, [1, 0], any(undefined)),
    'invalid_argument',
    'permutation_experiment: use_pe must be true or false, got undefined',
  ],
];

describe('every bad argument is an AttentionError naming the function and the argument', () => {
  test.each(CASES)('%s', (_, call, code, message) => {
    const t0 = performance.now();
    let thrown: unknown;
    try {
      call();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AttentionError);
    const e = thrown as AttentionError;
    expect([e.code, e.message.slice(0, message.length)]).toEqual([code, message]);
    expect(performance.now() - t0, 'refused at once, by length').toBeLessThan(2000); // a loose bound: reading the text would take far longer
  });
});

describe('what crosses into WebAssembly is a fresh, honest copy', () => {
  const heap = () => core.raw.HEAP8.buffer.byteLength;

  test('2,000 calls of a 1 MiB Q with K = null: the heap does not grow, the next call works', () => {
    const Q = { data: new Float64Array(128 * 1024).fill(0.5), rows: 128, cols: 1024 };
    const before = heap();
    for (let i = 0; i < 2000; i++) expect(() => core.typed.attention(Q, any(null), Q)).toThrow(AttentionError);
    expect(heap()).toBe(before);
    expect(core.typed.attention(I(), I(), I()).weights.data).toHaveLength(4);
  });

  test('a Float64Array whose own length lies: its true length is used', () => {
    const lying = Float64Array.of(1, 0, 0, 1);
    Object.defineProperty(lying, 'length', { value: 1e9 });
    expect(core.typed.attention({ ...I(), data: lying }, I(), I())).toEqual(core.typed.attention(I(), I(), I()));
    expect(() => core.typed.attention({ data: lying, rows: 1e4, cols: 1e5 }, I(), I())).toThrow(
      /^attention: Q is \(10000, 100000\) but its data has 4 values, not 1000000000$/,
    );
  });

  test('a view at an offset (subarray) crosses as exactly its own values', () => {
    const whole = Float64Array.of(9, 9, 1, 0, 0, 1, 9);
    expect(core.typed.attention({ data: whole.subarray(2, 6), rows: 2, cols: 2 }, I(), I())).toEqual(core.typed.attention(I(), I(), I()));
  });

  test('each field is read once: a getter cannot change an argument between the check and the call', () => {
    let reads = 0;
    const shifty = {
      get data() {
        reads++;
        return reads === 1 ? Float64Array.of(1, 0, 0, 1) : fake(1e9);
      },
      rows: 2,
      cols: 2,
    };
    expect(core.typed.attention(shifty, I(), I()).out.rows).toBe(2);
    expect(reads).toBe(1);
  });

  test('weightsInto: the caller’s own array is filled and returned, at an offset too', () => {
    const buf = new Float64Array(6).fill(NaN);
    const into = buf.subarray(1, 5);
    const r = core.typed.attention(I(), I(), I(), null, { weightsInto: into });
    expect(r.weights.data).toBe(into);
    expect(Array.from(buf)).toEqual([NaN, ...core.typed.attention(I(), I(), I()).weights.data, NaN]);
  });

  test('an error from the caller’s own code (a getter that throws) is an AttentionError too', () => {
    const bad = any({
      get data() {
        throw new Error('boom');
      },
      rows: 2,
      cols: 2,
    });
    expect(() => core.typed.attention(bad, I(), I())).toThrow(new AttentionError('attention: unexpected Error: boom', 'invalid_argument'));
    expect(core.attention(A, A, A).weights).toHaveLength(2);
  });

  test('options: null or undefined mean the defaults; unknown fields are ignored', () => {
    const plain = core.typed.attention(I(), I(), I());
    for (const opts of [undefined, null, {}, { extra: 1 }]) expect(core.typed.attention(I(), I(), I(), null, any(opts))).toEqual(plain);
    expect(core.block(A, 1, null, any(null))).toEqual(core.block(A, 1));
    expect(core.typed.single_head(I(), I(), I(), I(), any(null))).toEqual(core.typed.single_head(I(), I(), I(), I(), { causal: true }));
  });
});
