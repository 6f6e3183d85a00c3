import { beforeAll, describe, expect, test } from 'vitest';
import { CELL_MESSAGES, checkCell, compute, fitMask, parseCell, type Outcome, type View } from '../../../web/src/model/compute';
import type { Core } from '../../../web/src/core/core';
import { PRESETS, presetById } from '../../../web/src/model/presets';
import { cellsOf, defaultState } from '../../../web/src/model/state';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const view = (o: Outcome): View => {
  if (!o.ok) throw new Error(o.message);
  return o.view;
};

describe('parseCell', () => {
  test.each([
    ['0.5', 0.5],
    [' -1e-3 ', -0.001],
    ['+2', 2],
    ['-.5', -0.5],
  ])('%s → %s', (text, value) => expect(parseCell(text)).toBe(value));
  test.each([
    ['', 'empty'],
    ['abc', 'not a number'],
    ['1.2.3', 'not a number'],
    ['inf', 'not a finite'],
    ['NaN', 'not a finite'],
    ['0x10', 'not a number'],
  ])('%s is rejected', (text, msg) => {
    expect(parseCell(text)).toContain(msg);
  });
});

describe('checkCell: a code and variables beside the English message, for the panels to translate', () => {
  test.each([
    ['', 'empty', {}, 'empty cell: type a number'],
    ['  ', 'empty', {}, 'empty cell: type a number'],
    ['abc', 'not_a_number', { text: 'abc' }, '"abc" is not a number'],
    [' 1.2.3 ', 'not_a_number', { text: '1.2.3' }, '"1.2.3" is not a number'],
    ['inf', 'non_finite', { text: 'inf' }, '"inf" is not a finite number'],
    ['-NaN', 'non_finite', { text: '-NaN' }, '"-NaN" is not a finite number'],
  ])('%j → %s', (text, code, vars, message) => {
    expect(checkCell(text)).toEqual({ code, vars, message });
    expect(parseCell(text)).toBe(message);
  });

  test('a number is just the number', () => {
    expect(checkCell(' -1e-3 ')).toBe(-0.001);
  });

  test('every code has an English message', () => {
    expect(Object.keys(CELL_MESSAGES).sort()).toEqual(['empty', 'non_finite', 'not_a_number', 'too_large', 'too_long']);
  });
});

describe('compute', () => {
  test.each(PRESETS.map((p) => [p.id, p]))('preset %s computes with rows of weights summing to 1', (_id, p) => {
    const v = view(compute(core, p.build()));
    for (const h of v.heads)
      for (let i = 0; i < h.weights.rows; i++) {
        let sum = 0;
        for (let j = 0; j < h.weights.cols; j++) sum += h.weights.data[i * h.weights.cols + j];
        expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
      }
  });

  test('seed 000: the seed trace_shapes lines and the causal zeros', () => {
    const v = view(compute(core, presetById('seed000')!.build()));
    expect(v.trace).toEqual(['q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)', 'weights (1, 3, 3)  out (1, 3, 2)']);
    const w = v.heads[0].weights.data;
    expect([w[1], w[2], w[5]]).toEqual([0, 0, 0]);
    expect(Array.from(v.hidden!)).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0]);
    expect(v.steps!.map((s) => s.name)[2]).toContain('−∞');
    expect(v.steps![2].m.data[1]).toBe(-Infinity);
  });

  test('a bad cell is located and nothing is computed', () => {
    const s = defaultState();
    s.matrices.Q = {
      kind: 'cells',
      cells: [
        ['1', 'abc'],
        ['0', '1'],
        ['1', '1'],
      ],
    };
    const o = compute(core, s);
    expect(o.ok).toBe(false);
    if (o.ok) return;
    expect(o.cellErrors).toEqual([{ matrix: 'Q', row: 0, col: 1, code: 'not_a_number', vars: { text: 'abc' }, message: '"abc" is not a number' }]);
    expect(o.message).toContain('Q[0][1]');
  });

  test('every bad cell carries its code; a missing input carries an i18n key', () => {
    const s = defaultState();
    s.matrices.Q = {
      kind: 'cells',
      cells: [
        ['', 'x'],
        ['inf', '1'],
        ['1', '1'],
      ],
    };
    const o = compute(core, s);
    if (o.ok) throw new Error('expected a failure');
    expect(o.cellErrors.map((e) => [e.row, e.col, e.code, e.vars])).toEqual([
      [0, 0, 'empty', {}],
      [0, 1, 'not_a_number', { text: 'x' }],
      [1, 0, 'non_finite', { text: 'inf' }],
    ]);
    expect(o.message).toBe('Q[0][0]: empty cell: type a number (and 2 more)');
    const missing = defaultState();
    delete missing.matrices.K;
    const m = compute(core, missing);
    expect(m).toMatchObject({ ok: false, cellErrors: [], message: 'attention: K is missing', key: 'cell.missing', vars: { op: 'attention', name: 'K' } });
  });

  test('a shape mismatch is explained in words', () => {
    const s = defaultState();
    s.matrices.K = cellsOf([[1, 2, 3]]);
    const o = compute(core, s);
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.message).toBe('attention: Q is (3, 2) but K is (1, 3): Q and K must have the same number of columns (d_k)');
  });

  test('h that does not divide d', () => {
    const s = defaultState();
    s.op = 'multi_head';
    s.h = 3;
    const o = compute(core, s);
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.message).toContain('multi_head: h = 3 does not divide d = 2');
  });

  test('multi_head h = 2 gives two heads and steps of the chosen head', () => {
    const s = presetById('multihead')!.build();
    s.head = 1;
    const v = view(compute(core, s));
    expect(v.heads).toHaveLength(2);
    expect(v.stepsHead).toBe(1);
    const direct = core.typed.multi_head(
      core.typed.random_normal(4, 4, 11, 1),
      core.typed.random_normal(4, 4, 12, 1),
      core.typed.random_normal(4, 4, 13, 1),
      2,
      core.typed.causal_mask(4),
    );
    expect(direct.weights).toHaveLength(2); // same shapes as the view (values differ: the preset rounds to 2 decimals)
    expect(Array.from(v.steps![3].m.data)).toEqual(Array.from(v.heads[1].weights.data));
  });

  test('block: the residual as output, LN(X) and the attention before it as extras, named by key and in English', () => {
    const v = view(compute(core, presetById('block')!.build()));
    expect([v.out.key, v.out.name]).toEqual(['step.residual', 'out = X + attended']);
    expect(v.extra.map((m) => [m.key, m.name])).toEqual([
      ['step.ln', 'LN(X)'],
      ['step.attended', 'attended = multi_head(LN(X))'],
    ]);
    expect(v.steps!.map((m) => m.key)).toEqual(['step.scores', 'step.scaled', 'step.masked', 'step.weights', 'step.out']);
    expect(v.trace[0]).toMatch(/^X \(1, \d+, \d+\) {2}LN\(X\) \(1, \d+, \d+\)$/);
  });

  test('grouped-query attention: a head per query head labelled with its K/V head; the chosen head’s steps', () => {
    const v = view(compute(core, { ...presetById('seed004-gqa')!.build(), head: 5 }));
    expect(v.heads).toHaveLength(8);
    expect(v.heads.map((h) => h.label)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `head ${n} (kv ${n <= 4 ? 1 : 2})`));
    expect([v.heads[5].key, v.heads[5].vars]).toEqual(['head.kv', { n: 6, kv: 2 }]);
    expect(v.stepsHead).toBe(5);
    expect(v.steps!.map((s) => s.key)).toEqual(['step.scores', 'step.scaled', 'step.masked', 'step.weights', 'step.out']);
    expect(Array.from(v.steps![3].m.data)).toEqual(Array.from(v.heads[5].weights.data));
    expect(v.out.name).toBe('out');
    expect(v.trace).toHaveLength(3);
  });

  test('custom masks are fitted to the score shape', () => {
    expect(fitMask([[false]], 2, 3)).toEqual([
      [false, true, true],
      [true, true, true],
    ]);
    const s = defaultState();
    s.mask = 'custom';
    s.customMask = [[true, false, false]];
    const v = view(compute(core, s));
    expect(Array.from(v.heads[0].weights.data.subarray(0, 3))).toEqual([1, 0, 0]);
  });

  test('random sources with digits are rounded exactly', () => {
    const s = defaultState();
    s.matrices.Q = { kind: 'random', rows: 3, cols: 2, seed: 5, scale: 1, digits: 2 };
    const v = view(compute(core, s));
    expect(v.steps).not.toBeNull();
    for (const x of v.steps![0].m.data) expect(Number.isFinite(x)).toBe(true);
  });
});
