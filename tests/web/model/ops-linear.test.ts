// ops-linear.test.ts — linear attention as an operation of the page (web/src/model/ops/linear.ts): compute()
// gives the core's weights and output (rows sum to 1, hidden keys exactly 0, out = weights·V), the mask menu
// offers none and causal only, no positions or plane, its note compares its cost with softmax attention's,
// the cost estimate names linear_attention, and "Copy as PyTorch" run by torch prints the page's weights.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, test } from 'vitest';
import { fromTyped, type Core } from '../../../web/src/core/core';
import { compute, maskFor, readMatrix } from '../../../web/src/model/compute';
import { applied, OPS } from '../../../web/src/model/ops/index';
import { presetById } from '../../../web/src/model/presets';
import { toPyTorch } from '../../../web/src/model/pytorch-export';
import { cellsOf, defaultState, type MatrixName, type State } from '../../../web/src/model/state';
import { estimateWork } from '../../../web/src/model/work';
import { maxAbsDiff, TOL } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** Linear attention on 3 queries and 5 keys, causal or not. */
function stateOf(causal: boolean): State {
  const s = defaultState();
  s.op = 'linear';
  s.mask = causal ? 'causal' : 'none';
  s.matrices = {
    Q: cellsOf([
      [0.5, -1, 2],
      [1.5, 0.5, 0],
      [-1, 1, 0.5],
    ]),
    K: cellsOf([
      [1, 0, -0.5],
      [0, 1, 2],
      [0.25, -0.5, 1],
      [2, 1, 0],
      [-3, 0.5, 1],
    ]),
    V: cellsOf([
      [1, 2],
      [3, -4],
      [0.5, 0],
      [-1, 1],
      [2, 2],
    ]),
  };
  return s;
}

describe('linear attention in the page', () => {
  test('compute() shows the core’s weights and output; hidden keys 0, rows sum to 1, out = weights·V', () => {
    for (const causal of [false, true]) {
      const r = compute(core, stateOf(causal));
      if (!r.ok) throw new Error(r.message);
      expect(r.view.heads).toHaveLength(1);
      const w = fromTyped(r.view.heads[0].weights);
      const x = (n: MatrixName) => fromTyped(readMatrix(core, stateOf(causal), n).m!);
      const direct = core.linear_attention(x('Q'), x('K'), x('V'), { causal });
      expect(maxAbsDiff(w, direct.weights!)).toBe(0);
      expect(maxAbsDiff(fromTyped(r.view.out.m), direct.out)).toBe(0);
      for (const [i, row] of w.entries()) {
        expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
        if (causal) row.slice(i + 1).forEach((v) => expect(v).toBe(0));
        const out = [0, 1].map((c) => row.reduce((a, wij, j) => a + wij * x('V')[j][c], 0));
        expect(maxAbsDiff([out], [fromTyped(r.view.out.m)[i]])).toBeLessThan(1e-12);
      }
      expect(r.view.hidden === null).toBe(!causal);
    }
  });
  test('its flags: none or causal, no positions, no plane, no steps; the cost grows like n', () => {
    expect(OPS.linear.flags).toMatchObject({ masks: ['none', 'causal'], positions: false, plane: false, quadratic: false });
    const s = stateOf(false);
    s.mask = 'window';
    s.positions = 'rope';
    expect(applied(s)).toMatchObject({ mask: 'none', positions: 'none' });
    const r = compute(core, s);
    expect(r.ok && r.view.steps).toBeNull();
    expect(OPS.linear.note(stateOf(false))).toEqual({ key: 'op.linear.cost', vars: { linear: 8 * 3 * 3, softmax: 3 * 5 * 5 } });
    expect(estimateWork(core, stateOf(true)).calls.map((c) => c.fn)).toEqual(['causal_mask', 'linear_attention']);
  });
  test('the preset opens the first screen’s sentence with linear attention, causal', () => {
    const s = presetById('linear')!.build();
    expect(s).toMatchObject({ op: 'linear', mask: 'causal', tokens: ['the', 'cat', 'sat', 'on', 'the', 'mat'] });
    expect(compute(core, s).ok).toBe(true);
  });
});

describe('Copy as PyTorch, run by torch', () => {
  test('torch prints the page’s weights (none and causal, 3 queries on 5 keys)', () => {
    const scripts = [false, true].map((causal) => {
      const s = stateOf(causal);
      const inputs = Object.fromEntries((['Q', 'K', 'V'] as const).map((n) => [n, fromTyped(readMatrix(core, s, n).m!)]));
      const m = maskFor(core, applied(s), 3, 5);
      const mask = m && Array.from({ length: 3 }, (_, i) => Array.from(m.data.subarray(i * 5, (i + 1) * 5), (b) => b === 1));
      return toPyTorch(s, inputs, mask) + '\nimport json\nprint("JSON", json.dumps(weights.tolist()))\n';
    });
    expect(scripts[0]).toContain('def linear_attention(Q, K, V, mask=None):');
    for (const [n, script] of scripts.entries()) {
      const out = execFileSync('/usr/bin/python3', ['-c', script], { encoding: 'utf8' });
      const torch = JSON.parse(out.split('JSON ')[1]) as number[][];
      const r = compute(core, stateOf(n === 1));
      if (!r.ok) throw new Error(r.message);
      expect(maxAbsDiff(fromTyped(r.view.heads[0].weights), torch)).toBeLessThan(TOL);
    }
  });
});
