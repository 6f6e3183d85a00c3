// masks.test.ts — the mask each mode of the state builds (model/masks.ts),
// through the real WASM core, against plain-TypeScript references written
// from the definitions (support/mask-reference.ts): square patterns,
// the last n_q rows when there are fewer queries than keys, more queries than
// keys refused with both shapes named, and a bad parameter failing compute()
// with the core's own message while the inputs stay as they were.
import { beforeAll, describe, expect, test } from 'vitest';
import { AttentionError, type Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { hiddenOf, isBuilt, maskFor, maskRows, rowsAt } from '../../../web/src/model/masks';
import { applied, appliedMask, OPS, scoreShape } from '../../../web/src/model/ops/index';
import { cloneState, defaultState, MASK_MODES, parse, serialize, type MaskMode, type State } from '../../../web/src/model/state';
import { loadCoreForNode } from '../support/load-core';
import { refBigBird, refDilated, refLocalGlobal, refPrefix, refWindow, type BoolRows } from '../support/mask-reference';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** A state asking for `mode` with some parameters changed. */
function stateWith(mode: MaskMode, params: Partial<State['maskParams']> = {}): State {
  const s = defaultState();
  s.mask = mode;
  Object.assign(s.maskParams, params);
  return s;
}

/** maskFor's (n_q, n_k) mask as rows of booleans. */
function built(s: State, nq: number, nk: number): BoolRows | null {
  const m = maskFor(core, s, nq, nk);
  if (!m) return null;
  expect([m.rows, m.cols]).toEqual([nq, nk]);
  return maskRows(m);
}

/** The error maskFor throws for `s` (fails the test when it throws none). */
function failure(s: State, nq: number, nk: number): AttentionError {
  try {
    maskFor(core, s, nq, nk);
  } catch (err) {
    expect(err).toBeInstanceOf(AttentionError);
    return err as AttentionError;
  }
  throw new Error(`maskFor(${s.mask}) did not throw`);
}

/** Every built mode with parameters, and its reference for n tokens. */
const CASES: [string, State, (n: number) => BoolRows][] = [
  ['window w = 3', stateWith('window', { window: 3 }), (n) => refWindow(n, 3)],
  ['window w = 1', stateWith('window', { window: 1 }), (n) => refWindow(n, 1)],
  ['prefix p = 2', stateWith('prefix', { prefix: 2 }), (n) => refPrefix(n, 2)],
  ['prefix p = 0', stateWith('prefix', { prefix: 0 }), (n) => refPrefix(n, 0)],
  ['local+global w = 1, {0, 5}', stateWith('localglobal', { window: 1, globals: [0, 5] }), (n) => refLocalGlobal(n, 1, [0, 5])],
  ['local+global w = 2, none', stateWith('localglobal', { window: 2, globals: [] }), (n) => refLocalGlobal(n, 2, [])],
  ['dilated w = 3, d = 2', stateWith('dilated', { window: 3, dilation: 2 }), (n) => refDilated(n, 3, 2)],
  ['dilated w = 2, d = 3', stateWith('dilated', { window: 2, dilation: 3 }), (n) => refDilated(n, 2, 3)],
  [
    'bigbird block 2, r 1, seed 0',
    stateWith('bigbird', { block: 2, randomBlocks: 1, maskSeed: 0 }),
    (n) => refBigBird(n, 2, { window: 3, global: 1, random: 1, seed: 0 }),
  ],
  [
    'bigbird block 1, r 2, seed 7',
    stateWith('bigbird', { block: 1, randomBlocks: 2, maskSeed: 7 }),
    (n) => refBigBird(n, 1, { window: 3, global: 1, random: 2, seed: 7 }),
  ],
];

describe('maskFor: each built mode through the core against the reference', () => {
  for (const [what, s, ref] of CASES)
    test(`${what}: square (n, n) for n = 6, 8, 12`, () => {
      for (const n of [6, 8, 12]) expect(built(s, n, n), `${what}, n = ${n}`).toEqual(ref(n));
    });

  test('BigBird at n = 16 with 3 random blocks: every seed 0 … 9 as the reference draws it', () => {
    for (let seed = 0; seed < 10; seed++) {
      const s = stateWith('bigbird', { block: 2, randomBlocks: 3, maskSeed: seed });
      expect(built(s, 16, 16), `seed ${seed}`).toEqual(refBigBird(16, 2, { window: 3, global: 1, random: 3, seed }));
    }
  });

  test('none is null; causal and custom are as before', () => {
    expect(maskFor(core, stateWith('none'), 3, 3)).toBeNull();
    expect(built(stateWith('causal'), 2, 3)).toEqual([
      [true, false, false],
      [true, true, false],
    ]);
    const custom = stateWith('custom');
    custom.customMask = [[false, true]];
    expect(built(custom, 2, 2)).toEqual([
      [false, true],
      [true, true],
    ]);
  });
});

describe('maskFor: fewer or more queries than keys, aligned bottom-right (decoding) or top-left', () => {
  const aligned = (s: State, align: State['align']) => ({ ...s, align });
  for (const [what, s, ref] of CASES) {
    test(`${what}: bottom-right, n_q = 3 of n_k = 8 are the last 3 rows of the 8 × 8 pattern`, () => {
      expect(built(aligned(s, 'bottom-right'), 3, 8)).toEqual(ref(8).slice(5));
      expect(built(aligned(s, 'bottom-right'), 1, 8)).toEqual(ref(8).slice(7));
    });
    test(`${what}: top-left, n_q = 3 of n_k = 8 are the first 3 rows; n_q = 8 of n_k = 3 the first 3 columns`, () => {
      expect(built(aligned(s, 'top-left'), 3, 8)).toEqual(ref(8).slice(0, 3));
      expect(built(aligned(s, 'top-left'), 8, 3)).toEqual(ref(8).map((row) => row.slice(0, 3)));
    });
  }

  test('causal: top-left is j ≤ i (PyTorch’s is_causal), bottom-right j ≤ i + n_k − n_q (decoding)', () => {
    expect(built(aligned(stateWith('causal'), 'top-left'), 2, 4)).toEqual([
      [true, false, false, false],
      [true, true, false, false],
    ]);
    expect(built(aligned(stateWith('causal'), 'bottom-right'), 2, 4)).toEqual([
      [true, true, true, false],
      [true, true, true, true],
    ]);
  });

  test('causal bottom-right with n_q > n_k: the first n_q − n_k queries see no key', () => {
    expect(built(aligned(stateWith('causal'), 'bottom-right'), 4, 2)).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [true, true],
    ]);
  });

  test('a built pattern bottom-right with n_q > n_k is refused, naming both shapes and the other alignment', () => {
    for (const [what, s] of CASES) {
      const e = failure(aligned(s, 'bottom-right'), 5, 3);
      expect(e.code, what).toBe('shape');
      expect(e.message, what).toMatch(/n_q = 5 queries but n_k = 3 keys/);
      expect(e.message, what).toMatch(/at most 3 rows .* or align the queries top-left/);
    }
  });

  test('rowsAt keeps the pattern when it is the whole of it, and copies the rows and columns asked for otherwise', () => {
    const m = core.typed.sliding_window_mask(4, 2);
    expect(rowsAt(m, 0, 4, 4)).toBe(m);
    expect(Array.from(rowsAt(m, 2, 2, 4).data)).toEqual(Array.from(m.data.subarray(8)));
    expect(Array.from(rowsAt(m, 1, 2, 2).data)).toEqual([m.data[4], m.data[5], m.data[8], m.data[9]]);
  });
});

describe('maskFor: a bad parameter is the core’s own error', () => {
  const BAD: [string, State, RegExp][] = [
    ['w > n', stateWith('window', { window: 9 }), /^sliding_window_mask: w = 9 must be a whole number between 1 and n = 8$/],
    ['w = 0', stateWith('dilated', { window: 0 }), /^dilated_mask: w = 0 must be a whole number between 1 and n = 8$/],
    ['p > n', stateWith('prefix', { prefix: 10 }), /^prefix_lm_mask: p = 10 must be a whole number between 0 and n = 8$/],
    [
      'global out of range',
      stateWith('localglobal', { globals: [0, 8] }),
      /^local_global_mask: globals\[1\] = 8 must be a whole number between 0 and n − 1 = 7$/,
    ],
    ['dilation 0', stateWith('dilated', { dilation: 0 }), /^dilated_mask: dilation = 0 must be a whole number ≥ 1$/],
    ['block does not divide n', stateWith('bigbird', { block: 3 }), /^bigbird_mask: block = 3 does not divide n = 8$/],
    [
      'too many random blocks',
      stateWith('bigbird', { block: 2, randomBlocks: 5 }),
      /^bigbird_mask: random_blocks = 5 must be a whole number between 0 and n \/ block/,
    ],
  ];
  for (const [what, s, message] of BAD)
    test(`${what}: thrown by maskFor, and compute() fails with the same message, inputs kept`, () => {
      expect(failure(s, 8, 8).message).toMatch(message);
      const page = parse(`#op=attention&Q=rand:8:4:1:1&K=rand:8:4:2:1&V=rand:8:4:3:1`);
      page.mask = s.mask;
      page.maskParams = { ...s.maskParams };
      const before = serialize(page);
      const outcome = compute(core, page);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.message).toMatch(message);
        expect(outcome.cellErrors).toEqual([]);
      }
      expect(serialize(page), 'the state is untouched').toBe(before);
    });
});

describe('which modes an operation applies', () => {
  test('single_head takes none and causal only; a built or custom mode there applies none', () => {
    expect(OPS.single_head.flags.masks).toEqual(['none', 'causal']);
    for (const op of ['attention', 'multi_head', 'block', 'gqa'] as const) expect(OPS[op].flags.masks).toEqual(MASK_MODES);
    const s = parse('#op=single_head&mask=window');
    expect(s.mask).toBe('window');
    expect(appliedMask(s)).toBe('none');
    expect(maskFor(core, applied(s), 3, 3)).toBeNull();
    expect(appliedMask(parse('#op=single_head&mask=causal'))).toBe('causal');
  });

  test('isBuilt: the five patterns', () => {
    expect(MASK_MODES.filter(isBuilt)).toEqual(['window', 'prefix', 'localglobal', 'dilated', 'bigbird']);
  });

  test('scoreShape reads shapes only: Q and K rows, or X rows for block and single_head', () => {
    const s = parse('#op=attention&Q=rand:5:2:1:1&K=rand:7:2:1:1&V=rand:7:2:1:1');
    expect(scoreShape(s)).toEqual([5, 7]);
    const b = cloneState(s);
    b.op = 'block';
    b.matrices = { X: { kind: 'random', rows: 4, cols: 2, seed: 1, scale: 1 } };
    expect(scoreShape(b)).toEqual([4, 4]);
  });

  test('hiddenOf is the complement', () => {
    expect(Array.from(hiddenOf(core.typed.sliding_window_mask(3, 2))!)).toEqual([0, 1, 1, 0, 0, 1, 1, 0, 0]);
    expect(hiddenOf(null)).toBeNull();
  });
});

describe('the page computes with a built mask', () => {
  test('window w = 2 on 6 tokens: masked weights exactly 0, rows sum to 1', () => {
    const s = parse('#op=attention&mask=window&mw=2&Q=rand:6:4:1:1&K=rand:6:4:2:1&V=rand:6:4:3:1');
    const o = compute(core, s);
    if (!o.ok) throw new Error(o.message);
    const w = o.view.heads[0].weights;
    const ref = refWindow(6, 2);
    for (let i = 0; i < 6; i++) {
      let sum = 0;
      for (let j = 0; j < 6; j++) {
        const x = w.data[i * 6 + j];
        sum += x;
        if (!ref[i][j]) expect(x).toBe(0);
        else expect(x).toBeGreaterThan(0);
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
    }
    expect(Array.from(o.view.hidden!)).toEqual(ref.flat().map((v) => (v ? 0 : 1)));
  });
});
