// Tests of web/src/figures/token-lines/layout.ts (pure, no DOM): the width,
// the row spacing and label thinning with many tokens, the heads' offsets
// and widest line, the two columns at the edges with labels cut to fit, and
// the legend flowing within the width.
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_WIDTH,
  HEADING_H,
  LINE_PAD,
  MAX_GAP,
  MAX_HEAD_STEP,
  MAX_STROKE,
  MAX_WIDTH,
  MIN_GAP,
  MIN_STROKE,
  MIN_WIDTH,
  PAD,
  TITLE_H,
  computeLayout,
  figureWidth,
  headOffsets,
  labelStep,
  legendLayout,
  maxStroke,
  rowGap,
  type LayoutInput,
} from '../../../../web/src/figures/token-lines/layout';
import { textWidth } from '../../../../web/src/figures/token-lines/text';
import type { TokenLinesData } from '../../../../web/src/figures/token-lines/types';
import { DEFAULT_TOKEN_LINES_WORDS } from '../../../../web/src/figures/token-lines/words';
import { TOKENS, causalData, causalHead, plainData, previousTokenHead } from './fixtures';

const input = (data: TokenLinesData, availableWidth: number, title?: string): LayoutInput => ({
  data,
  availableWidth,
  title,
  words: DEFAULT_TOKEN_LINES_WORDS,
  headNames: data.heads.map((h) => h.label),
});

describe('widths, rows and heads', () => {
  it('takes the container width between MIN_WIDTH and MAX_WIDTH, and a fallback before it is measured', () => {
    expect(figureWidth(343)).toBe(343);
    expect(figureWidth(343.9)).toBe(343);
    expect(figureWidth(1200)).toBe(MAX_WIDTH);
    expect(figureWidth(100)).toBe(MIN_WIDTH);
    expect(figureWidth(0)).toBe(FALLBACK_WIDTH);
    expect(figureWidth(NaN)).toBe(FALLBACK_WIDTH);
  });

  it('spaces rows MAX_GAP apart for few tokens and shrinks to MIN_GAP for 64', () => {
    expect(rowGap(1)).toBe(MAX_GAP);
    expect(rowGap(6)).toBe(MAX_GAP);
    expect(rowGap(24)).toBe(20);
    expect(rowGap(64)).toBe(MIN_GAP);
    for (let n = 1; n < 64; n++) expect(rowGap(n + 1)).toBeLessThanOrEqual(rowGap(n));
  });

  it('thins labels only when rows are closer than a line of text', () => {
    expect(labelStep(MAX_GAP)).toBe(1);
    expect(labelStep(14)).toBe(1);
    expect(labelStep(13)).toBe(2);
    expect(labelStep(MIN_GAP)).toBe(2);
  });

  it('offsets the heads symmetrically, at most MAX_HEAD_STEP apart and within half a row', () => {
    expect(headOffsets(1, 26)).toEqual([0]);
    expect(headOffsets(2, 26)).toEqual([-2, 2]);
    for (const [heads, gap] of [
      [2, 8],
      [4, 26],
      [8, 26],
      [8, 8],
    ]) {
      const o = headOffsets(heads, gap);
      expect(o).toHaveLength(heads);
      expect(o[0] + o[heads - 1]).toBeCloseTo(0, 9);
      expect(o[heads - 1] - o[0]).toBeLessThanOrEqual(gap / 2 + 1e-9);
      for (let h = 1; h < heads; h++) {
        expect(o[h]).toBeGreaterThan(o[h - 1]);
        expect(o[h] - o[h - 1]).toBeLessThanOrEqual(MAX_HEAD_STEP + 1e-9);
      }
    }
  });

  it('makes the widest line a quarter of a row, narrower when several heads share it', () => {
    expect(maxStroke(26, 1)).toBe(MAX_STROKE);
    expect(maxStroke(8, 1)).toBe(2);
    expect(maxStroke(26, 2)).toBe(5); // 1.25 × the step of 4
    expect(maxStroke(26, 8)).toBeCloseTo((1.25 * 13) / 7, 12);
    expect(maxStroke(8, 8)).toBe(MIN_STROKE);
  });
});

describe('computeLayout', () => {
  it('puts the queries at the left edge and the keys at the right, with the lines between them', () => {
    const L = computeLayout(input(causalData(TOKENS), 343));
    expect(L.width).toBe(343);
    expect(L.q.boxX).toBe(PAD);
    expect(L.q.anchor).toBe('end');
    expect(L.q.textX).toBe(PAD + L.q.boxW);
    expect(L.q.lineX).toBe(L.q.textX + LINE_PAD);
    expect(L.k.boxX + L.k.boxW).toBe(343 - PAD);
    expect(L.k.anchor).toBe('start');
    expect(L.k.lineX).toBe(L.k.textX - LINE_PAD);
    expect(L.k.lineX - L.q.lineX).toBeGreaterThan(150);
    // the box is as wide as the widest label or the heading ("queries" is wider than "the", "cat", …)
    expect(L.q.boxW).toBe(Math.ceil(textWidth('queries')));
  });

  it('spaces the rows by the gap below the headings, and the title when there is one', () => {
    const L = computeLayout(input(causalData(TOKENS), 343));
    expect(L.gap).toBe(MAX_GAP);
    expect(L.titleY).toBeNull();
    expect(L.plotTop).toBe(PAD + HEADING_H);
    expect(L.q.ys).toEqual(TOKENS.map((_, i) => L.plotTop + (i + 0.5) * MAX_GAP));
    expect(L.k.ys).toEqual(L.q.ys);
    const T = computeLayout(input(causalData(TOKENS), 343, 'Layer 0'));
    expect(T.titleY).not.toBeNull();
    expect(T.plotTop).toBe(PAD + TITLE_H + HEADING_H);
    expect(T.height).toBe(L.height + TITLE_H);
  });

  it('centres the shorter column (2 queries, 6 keys)', () => {
    const L = computeLayout(input(plainData(2, 6), 400));
    expect(L.plotHeight).toBe(6 * L.gap);
    expect(L.k.ys[0]).toBe(L.plotTop + L.gap / 2);
    expect((L.q.ys[0] + L.q.ys[1]) / 2).toBe((L.k.ys[0] + L.k.ys[5]) / 2);
  });

  it('labels tokens without labels by their index, and cuts long labels with "…" to fit 30 % of a phone width', () => {
    const long = ['internationalisation', 'a', 'self-attention-mechanism'];
    const L = computeLayout(input({ ...plainData(3, 3), queryLabels: long, keyLabels: [] }, 343));
    expect(L.k.labels).toEqual(['0', '1', '2']);
    expect(L.k.cut).toEqual([false, false, false]);
    expect(L.q.cut).toEqual([true, false, true]);
    expect(L.q.labels[0].endsWith('…')).toBe(true);
    expect(L.q.labels[0].startsWith('internation')).toBe(true);
    for (const s of L.q.labels) expect(textWidth(s)).toBeLessThanOrEqual(343 * 0.3 - PAD - LINE_PAD);
    expect(L.q.boxW + L.k.boxW + 2 * PAD + 2 * LINE_PAD).toBeLessThan(343);
  });

  it('keeps 64 tokens a side 8 px apart and draws every second label', () => {
    const L = computeLayout(input(plainData(64, 64, 2), 343));
    expect(L.gap).toBe(MIN_GAP);
    expect(L.plotHeight).toBe(512);
    expect(L.q.shown.filter(Boolean)).toHaveLength(32);
    expect(L.q.shown.slice(0, 4)).toEqual([true, false, true, false]);
    expect(L.k.ys[63] - L.k.ys[0]).toBe(63 * MIN_GAP);
  });

  it('flows the legend within the width at 343 px: the heads, then the weight key on one row', () => {
    const data = causalData(TOKENS, [causalHead(6, 'head 1'), previousTokenHead(6, 'head 2'), causalHead(6, 'head 3'), causalHead(6, 'head 4')]);
    const L = computeLayout(input(data, 343));
    expect(L.legend.filter((it) => it.kind === 'head').map((it) => it.head)).toEqual([0, 1, 2, 3]);
    const weightRow = L.legend.filter((it) => it.kind !== 'head').map((it) => it.y);
    expect(new Set(weightRow).size).toBe(1);
    for (const it of L.legend) {
      expect(it.x).toBeGreaterThanOrEqual(PAD);
      expect(it.x + textWidth(it.text)).toBeLessThanOrEqual(343 - PAD);
      expect(it.y).toBeGreaterThan(L.plotTop + L.plotHeight);
      expect(it.y).toBeLessThan(L.height);
    }
  });

  it('shows no head entries for one head, only the weight key', () => {
    const { items, rows } = legendLayout(['head 1'], 'weight', 343, 100);
    expect(rows).toBe(1);
    expect(items.map((it) => it.kind)).toEqual(['weight-title', 'weight', 'weight', 'weight']);
    expect(items.map((it) => it.w)).toEqual([undefined, 0.25, 0.5, 1]);
    for (let k = 1; k < items.length; k++) expect(items[k].x).toBeGreaterThan(items[k - 1].x);
  });
});
