// wire.test.ts — the raw calls over the module's C exports (web/src/core/wire.ts,
// cpp/bindings/wire.h): what the façade's tests do not reach because the façade
// validates first — the binding table, overloads by argument count, an array
// over the size limit that is never copied in, a result copied into the caller's
// array, and nothing held by the module between calls.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import type { RawMatrix } from '../../../web/src/core/wasm/attention_core.mjs';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const matrix = (rows: number, cols: number, seed: number): RawMatrix => ({
  data: Float64Array.from({ length: rows * cols }, (_, i) => Math.sin(seed + i * 0.7)),
  rows,
  cols,
});

describe('the raw core', () => {
  test('every function of the seed contract and of the page is a binding of the module', () => {
    const names = ['limits', 'softmax', 'attention', 'attention_steps', 'causal_mask', 'multi_head', 'pos_encoding', 'layer_norm', 'block'];
    for (const name of [
      ...names,
      'single_head',
      'project',
      'grouped_query_attention',
      'rope',
      'alibi_bias',
      'flash_attention',
      'flash_trace',
      'kv_decode',
      'linear_attention',
      'cost',
      'scaling_experiment',
      'memory_point',
      'set_threads',
    ])
      expect(typeof (core.raw as unknown as Record<string, unknown>)[name], name).toBe('function');
  });

  test('an overload is chosen by the number of arguments; another number is a TypeError naming the counts', () => {
    const [Q, K, V] = [1, 2, 3].map((s) => matrix(3, 4, s));
    const short = core.raw.multi_head(Q, K, V, 2, null, 1, null);
    const long = core.raw.multi_head(Q, K, V, 2, null, 1, null, false, 10000, false, 0);
    expect(short.ok && long.ok).toBe(true);
    expect(long).toEqual(short);
    const raw = core.raw as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => raw.multi_head(Q, K, V, 2)).toThrow(new TypeError('multi_head called with 4 arguments, expected 7 or 11'));
  });

  test('an array over the limit is not copied in: too_large, named, and the memory does not grow', () => {
    const limit = core.limits().maxValues;
    const before = core.raw.HEAP8.length;
    const fake = { length: limit + 1 } as unknown as Float64Array; // nothing to copy: only its length is read
    expect(core.raw.softmax(fake)).toEqual({
      ok: false,
      code: 'too_large',
      message: `softmax: xs has ${limit + 1} values: the limit is ${limit} values per argument (128 MiB)`,
    });
    expect(core.raw.HEAP8.length).toBe(before);
  });

  test('a length that is not a count is not copied in: an error naming the argument, and the module works on', () => {
    for (const length of [-1, 2.5, Number.NaN, Infinity]) {
      const fake = { length } as unknown as Float64Array;
      const r = core.raw.softmax(fake);
      expect(r.ok, String(length)).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/^softmax: xs has /);
    }
    const r = core.raw.softmax(Float64Array.of(0, 0));
    expect(r.ok && Array.from(r.out)).toEqual([0.5, 0.5]);
  });

  test('weightsInto: the weights are copied into the caller’s array, which the result holds', () => {
    const [Q, K, V] = [4, 5, 6].map((s) => matrix(3, 2, s));
    const into = new Float64Array(9);
    const r = core.raw.attention(Q, K, V, null, true, 1, into, null);
    const fresh = core.raw.attention(Q, K, V, null, true, 1, null, null);
    if (!r.ok || !fresh.ok) throw new Error('attention failed');
    expect(r.weights.data).toBe(into);
    expect(Array.from(into)).toEqual(Array.from(fresh.weights.data));
    expect(fresh.weights.data).not.toBe(into);
  });

  test('results are copies: a later call does not change an earlier result', () => {
    const a = core.raw.pos_encoding(4, 4);
    const copy = a.ok ? Float64Array.from(a.out.data) : null;
    core.raw.pos_encoding(64, 64);
    core.raw.random_normal(64, 64, 1, 1);
    expect(a.ok && Array.from(a.out.data)).toEqual(copy && Array.from(copy));
  });

  test('the module holds nothing of a call after it returns: a fresh block lands where it did, the memory does not grow', () => {
    const raw = core.raw as unknown as { _malloc(n: number): number; _free(p: number): void };
    const probe = () => {
      const p = raw._malloc(1 << 16);
      raw._free(p);
      return p;
    };
    const [Q, K, V] = [7, 8, 9].map((s) => matrix(64, 16, s));
    for (let i = 0; i < 3; i++) core.raw.attention_steps(Q, K, V, null, true, 1, null); // warm-up
    const before = { heap: core.raw.HEAP8.length, probe: probe() };
    for (let i = 0; i < 50; i++) core.raw.attention_steps(Q, K, V, null, true, 1, null);
    expect({ heap: core.raw.HEAP8.length, probe: probe() }).toEqual(before);
  });
});
