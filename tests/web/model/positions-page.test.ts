// positions-page.test.ts — the page's positions: model/positions.ts and the position paths of
// the operations (model/ops/), both alignments of the queries, against PyTorch float64 (tests/golden/page_positions.json, scripts/make_golden.py) and by
// their steps, parts and written-out weights.

import { beforeAll, describe, expect, test } from 'vitest';
import { fromTyped, type Core } from '../../../web/src/core/core';
import { compute, type View } from '../../../web/src/model/compute';
import { explainWeight, sourceOf } from '../../../web/src/model/explain';
import { appliedPositions } from '../../../web/src/model/ops/index';
import { addPE, checkPositions, headBias, PositionsError, slopesText, slopeText } from '../../../web/src/model/positions';
import { cellsOf, defaultState, type Operation, type Positions, type RopePairing, type State } from '../../../web/src/model/state';
import { t } from '../../../web/src/i18n/i18n';
import { canDrag, positionsNote } from '../../../web/src/panels/plane-panel';
import { fixture, maxAbsDiff, TOL, type Nested } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

/** A case of page_positions.json. */
interface Case {
  name: string;
  op: Operation;
  positions: Positions;
  pairing: RopePairing;
  base: number;
  h: number;
  causal: boolean;
  align: 'top-left' | 'bottom-right';
  Q?: number[][];
  K?: number[][];
  V?: number[][];
  X?: number[][];
  Wq?: number[][];
  Wk?: number[][];
  Wv?: number[][];
  weights: Nested;
}

const CASES = fixture<Case>('page_positions.json');
const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

/** The page's state for a golden case. */
function stateOfCase(c: Case): State {
  const s = defaultState();
  s.op = c.op;
  s.positions = c.positions;
  s.ropePairing = c.pairing;
  s.ropeBase = c.base;
  s.h = c.h;
  s.mask = c.causal ? 'causal' : 'none';
  s.align = c.align;
  s.matrices = {};
  for (const k of ['Q', 'K', 'V', 'X', 'Wq', 'Wk', 'Wv'] as const) {
    const m = c[k];
    if (m) s.matrices[k] = cellsOf(m);
  }
  return s;
}

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

function viewOf(s: State): View {
  const r = compute(core, s);
  if (!r.ok) throw new Error(r.message);
  return r.view;
}

describe('the page with positions against PyTorch float64 (page_positions.json)', () => {
  test.each(CASES)('$name', (c) => {
    const heads = viewOf(stateOfCase(c)).heads.map((h) => fromTyped(h.weights));
    const page = c.op === 'multi_head' || c.op === 'block' ? heads : heads[0];
    const diff = maxAbsDiff(page, c.weights);
    expect(diff, `${c.name}: largest |page − torch| = ${diff}`).toBeLessThan(TOL);
  });
});

describe('positions.ts', () => {
  test('slopes as fractions of powers of two, others with 4 digits', () => {
    expect(slopeText(0.5)).toBe('1/2');
    expect(slopeText(2 ** -8)).toBe('1/256');
    expect(slopeText(2 ** -(8 / 3))).toBe('0.1575');
    expect(slopesText(core.typed.alibi_slopes(4))).toBe('1/4, 1/16, 1/64, 1/256');
    expect(slopesText(core.typed.alibi_slopes(16), 3)).toBe('0.7071, 1/2, 0.3536, …');
  });

  test('gqa has no positions; bottom-right n_q > n_k is refused with the shapes named, top-left is not', () => {
    const s = defaultState();
    s.positions = 'rope';
    expect(appliedPositions(s)).toBe('rope');
    s.op = 'gqa';
    expect(appliedPositions(s)).toBe('none');
    s.op = 'attention';
    expect(() => checkPositions(s, 4, 3)).not.toThrow(); // top-left: queries at 0 … 3
    s.align = 'bottom-right';
    expect(() => checkPositions(s, 4, 3)).toThrow(PositionsError);
    expect(() => checkPositions(s, 3, 4)).not.toThrow();
    s.positions = 'none';
    expect(() => checkPositions(s, 4, 3)).not.toThrow();
  });

  test('a failure names the shapes, in English and 中文', () => {
    const s = defaultState();
    s.positions = 'alibi';
    s.align = 'bottom-right';
    s.matrices.Q = cellsOf([
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(compute(core, { ...s, align: 'top-left' }).ok).toBe(true);
    const r = compute(core, s);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.key).toBe('pos.fail.tooManyQueries');
    expect(r.message).toContain('n_q = 4');
    expect(r.message).toContain('n_k = 3');
    expect(t('zh', r.key ?? '', r.vars)).toContain('n_q = 4');
  });

  test('PE rows sit at the tokens’ positions: queries at the last n_q', () => {
    const M = { data: new Float64Array(4), rows: 2, cols: 2 };
    const pe = core.typed.pos_encoding(5, 2);
    expect(Array.from(addPE(core, M, 3).data)).toEqual(Array.from(pe.data.subarray(6, 10)));
  });

  test('headBias is head t of the stack', () => {
    const b = core.typed.alibi_bias(2, 2, 3);
    expect(Array.from(headBias(b, 1).data)).toEqual(Array.from(b.data.subarray(6, 12)));
  });
});

/** The hand example (3 × 2) with positions. */
function hand(positions: Positions, op: Operation = 'attention'): State {
  const s = defaultState();
  s.positions = positions;
  s.op = op;
  return s;
}

describe('the operations’ position paths', () => {
  test('RoPE: "q rotated" and "k rotated" are their own steps, with shapes; the parts are the turned vectors', () => {
    const v = viewOf(hand('rope'));
    const steps = v.steps ?? [];
    expect(steps.map((s) => `${s.name} (${s.shape.join(', ')})`).slice(0, 3)).toEqual([
      'q rotated by RoPE (positions 0…2) (1, 3, 2)',
      'k rotated by RoPE (positions 0…2) (1, 3, 2)',
      'scores = Q·Kᵀ (1, 3, 3)',
    ]);
    const p = v.heads[0].parts;
    expect(p?.positions?.kind).toBe('rope');
    const Q = { data: new Float64Array([1, 0, 0, 1, 1, 1]), rows: 3, cols: 2 };
    expect(Array.from(p?.q.data ?? [])).toEqual(Array.from(core.typed.rope(Q, { base: 10000, pairing: 'half', offset: 0 }).data));
    expect(Array.from(steps[0].m.data)).toEqual(Array.from(p?.q.data ?? []));
    expect(p && canDrag(p)).toBe(false);
    expect(p && positionsNote(p)?.key).toBe('plane.pos.rope');
    expect(v.trace.some((l) => l.startsWith('RoPE (half, base 10000)'))).toBe(true);
  });

  test('ALiBi: the bias is a step between the scores and the scaled scores; the arrows stay draggable', () => {
    const v = viewOf(hand('alibi'));
    const names = (v.steps ?? []).map((s) => s.name);
    expect(names.slice(0, 3)).toEqual(['scores = Q·Kᵀ', '+ ALiBi bias −m·|i − j|, m = 1/256', 'scaled = scores / √2 + bias']);
    const p = v.heads[0].parts;
    expect(p && canDrag(p)).toBe(true);
    expect(p?.bias && Array.from(p.bias.data)).toEqual(Array.from(core.typed.alibi_bias(1, 3, 3).data));
  });

  test('ALiBi in multi_head: each head its own slope; a cross-attention bias names p_i', () => {
    const s = hand('alibi', 'multi_head');
    s.h = 2;
    s.matrices.Q = cellsOf([[1, 0]]);
    s.align = 'bottom-right';
    const v = viewOf(s);
    expect(v.heads.map((h) => h.parts?.positions?.slope)).toEqual([1 / 16, 1 / 256]);
    expect(v.steps?.[1].name).toBe('+ ALiBi bias −m·|p_i − j|, p_i = i + 2, m = 1/16');
    expect(viewOf({ ...s, align: 'top-left' }).steps?.[1].name).toBe('+ ALiBi bias −m·|i − j|, m = 1/16');
  });

  test('sinusoidal: Q + PE, K + PE, V + PE as steps; block and single_head: X + PE', () => {
    expect((viewOf(hand('sinusoidal')).steps ?? []).slice(0, 3).map((s) => s.key)).toEqual(['step.peQ', 'step.peK', 'step.peV']);
    const s = hand('sinusoidal', 'block');
    s.matrices = {
      X: cellsOf([
        [1, 0, 2, 1],
        [0, 1, 1, 0],
        [1, 1, 0, 2],
      ]),
    };
    s.h = 2;
    expect(viewOf(s).steps?.[0].name).toBe('X + PE (rows at positions 0…2)');
  });

  test('the written-out weight shows the bias term and the turned vectors', () => {
    const v = viewOf(hand('alibi'));
    const src = sourceOf(v, 0);
    if (!src) throw new Error('no parts');
    const ex = explainWeight(src, 2, 0, en);
    const scaled = ex.steps.find((s) => s.id === 'scaled');
    expect(scaled?.lines[0].text).toBe('x₂,₀ = q₂·k₀ / √dₖ + b₂,₀ = 1 / √2 + (−0.007813) = 0.6993');
    expect(scaled?.lines[1].text).toBe('ALiBi’s bias b = −m·|p_i − j| = −0.003906·|2 − 0| = −0.007813 (query 2 at position 2).');
    const rope = explainWeight(sourceOf(viewOf(hand('rope')), 0) ?? src, 2, 0, en);
    expect(rope.steps[0].lines.map((l) => l.text).join(' ')).toContain('q and k are rotated by RoPE (half pairing, base 10000): query 2 at position 2');
  });
});
