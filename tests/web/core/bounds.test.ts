// bounds.test.ts — through the WASM module: every call's work and
// memory are bounded (cpp/size_limits.h: maxMultiplyAdds, maxResultBytes,
// maxValues), and finite inputs give finite outputs or a clear error. The
// numbers themselves are tested at each limit's edge in tests/cpp/bounds_test.cpp;
// here: the limits() binding, the cases, and that the module works after.
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core, type TypedMatrix } from '../../../web/src/core/core';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const filled = (rows: number, cols: number, x: number): TypedMatrix => ({ data: new Float64Array(rows * cols).fill(x), rows, cols });

/** The AttentionError `call` throws. */
function failure(call: () => unknown): AttentionError {
  try {
    call();
  } catch (e) {
    if (e instanceof AttentionError) return e;
    throw e;
  }
  throw new Error('it did not throw');
}

/** The module still computes after a refusal. */
function expectModuleWorks(): void {
  expect(core.softmax([0, 0])).toEqual([0.5, 0.5]);
}

const ATTENTION_HINT = 'use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)';

describe('limits()', () => {
  test('maxMultiplyAdds 2³², maxResultBytes 256 MiB, maxValues 2²⁴ per argument', () => {
    const L = core.raw.limits();
    expect(L.maxMultiplyAdds).toBe(2 ** 32);
    expect(L.maxResultBytes).toBe(256 * 2 ** 20);
    expect(L.maxValues).toBe(2 ** 24);
    // the page's largest call, the quadratic experiment at n = 4096, d = 64, fits
    expect(4096 * 4096 * (64 + 64)).toBeLessThanOrEqual(L.maxMultiplyAdds);
  });
});

describe('work and memory of one call', () => {
  test('attention with Q = K (4096, 1), V (4096, 4096) is refused at once (it took 19.7 s)', () => {
    const start = performance.now();
    const e = failure(() => core.typed.attention(filled(4096, 1, 0.5), filled(4096, 1, 0.5), filled(4096, 4096, 1)));
    expect(performance.now() - start).toBeLessThan(3000);
    expect(e.code).toBe('too_large');
    expect(e.message).toBe(`attention: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per call: ${ATTENTION_HINT}`);
    expectModuleWorks();
  });

  test('attention at exactly 2³² multiply-adds works, one column more does not', () => {
    const hidden = { data: new Uint8Array(4096 * 4096), rows: 4096, cols: 4096 }; // every key hidden: no work done
    const Q = filled(4096, 128, 1);
    const r = core.typed.attention(Q, Q, filled(4096, 128, 1), hidden);
    expect(r.weights.data.length).toBe(4096 * 4096);
    const e = failure(() => core.typed.attention(Q, Q, filled(4096, 129, 1), hidden));
    expect([e.code, e.message]).toEqual(['too_large', `attention: this call needs 4.31e9 multiply-adds; the limit is 4.29e9 per call: ${ATTENTION_HINT}`]);
    expectModuleWorks();
  });

  test('attention_steps: four (n_q, n_k) results over 256 MiB are refused', () => {
    const e = failure(() => core.typed.attention_steps(filled(2048, 1, 0.5), filled(4096, 1, 0.5), filled(4096, 1, 1)));
    expect([e.code, e.message]).toEqual([
      'too_large',
      `attention_steps: this call's results need 256.02 MiB; the limit is 256 MiB per call: ${ATTENTION_HINT}`,
    ]);
    expectModuleWorks();
  });

  test('grouped_query_attention: a batch over maxValues is refused before it is copied into the heap', () => {
    // the q = k = v of 96 × 1024 × 1024 (800 MB each) aborted the module while being copied;
    // the same rule with 16 × 1025 × 1024 = 2²⁴ + 16384 values
    const big = { data: new Float64Array(16 * 1025 * 1024), batch: 16, rows: 1025, cols: 1024 };
    const W = filled(1024, 1, 0.1);
    const params = { Wq: W, Wk: W, Wv: W, Wo: filled(1, 1, 1), bq: null, bk: null, bv: null, bo: null };
    const raw = core.raw.grouped_query_attention(big, big, big, params, 1, 1, null);
    expect(raw).toEqual({
      ok: false,
      code: 'too_large',
      message: 'grouped_query_attention: q has 16793600 values: the limit is 16777216 values per argument (128 MiB)',
    });
    const e = failure(() => core.typed.grouped_query_attention(big, big, big, params, { num_heads: 1, num_kv_heads: 1 }));
    expect(e.code).toBe('too_large');
    expectModuleWorks();
  });

  test('grouped_query_attention: 5.2e10 multiply-adds (a batch of 8 × 1024 × 1024) are refused', () => {
    const t = { data: new Float64Array(8 * 1024 * 1024).fill(0.001), batch: 8, rows: 1024, cols: 1024 };
    const W = filled(1024, 1024, 0.01);
    const e = failure(() => core.typed.grouped_query_attention(t, t, t, { Wq: W, Wk: W, Wv: W, Wo: W }, { num_heads: 1, num_kv_heads: 1 }));
    expect(e.code).toBe('too_large');
    expect(e.message).toMatch(/^grouped_query_attention: this call needs 5\.2e10 multiply-adds; the limit is 4\.3e9 per call/);
    expectModuleWorks();
  });

  test('the experiments: work over the limit is refused before it starts', () => {
    const ex = core.experiments;
    const scaling = failure(() => ex.scaling_point(4096, 4096, 100_000, 7)); // 3.4e12: minutes of work
    expect([scaling.code, scaling.message]).toEqual([
      'too_large',
      'scaling_point: this call needs 2.2e14 multiply-adds; the limit is 4.3e9 per call: use fewer trials, a smaller n or smaller values of d',
    ]);
    const quad = failure(() => ex.quadratic_point(4096, 123, 7));
    expect(quad.message).toBe('quadratic_point: this call needs 4.32e9 multiply-adds; the limit is 4.29e9 per call: use a smaller n or d');
    expectModuleWorks();
  });
});

describe('finite inputs, finite outputs', () => {
  test('attention of scores beyond float64: weights [1, 0], not NaN', () => {
    const r = core.attention([[1e200]], [[1e200], [1]], [[1], [2]]);
    expect(r.weights).toEqual([[1, 0]]);
    expect(r.out).toEqual([[1]]);
  });

  test('attention_steps cannot show such a score: non_finite_result', () => {
    // the core names it "attention"; the façade names the function called
    const e = failure(() => core.attention_steps([[1e200]], [[1e200], [1]], [[1], [2]]));
    expect(e.code).toBe('non_finite_result');
    expect(e.message).toBe('attention_steps: the score Q[0]·K[0] overflows float64 (it is Infinity): scale Q or K down so that the scores stay below 1e308');
    expectModuleWorks();
  });

  test('layer_norm of huge values: [1e308, 1e308] → [0, 0]; unequal ones normalised', () => {
    expect(core.layer_norm([1e308, 1e308])).toEqual([0, 0]);
    const out = core.layer_norm([1e308, -1e308, 5e307]);
    // PyTorch float64 on the row × 2⁻¹⁰²⁴ (on the row itself it gives NaN)
    [0.9805806756909201, -1.3728129459672882, 0.39223227027636803].forEach((x, i) => expect(out[i]).toBeCloseTo(x, 14));
  });

  test('block of huge rows is finite', () => {
    const r = core.block(
      [
        [1e308, 1e308, -1e308, 5e307],
        [1e308, 1e308, 1e308, 1e308],
      ],
      2,
    );
    expect(r.out.flat().every(Number.isFinite)).toBe(true);
    expect(r.normed[1]).toEqual([0, 0, 0, 0]);
  });

  test('random_normal checks scale: finite, |scale| ≤ DBL_MAX / 64', () => {
    for (const scale of [1e308, -1e308]) {
      const e = failure(() => core.random_normal(2, 2, 1, scale));
      expect(e.code).toBe('invalid_argument');
      expect(e.message).toBe(`random_normal: scale = ${scale < 0 ? '-' : ''}1e+308 must be a finite number with |scale| ≤ 2.8089e+306 (DBL_MAX / 64)`);
    }
    // the raw binding too (the façade already refuses NaN and non-numbers in JS)
    for (const scale of [NaN, Infinity]) {
      const r = core.raw.random_normal(2, 2, 1, scale);
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.code, r.message.startsWith('random_normal: scale = ')]).toEqual(['invalid_argument', true]);
    }
    expect(core.random_normal(3, 3, 1, 2.8e306).flat().every(Number.isFinite)).toBe(true);
    expectModuleWorks();
  });

  test('a projection beyond float64 has no finite answer: non_finite_result', () => {
    const e = failure(() => core.single_head([[1e200], [1]], [[1]], [[1e200]], [[1]]));
    expect(e.code).toBe('non_finite_result');
    expect(e.message).toBe('single_head: X·Wk overflows float64 (at row 0, column 0 it is Infinity): scale X or Wk down');
    expectModuleWorks();
  });
});
