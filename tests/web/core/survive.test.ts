// survive.test.ts — the module survives anything.
//
// 100,000 bad calls — the fuzzer's findings and more, in both
// forms and core.experiments — each must throw an AttentionError named after
// the function called; afterwards the WebAssembly heap has its old size, a
// fresh 64 KiB block lands where it did (nothing leaked), and the seed 000 example and a 512 × 512 attention give exactly the
// numbers they gave before. (Some 16,000 calls of the first kind, a matrix of null, once
// left every later call failing with "memory access out of bounds".)
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core, type TypedMatrix } from '../../../web/src/core/core';
import { SEED_000 } from '../../../web/src/model/seed000';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** A wrong argument, typed to pass anywhere (never is assignable to every type, and is not `any`). */
const any = (x: unknown) => x as never;
const typed = (rows: number, cols: number, fill = 0.5): TypedMatrix => ({ data: new Float64Array(rows * cols).fill(fill), rows, cols });
const t3 = (m: TypedMatrix) => ({ ...m, batch: 1 });

/** The bad calls: [name, the function the message must name, the call]. */
function badCalls(): Array<[string, string, () => unknown]> {
  const { typed: T, experiments: E } = core;
  const I = typed(2, 2);
  const big = typed(128, 1024); // 1 MiB
  const tall = typed(core.limits().maxRows, 2);
  const fake = any({ length: 1e9 });
  const lying = new Float64Array(4);
  Object.defineProperty(lying, 'length', { value: 1e9 });
  const huge = new Array<number>(2 ** 32 - 1);
  const P = { Wq: I, Wk: I, Wv: I, Wo: I };
  const heads = { num_heads: 1, num_kv_heads: 1 };
  const A = [
    [1, 0],
    [0, 1],
  ];
  const sparse = [[1, 0]];
  sparse[2] = [0, 1]; // a hole at [1]
  const calls: Array<[string, string, () => unknown]> = [
    // the typed form
    ['1 MiB Q, K = null', 'attention', () => T.attention(big, any(null), big)],
    ['data {length: 1e9}', 'attention', () => T.attention({ data: fake, rows: 2, cols: 2 }, I, I)],
    ['data {length: 3e8}', 'attention', () => T.attention({ data: any({ length: 3e8 }), rows: 1e4, cols: 3e4 }, I, I)],
    ['mask data {length: 1e9}', 'attention', () => T.attention(I, I, I, { data: fake, rows: 2, cols: 2 })],
    ['null data', 'attention', () => T.attention({ data: any(null), rows: 2, cols: 2 }, I, I)],
    ['mask "causal"', 'attention', () => T.attention(I, I, I, any('causal'))],
    ['mask boolean[][]', 'multi_head', () => T.multi_head(I, I, I, 1, any([[true], [true]]))],
    ['rows 2.5 with 4 values', 'attention', () => T.attention({ ...I, rows: 2.5, cols: 1.6 }, I, I)],
    ['bias 5', 'grouped_query_attention', () => T.grouped_query_attention(t3(I), t3(I), t3(I), { ...P, bq: any(5) }, heads)],
    ['bias {}', 'grouped_query_attention', () => T.grouped_query_attention(t3(I), t3(I), t3(I), { ...P, bk: any({}) }, heads)],
    ['bias true', 'grouped_query_attention', () => T.grouped_query_attention(t3(I), t3(I), t3(I), { ...P, bo: any(true) }, heads)],
    ['params null', 'grouped_query_attention', () => T.grouped_query_attention(t3(I), t3(I), t3(I), any(null), heads)],
    ['options "x"', 'single_head', () => T.single_head(I, I, I, I, any('x'))],
    ['scale "no"', 'attention_steps', () => T.attention_steps(I, I, I, null, any({ scale: 'no' }))],
    ['weightsInto Float32Array', 'attention', () => T.attention(I, I, I, null, { weightsInto: any(new Float32Array(4)) })],
    ['weightsInto {length: 1e9}', 'attention', () => T.attention(I, I, I, null, { weightsInto: fake })],
    ['a Float64Array lying about its length', 'attention', () => T.attention({ data: lying, rows: 1, cols: 3 }, I, I)],
    ['batch over the limit', 'grouped_query_attention', () => T.grouped_query_attention({ ...t3(I), batch: 1e6 }, t3(I), t3(I), P, heads)],
    ['h = Symbol', 'block', () => T.block(I, any(Symbol('h')))],
    ['eps = "1e-5"', 'block', () => T.block(I, 1, null, any('1e-5'))],
    ['seed = 1n', 'random_normal', () => T.random_normal(2, 2, any(1n))],
    // found in C++: the shapes against each other, non-finite values, heads, weights
    ['K too narrow', 'attention', () => T.attention(typed(4, 64), typed(4, 3), typed(4, 2))],
    ['NaN in V', 'attention', () => T.attention(typed(4, 64), typed(16, 64), typed(16, 64, NaN))],
    ['h does not divide d', 'multi_head', () => T.multi_head(typed(2, 8), typed(2, 8), typed(2, 8), 3)],
    ['mask of the wrong shape', 'attention_steps', () => T.attention_steps(I, I, I, { data: new Uint8Array(3), rows: 1, cols: 3 })],
    ['2 heads of 4096 × 4096 scores', 'multi_head', () => T.multi_head(tall, tall, tall, 2)],
    // the friendly form
    ['softmax(new Array(2³² − 1))', 'softmax', () => core.softmax(huge)],
    ['a row of 2³² − 1', 'attention', () => core.attention([huge], A, A)],
    ['sparse rows', 'attention', () => core.attention(sparse, A, A)],
    ['attention_steps: ragged', 'attention_steps', () => core.attention_steps(A, A, [[1], [2, 3]])],
    ['gqa options null', 'grouped_query_attention', () => core.grouped_query_attention([A], [A], [A], { Wq: A, Wk: A, Wv: A, Wo: A }, any(null))],
    ['gqa bias a string', 'grouped_query_attention', () => core.grouped_query_attention([A], [A], [A], { Wq: A, Wk: A, Wv: A, Wo: A, bq: any('12') }, heads)],
    ['layer_norm: eps = NaN', 'layer_norm', () => core.layer_norm([1, 2], NaN)],
    ['block: opts = 5', 'block', () => core.block(A, 1, null, any(5))],
    ['mask of numbers', 'attention', () => core.attention(A, A, A, any(A))],
    ['Infinity in Q', 'single_head', () => core.single_head([[Infinity, 0]], A, A, A)],
    ['causal_mask(-1)', 'causal_mask', () => core.causal_mask(-1)],
    // core.experiments
    ['ds a BigInt64Array', 'scaling_experiment', () => E.scaling_experiment(any(new BigInt64Array(2)), 4, 2, 1)],
    ['perm {length: 1e9}', 'permutation_experiment', () => E.permutation_experiment(A, fake, false)],
    ['X {data: null}', 'h1_check', () => E.h1_check(any({ data: null, rows: 2, cols: 2 }), A, A)],
    ['h1_check: mask "causal"', 'h1_check', () => E.h1_check(A, A, A, any('causal'))],
    ['trials over the limit', 'scaling_point', () => E.scaling_point(4, 4, 1e6, 1)],
    ['fit: ys of 2³² − 1', 'fit_loglog_slope', () => E.fit_loglog_slope([1, 2], huge)],
    ['n an object with valueOf', 'quadratic_point', () => E.quadratic_point(any({ valueOf: () => 4 }), 2, 1)],
  ];
  return calls;
}

/** Run `call`; the AttentionError it throws (anything else fails, naming the case). */
function rejected(name: string, fn: string, call: () => unknown): AttentionError {
  let thrown: unknown = 'nothing';
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  if (!(thrown instanceof AttentionError)) throw new Error(`${name}: threw ${String(thrown)} instead of an AttentionError`);
  if (!thrown.message.startsWith(`${fn}: `) || thrown.message.includes(': unexpected '))
    throw new Error(`${name}: the message "${thrown.message}" should start with "${fn}: "`);
  return thrown;
}

/** The raw module's memory functions (untyped in its .d.mts). */
const mem = () => {
  const raw = core.raw as unknown as { _malloc(n: number): number; _free(p: number): void };
  return { malloc: (n: number) => raw._malloc(n), free: (p: number) => raw._free(p) };
};

describe('the module survives 100,000 bad calls', () => {
  const heap = () => core.raw.HEAP8.buffer.byteLength;
  // where a fresh 64 KiB block lands: it moves up if anything was leaked
  const probe = () => {
    const p = mem().malloc(1 << 16);
    mem().free(p);
    return p;
  };
  const state = () => ({ heap: heap(), probe: probe() });

  test('every one an AttentionError; then the same heap and the same numbers', () => {
    // the known answers, computed before any bad call
    const seed = () => core.single_head(SEED_000.X, SEED_000.Wq, SEED_000.Wk, SEED_000.Wv);
    const [Q, K, V] = [1, 2, 3].map((s) => core.typed.random_normal(512, 512, s));
    const large = () => core.typed.attention(Q, K, V, core.typed.causal_mask(512));
    const known = { seed: seed(), large: large() };
    const calls = badCalls();

    // one pass: each kind alone leaves the heap as it found it, and the next valid call is right
    for (const [name, fn, call] of calls) rejected(name, fn, call); // warm-up
    for (const [name, fn, call] of calls) {
      const before = state();
      rejected(name, fn, call);
      expect(state(), `${name}: heap and probe block after one call`).toEqual(before);
      expect(seed(), `the seed 000 example right after "${name}"`).toEqual(known.seed);
    }

    const before = state();
    const t0 = performance.now();
    const codes: Record<string, number> = {};
    const N = 100_000;
    let x = 13; // a fixed-seed shuffle of the kinds (xorshift32)
    for (let i = 0; i < N; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const [name, fn, call] = calls[(x >>> 0) % calls.length];
      const e = rejected(name, fn, call);
      codes[e.code] = (codes[e.code] ?? 0) + 1;
      if (i % 10_000 === 9_999) expect(seed(), `the seed 000 example after ${i + 1} bad calls`).toEqual(known.seed);
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = state();
    console.log(
      `survive: ${N} bad calls (${calls.length} kinds) in ${seconds.toFixed(1)} s, every one an AttentionError (${JSON.stringify(codes)}); ` +
        `HEAP8.buffer.byteLength ${before.heap} → ${after.heap}; probe block ${before.probe} → ${after.probe}`,
    );
    expect(after).toEqual(before);
    expect(seed()).toEqual(known.seed);
    const r = large();
    expect(r.weights.data).toEqual(known.large.weights.data);
    expect(r.out.data).toEqual(known.large.out.data);
    expect(state()).toEqual(before);
  });
});
