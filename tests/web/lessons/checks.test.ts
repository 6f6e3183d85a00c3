// checks.test.ts — each kind of check passes and fails on small states computed by hand (Q = K = I, V = [[1, 2],
// [3, 4]]: row 0 scores 1/√2 and 0, so its weights are w = 1 / (1 + e^(−1/√2)) and 1 − w), with with / all /
// any / not, a typed answer, and on a state that does not compute: every check fails, none throws.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { parse, type State } from '../../../web/src/model/state';
import { checkProblems, evaluate, isMeasure, patched, type Check, type CheckContext } from '../../../web/src/lessons/checks';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const BASE = 'op=attention&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4';
/** Row 0's weight on key 0: softmax(1/√2, 0). */
const W = 1 / (1 + Math.exp(-1 / Math.SQRT2));
/** The same without ÷√2: softmax(1, 0). */
const W_UNSCALED = 1 / (1 + Math.exp(-1));
const ENTROPY = -(W * Math.log(W) + (1 - W) * Math.log(1 - W));

/** The context of a link (the base, with `more` laid over it). */
function ctx(more = '', extra: Partial<CheckContext> = {}): CheckContext {
  const state: State = parse(more ? `${BASE}&${more}` : BASE);
  return { core, state, outcome: compute(core, state), ...extra };
}

/** `check` passes in `yes` and fails in `no`; both read without problems. */
function decides(check: Check, yes: CheckContext, no: CheckContext): void {
  expect(checkProblems(check, 'check'), 'reads').toEqual([]);
  expect(evaluate(check, yes), `${JSON.stringify(check)} passes`).toBe(true);
  expect(evaluate(check, no), `${JSON.stringify(check)} fails`).toBe(false);
}

const near = (x: number, tol = 1e-9) => ({ atLeast: x - tol, atMost: x + tol });

describe('the checks about weights', () => {
  test('weight: one weight in a range', () => {
    decides({ kind: 'weight', row: 0, col: 0, ...near(W) }, ctx(), ctx('scale=0'));
    decides({ kind: 'weight', row: 0, col: 0, ...near(W_UNSCALED) }, ctx('scale=0'), ctx());
    expect(evaluate({ kind: 'weight', row: 0, col: 2, atLeast: 0 }, ctx()), 'a column that is not there').toBe(false);
    expect(evaluate({ kind: 'weight', row: 0, col: 0, head: 1, atLeast: 0 }, ctx()), 'a head that is not there').toBe(false);
  });

  test('largestKey: the key a row weights most', () => {
    decides({ kind: 'largestKey', row: 1, is: 1 }, ctx(), ctx('Q=1,0;1,0'));
    expect(evaluate({ kind: 'largestKey', row: 2, is: 0 }, ctx()), 'a row that is not there').toBe(false);
  });

  test('largestWeight: of all the weights, or of a row', () => {
    decides({ kind: 'largestWeight', ...near(W) }, ctx(), ctx('scale=0'));
    decides({ kind: 'largestWeight', row: 1, atMost: 0.5 }, ctx('Q=1,0;0,0'), ctx());
  });

  test('entropy: a row in nats, ln 2 when flat', () => {
    decides({ kind: 'entropy', row: 0, ...near(ENTROPY) }, ctx(), ctx('scale=0'));
    decides({ kind: 'entropy', row: 0, ...near(Math.LN2) }, ctx('Q=0,0;0,1'), ctx());
  });

  test('futureHidden and visibleKeys: what the mask hides', () => {
    decides({ kind: 'futureHidden' }, ctx('mask=causal'), ctx());
    decides({ kind: 'visibleKeys', row: 0, atMost: 1 }, ctx('mask=causal'), ctx());
    decides({ kind: 'visibleKeys', atLeast: 2 }, ctx(), ctx('mask=causal'));
    expect(evaluate({ kind: 'visibleKeys', row: 2, atLeast: 0 }, ctx()), 'a row that is not there').toBe(false);
  });
});

describe('the checks about results and steps', () => {
  test('sameOutput: the output of the state patched', () => {
    decides({ kind: 'sameOutput', as: 'op=multi_head&h=1', within: 1e-12 }, ctx('tau=2'), ctx('scale=0')); // multi_head always divides by √d_k
    expect(evaluate({ kind: 'sameOutput', as: 'Q=1,x;0,1', within: 1 }, ctx()), 'a patch that does not compute').toBe(false);
  });

  test('sameValues: equal cells of a step (the scores: 1 on the diagonal, 0 off it)', () => {
    const cells = (matrix: string, within: number, ...at: [number, number][]): Check => ({ kind: 'sameValues', matrix, cells: at, within });
    decides(cells('step.scores', 0, [0, 0], [1, 1]), ctx(), ctx('Q=2,0;0,1'));
    expect(evaluate(cells('step.scores', 0.5, [0, 0], [0, 1]), ctx())).toBe(false);
    expect(evaluate(cells('step.scores', 1, [0, 0], [2, 0]), ctx()), 'a cell that is not there').toBe(false);
    expect(evaluate(cells('step.ln', 1, [0, 0], [0, 0]), ctx()), 'a step the operation has not').toBe(false);
  });

  test('rowStat: the mean and variance of a row (out row 0 = (3 − 2w, 4 − 2w))', () => {
    decides({ kind: 'rowStat', matrix: 'step.output', row: 0, stat: 'mean', ...near(3.5 - 2 * W) }, ctx(), ctx('scale=0'));
    decides({ kind: 'rowStat', matrix: 'step.output', row: 0, stat: 'variance', ...near(0.25) }, ctx(), ctx('V=1,3;3,4'));
  });

  test('rowStat: LN(X) of the block, mean 0 and variance σ² / (σ² + eps)', () => {
    const block = (eps: string) => ctx(`op=block&X=1,2,3,4;2,2,2,6&eps=${eps}`);
    const variance = (eps: number) => 1.25 / (1.25 + eps); // row 0 = 1, 2, 3, 4: σ² = 1.25
    decides({ kind: 'rowStat', matrix: 'step.ln', row: 0, stat: 'mean', ...near(0) }, block('1e-5'), ctx());
    decides({ kind: 'rowStat', matrix: 'step.ln', row: 0, stat: 'variance', ...near(variance(1.25)) }, block('1.25'), block('1e-5'));
    expect(evaluate({ kind: 'rowStat', matrix: 'step.ln', row: 0, stat: 'variance', ...near(variance(1e-5)) }, block('0.00001'))).toBe(true);
  });

  test('computes: the state computes', () => {
    decides({ kind: 'computes' }, ctx(), ctx('Q=1,x;0,1'));
  });
});

describe('the checks about the tile stepper and the KV cache', () => {
  // one key per tile: row 0 reads 1/√2 then 0; row 1 reads 0 then 1/√2, so its m grows at the second tile
  test('tile: the number of tiles', () => {
    decides({ kind: 'tile', value: 'tiles', atLeast: 2, atMost: 2 }, ctx('tb=1'), ctx('tb=2'));
  });

  test('tile: m, l and the rescale factor of a row after a tile', () => {
    decides({ kind: 'tile', value: 'm', step: 1, row: 0, ...near(1 / Math.SQRT2) }, ctx('tb=1'), ctx('tb=1&scale=0'));
    decides({ kind: 'tile', value: 'l', step: 2, row: 0, ...near(1 + Math.exp(-1 / Math.SQRT2)) }, ctx('tb=1'), ctx('tb=1&scale=0'));
    decides({ kind: 'tile', value: 'rescale', step: 2, row: 1, ...near(Math.exp(-1 / Math.SQRT2)) }, ctx('tb=1'), ctx('tb=2'));
    expect(evaluate({ kind: 'tile', value: 'rescale', step: 2, row: 0, atLeast: 0 }, ctx('tb=1')), 'no rescale: m did not grow').toBe(false);
    expect(evaluate({ kind: 'tile', value: 'm', step: 3, row: 0, atLeast: -Infinity }, ctx('tb=1')), 'a step that is not there').toBe(false);
    expect(evaluate({ kind: 'tile', value: 'tiles', atLeast: 0 }, ctx('Q=1,x;0,1')), 'Q unread').toBe(false);
  });

  test('kvCache: GPT-2 small at 1,024 tokens in fp16 is 2 · 12 · 12 · 64 · 1,024 · 2 bytes = 36 MiB', () => {
    const gpt2 = { kind: 'kvCache', model: 'gpt2', tokens: 1024, width: 2 } as const;
    expect(evaluate({ ...gpt2, unit: 'MiB', atLeast: 36, atMost: 36 }, ctx())).toBe(true);
    expect(evaluate({ ...gpt2, unit: 'MiB', atMost: 35.99 }, ctx())).toBe(false);
    expect(evaluate({ ...gpt2, atLeast: 37748736, atMost: 37748736 }, ctx()), 'in bytes').toBe(true);
    expect(evaluate({ ...gpt2, unit: 'GiB', atLeast: 0.036 }, ctx())).toBe(false);
  });
});

describe('the checks about choices, experiments and answers', () => {
  test('state: what the learner chose, each field asked for', () => {
    decides({ kind: 'state', op: 'attention', mask: 'none', scale: true }, ctx(), ctx('mask=causal'));
    decides({ kind: 'state', op: 'multi_head', h: 2 }, ctx('op=multi_head&h=2'), ctx('op=multi_head'));
    decides({ kind: 'state', H: 4, G: 2 }, ctx('H=4&G=2'), ctx('H=4&G=1'));
    decides({ kind: 'state', positions: 'rope' }, ctx('pos=rope'), ctx('pos=alibi'));
  });

  test('experiment: a number at a path of the last result', () => {
    const results = { scaling: { at64: { max_unscaled_mean: 0.85 }, points: [{ d: 1 }, { d: 2 }] } };
    const check = { kind: 'experiment', name: 'scaling', path: 'at64.max_unscaled_mean', atLeast: 0.8 } as const;
    decides(check, ctx('', { results }), ctx());
    decides({ ...check, path: 'points.1.d', atLeast: 2, atMost: 2 }, ctx('', { results }), ctx('', { results: { scaling: { points: [] } } }));
    expect(evaluate({ ...check, path: 'at64' }, ctx('', { results })), 'not a number').toBe(false);
    expect(evaluate({ ...check, name: 'depth' }, ctx('', { results })), 'another experiment').toBe(false);
  });

  test('answer: the typed number near a given one, or near what a measure reads', () => {
    const two = { kind: 'answer', is: 2, within: 0.1 } as const;
    decides(two, ctx('', { answer: 2.05 }), ctx('', { answer: 2.2 }));
    expect(evaluate(two, ctx()), 'no answer').toBe(false);
    expect(evaluate(two, ctx('', { answer: NaN })), 'not a number').toBe(false);
    const weight = { kind: 'answer', of: { kind: 'weight', row: 0, col: 0 }, within: 0.005 } as const;
    decides(weight, ctx('', { answer: 0.67 }), ctx('', { answer: 0.73 }));
    decides(weight, ctx('scale=0', { answer: 0.73 }), ctx('scale=0', { answer: 0.67 }));
    expect(evaluate(weight, ctx('Q=1,x;0,1', { answer: 0.67 })), 'nothing measured').toBe(false);
  });

  test('isMeasure: the kinds that read one number', () => {
    expect(isMeasure({ kind: 'weight', row: 0, col: 0 })).toBe(true);
    expect(isMeasure({ kind: 'kvCache', model: 'gpt2', tokens: 1, width: 2 })).toBe(true);
    expect(isMeasure({ kind: 'futureHidden' })).toBe(false);
    expect(isMeasure({ kind: 'answer', is: 1, within: 0 })).toBe(false);
  });
});

describe('the checks of checks', () => {
  const row0 = { kind: 'weight', row: 0, col: 0, ...near(W_UNSCALED) } as const;
  const causal = { kind: 'futureHidden' } as const;

  test('with: a check on the state patched, the state itself unchanged', () => {
    decides({ kind: 'with', set: 'scale=0', check: row0 }, ctx(), ctx('Q=0,0;0,1'));
    expect(evaluate(row0, ctx())).toBe(false);
  });

  test('all, any and not', () => {
    decides({ kind: 'all', checks: [causal, { kind: 'largestKey', row: 0, is: 0 }] }, ctx('mask=causal'), ctx());
    decides({ kind: 'any', checks: [causal, row0] }, ctx('scale=0'), ctx());
    decides({ kind: 'not', check: causal }, ctx(), ctx('mask=causal'));
  });

  test('patched: the patch laid over the state, its other fields kept', () => {
    const s = patched(parse(`${BASE}&mask=causal`), 'op=multi_head&h=2');
    expect([s.op, s.h, s.mask, s.matrices.V]).toEqual([
      'multi_head',
      2,
      'causal',
      {
        kind: 'cells',
        cells: [
          ['1', '2'],
          ['3', '4'],
        ],
      },
    ]);
  });
});

describe('a state that does not compute', () => {
  const broken = () => ctx('Q=1,x;0,1&mask=causal');
  const checks: Check[] = [
    { kind: 'weight', row: 0, col: 0, atLeast: 0 },
    { kind: 'largestKey', row: 0, is: 0 },
    { kind: 'largestWeight', atLeast: 0 },
    { kind: 'entropy', row: 0, atLeast: 0 },
    { kind: 'futureHidden' },
    { kind: 'visibleKeys', atLeast: 0 },
    { kind: 'sameOutput', as: 'tau=1', within: 1 },
    {
      kind: 'sameValues',
      matrix: 'step.scores',
      cells: [
        [0, 0],
        [0, 0],
      ],
      within: 1,
    },
    { kind: 'rowStat', matrix: 'step.output', row: 0, stat: 'mean' },
    { kind: 'tile', value: 'tiles' },
    { kind: 'computes' },
    { kind: 'answer', of: { kind: 'entropy', row: 0 }, within: 10 },
    { kind: 'with', set: 'tau=2', check: { kind: 'largestWeight' } },
    { kind: 'all', checks: [{ kind: 'state', op: 'attention' }, { kind: 'futureHidden' }] },
  ];

  test.each(checks.map((c) => [c.kind, c] as const))('%s fails, and does not throw', (_, check) => {
    expect(broken().outcome.ok).toBe(false);
    expect(checkProblems(check, 'check')).toEqual([]);
    expect(evaluate(check, { ...broken(), answer: 0 })).toBe(false);
  });

  test('what it chose still reads, and not turns a failing check round', () => {
    expect(evaluate({ kind: 'state', op: 'attention', mask: 'causal' }, broken())).toBe(true);
    expect(evaluate({ kind: 'not', check: { kind: 'weight', row: 0, col: 0, atLeast: 0 } }, broken())).toBe(true);
  });
});
