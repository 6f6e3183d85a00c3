// pool.test.ts — the block maxima a heatmap draws of weights too large to draw
// cell by cell (model/pool.ts), and compute()'s parts that keep a large state
// cheap: steps of the first STEP_ROWS queries, the custom mask written straight
// into bytes, the stages it reports.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core, TypedMatrix } from '../../../web/src/core/core';
import { compute, fitMask, maskFor, type ComputeStage, type Outcome, type View } from '../../../web/src/model/compute';
import { blockRange, MAX_DRAWN, pool, POOLED, stepFor } from '../../../web/src/model/pool';
import { defaultState, parse } from '../../../web/src/model/state';
import { STEP_ROWS } from '../../../web/src/model/parts';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const view = (o: Outcome): View => {
  if (!o.ok) throw new Error(o.message);
  return o.view;
};

describe('pool: block maxima', () => {
  test('up to MAX_DRAWN rows and columns nothing is pooled', () => {
    expect(stepFor(MAX_DRAWN)).toBe(1);
    expect(stepFor(MAX_DRAWN + 1)).toBe(Math.ceil((MAX_DRAWN + 1) / POOLED));
    expect(stepFor(4096)).toBe(16);
    expect(pool({ data: new Float64Array(1024 * 2), rows: 1024, cols: 2 }, null)).toBeNull();
  });

  test('each block holds its largest visible value; a block hidden entirely is hidden', () => {
    const rows = 2050;
    const cols = 3;
    const m: TypedMatrix = { data: new Float64Array(rows * cols), rows, cols };
    m.data[9 * cols + 1] = 0.75; // row 9 → block 1 (step 9)
    m.data[2049 * cols + 2] = 0.5; // the last, short block
    const hidden = new Uint8Array(rows * cols);
    hidden.fill(1, 0, 9 * cols); // block 0: every cell hidden
    hidden[9 * cols + 1] = 1; // the 0.75 is hidden: block 1's maximum is 0
    const p = pool(m, hidden)!;
    expect([p.rowStep, p.colStep, p.rows, p.cols]).toEqual([9, 1, 228, 3]);
    expect(Array.from(p.hidden!.subarray(0, 6))).toEqual([1, 1, 1, 0, 0, 0]);
    expect(Array.from(p.data.subarray(0, 6))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(p.data[227 * 3 + 2]).toBe(0.5);
    expect(pool(m, null)!.data[1 * 3 + 1]).toBe(0.75);
    expect(blockRange(227, 9, rows)).toEqual([2043, 2049]);
    expect(blockRange(1, 8, 4096)).toEqual([8, 15]);
  });
});

describe('compute for large states', () => {
  test('the steps are those of the first STEP_ROWS queries, named with the whole shape', () => {
    const s = parse('#op=attention&mask=causal&Q=rand:40:3:1:1&K=rand:40:3:2:1&V=rand:40:2:3:1');
    const v = view(compute(core, s));
    const full = core.typed.attention_steps(
      core.typed.random_normal(40, 3, 1, 1),
      core.typed.random_normal(40, 3, 2, 1),
      core.typed.random_normal(40, 2, 3, 1),
      core.typed.causal_mask(40),
    );
    expect(v.steps!.map((m) => m.shape)).toEqual([
      [1, 40, 40],
      [1, 40, 40],
      [1, 40, 40],
      [1, 40, 40],
      [1, 40, 2],
    ]);
    expect(v.steps!.map((m) => m.m.rows)).toEqual(Array(5).fill(STEP_ROWS));
    expect(Array.from(v.steps![3].m.data)).toEqual(Array.from(full.weights.data.subarray(0, STEP_ROWS * 40)));
    expect(Array.from(v.steps![4].m.data)).toEqual(Array.from(full.out.data.subarray(0, STEP_ROWS * 2)));
    // the weights themselves are whole
    expect(Array.from(v.heads[0].weights.data)).toEqual(Array.from(full.weights.data));
  });

  test('the custom mask is fitMask written straight into bytes', () => {
    const s = defaultState();
    s.mask = 'custom';
    s.customMask = [[true, false, false, false, false], [], [false]];
    const expected = fitMask(s.customMask, 4, 3)
      .flat()
      .map((b) => (b ? 1 : 0));
    expect(Array.from(maskFor(core, s, 4, 3)!.data)).toEqual(expected);
  });

  test('the stages are reported as they start', () => {
    const stages: ComputeStage[] = [];
    view(compute(core, defaultState(), (s) => stages.push(s)));
    expect(stages).toEqual(['inputs', 'operation']);
  });

  test('weights over MAX_DRAWN rows carry their block maxima for the heatmap', () => {
    const v = view(compute(core, parse('#op=attention&mask=causal&Q=rand:2048:2:1:1&K=rand:2048:2:2:1&V=rand:2048:2:3:1')));
    const d = v.heads[0].drawn!;
    expect([d.rows, d.cols, d.rowStep, d.colStep]).toEqual([256, 256, 8, 8]);
    expect(d.hidden![1]).toBe(1); // above the diagonal: every query of block 0 is hidden from keys 8–15
    expect(d.data[0]).toBe(1); // query 0 sees only key 0
    expect(view(compute(core, defaultState())).heads[0].drawn).toBeUndefined();
  });
});
