// kv-decode.test.ts — the KV-cache stepper's numbers on the real
// core: the seeded example (6 tokens, d = 8, 4 query heads over 2 KV heads,
// 48 values after token 3), the state's gqa inputs when they fit (and the
// reason when not), equal to the full causal pass within 1e-12.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { decodeExample, kvRunFor, project, seededExample } from '../../../web/src/model/kv-decode';
import { presetById } from '../../../web/src/model/presets';
import { cellsOf, defaultState, type State } from '../../../web/src/model/state';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** A small gqa state: X (4 × 4), 4 query heads over `G` KV heads of width 2. */
function gqaState(G: number): State {
  const s = defaultState();
  s.op = 'gqa';
  s.numHeads = 4;
  s.numKvHeads = G;
  const r = (rows: number, cols: number, seed: number) => cellsOf(core.random_normal(rows, cols, seed, 0.5));
  const X = r(4, 4, 1);
  s.matrices = { Q: X, K: X, V: X, Wq: r(4, 8, 2), Wk: r(4, 2 * G, 3), Wv: r(4, 2 * G, 4), Wo: r(8, 3, 5), bq: cellsOf([[0.1, 0, 0, 0, 0, 0, 0, -0.2]]) };
  return s;
}

describe('the seeded example', () => {
  test('6 tokens, 4 query heads over 2 KV heads of width 4: 16 values a token, 48 after token 3', () => {
    const run = kvRunFor(core, defaultState());
    expect(run.example).toMatchObject({ from: 'seeded', reason: 'notGqa', heads: 4, kvHeads: 2 });
    expect(run.tokens).toBe(6);
    expect([run.headDimK, run.headDimV]).toEqual([4, 4]);
    expect(run.cacheValues).toEqual([16, 32, 48, 64, 80, 96]);
    expect(run.weights.map((w) => [w.rows, w.cols])).toEqual([1, 2, 3, 4, 5, 6].map((c) => [4, c]));
    for (const w of run.weights)
      for (let h = 0; h < w.rows; h++) expect(w.data.subarray(h * w.cols, (h + 1) * w.cols).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(run.diff.at(-1)).toBeLessThan(1e-12);
    expect(run.diff).toEqual([...run.diff].sort((a, b) => a - b)); // a running maximum
    expect([run.K.rows, run.K.cols, run.V.cols]).toEqual([6, 8, 8]);
  });
  test('the same numbers every time', () => {
    const a = seededExample(core, 'notGqa');
    const b = seededExample(core, 'notGqa');
    expect(a.X.data).toEqual(b.X.data);
    expect(a.params.Wo.data).toEqual(b.params.Wo.data);
  });
});

describe("the state's gqa inputs", () => {
  test.each([4, 2, 1])('num_kv_heads = %i: decoded from the state, equal to the causal pass', (G) => {
    const run = kvRunFor(core, gqaState(G));
    expect(run.example).toMatchObject({ from: 'state', heads: 4, kvHeads: G });
    expect(run.cacheValues).toEqual([1, 2, 3, 4].map((t) => G * 4 * t));
    expect(run.diff.at(-1)).toBeLessThan(1e-12);
  });
  test('K = X·Wk + bk: the rows the cache holds', () => {
    const s = gqaState(2);
    s.matrices.bk = cellsOf([[1, -1, 2, 0]]);
    const run = kvRunFor(core, s);
    const X = run.example.X;
    const Wk = run.example.params.Wk;
    const k01 = X.data[0] * Wk.data[1] + X.data[1] * Wk.data[5] + X.data[2] * Wk.data[9] + X.data[3] * Wk.data[13] - 1;
    expect(run.K.data[1]).toBeCloseTo(k01, 14);
    expect(project(X, Wk, null).data[1]).toBeCloseTo(k01 + 1, 14);
  });
  test('the seed 004 example (K and V of other widths than Q) falls back to the seeded one, saying why', () => {
    const s = presetById('seed004-gqa')!.build();
    expect(kvRunFor(core, s).example).toMatchObject({ from: 'seeded', reason: 'widths' });
  });
  test('a bad cell, too many tokens, or shapes the core refuses: the seeded example, with the reason', () => {
    const bad = gqaState(2);
    bad.matrices.Q = cellsOf([[1, 2, 3, 'x' as unknown as number]]);
    expect(kvRunFor(core, bad).example.reason).toBe('unreadable');
    const long = gqaState(2);
    const X = cellsOf(core.random_normal(17, 4, 9));
    long.matrices.Q = X;
    expect(kvRunFor(core, long).example.reason).toBe('tooLarge');
    const refused = gqaState(2);
    refused.matrices.Wo = cellsOf(core.random_normal(5, 3, 9));
    expect(kvRunFor(core, refused).example.reason).toBe('refused');
  });
  test('decodeExample throws the core’s error on bad shapes', () => {
    const ex = seededExample(core, 'notGqa');
    expect(() => decodeExample(core, { ...ex, kvHeads: 3 })).toThrow(/num_kv_heads/);
  });
});
