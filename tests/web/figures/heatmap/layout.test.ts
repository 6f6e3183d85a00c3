// Tests of web/src/figures/heatmap/layout.ts (pure, no DOM): value and label
// texts, tick thinning, the layout of a heatmap at a width, and the choice
// of digits for the values in the cells.
import { describe, expect, it } from 'vitest';
import { formatFull } from '../../../../web/src/figures/kit/figure-kit';
import {
  AXIS_TITLE_H,
  LEGEND_H,
  MAX_CELL,
  MIN_CELL,
  PAD,
  TITLE_H,
  axisLabels,
  cellText,
  computeLayout,
  fitLayout,
  layoutFor,
  shortLabel,
  textWidth,
  thinTicks,
  tickStep,
  type LayoutInput,
} from '../../../../web/src/figures/heatmap/layout';
import { HEATMAP_DEFAULTS, type Matrix, type ResolvedOptions } from '../../../../web/src/figures/heatmap/types';

const base = (rows: number, cols: number, availableWidth: number): LayoutInput => ({
  rows,
  cols,
  availableWidth,
  rowLabels: Array.from({ length: rows }, (_, i) => String(i)),
  colLabels: Array.from({ length: cols }, (_, i) => String(i)),
  customColLabels: false,
  rowTitle: 'query',
  colTitle: 'key',
  showValues: 'auto',
  valueChars: 4,
  hasMask: true,
  maskedLabel: 'masked',
});

const options = (o: Partial<ResolvedOptions> = {}): ResolvedOptions => ({ ...HEATMAP_DEFAULTS, ...o });
const matrix = (rows: number, cols: number, f: (p: number) => number, masked: Uint8Array | null = null): Matrix => ({
  values: new Float64Array(rows * cols).map((_, p) => f(p)),
  masked,
  rows,
  cols,
});

describe('cellText and formatFull', () => {
  it('prints fixed digits without trailing zeros', () => {
    expect(cellText(0.451326, 3)).toBe('0.451');
    expect(cellText(0.4515, 3)).toBe('0.452');
    expect(cellText(0.5, 3)).toBe('0.5');
    expect(cellText(1, 3)).toBe('1');
    expect(cellText(0, 3)).toBe('0');
    expect(cellText(10.25, 1)).toBe('10.3');
    expect(cellText(-1.23456, 2)).toBe('-1.23');
    expect(cellText(0.6, 0)).toBe('1');
  });

  it('never prints "-0", and handles non-finite and huge values', () => {
    expect(cellText(-0.0001, 3)).toBe('0');
    expect(cellText(-0, 3)).toBe('0');
    expect(cellText(NaN, 3)).toBe('NaN');
    expect(cellText(Infinity, 3)).toBe('∞');
    expect(cellText(-Infinity, 3)).toBe('−∞');
    expect(cellText(123456, 3)).toBe('1.23e+5');
  });

  it('gives the readout 6 significant digits', () => {
    expect(formatFull(0.4513261234)).toBe('0.451326');
    expect(formatFull(0.99999999999)).toBe('1');
    expect(formatFull(1e-9)).toBe('1e-9');
    expect(formatFull(-0)).toBe('0');
    expect(formatFull(-Infinity)).toBe('−∞');
  });
});

describe('labels', () => {
  it('cuts labels to 12 characters with an ellipsis, counting characters, not UTF-16 units', () => {
    expect(shortLabel('attention')).toBe('attention');
    expect(shortLabel('abcdefghijkl')).toBe('abcdefghijkl');
    expect(shortLabel('abcdefghijklm')).toBe('abcdefghijk…');
    expect(shortLabel('注意力机制是一种让模型关注重点的方法')).toBe('注意力机制是一种让模型…');
    expect(Array.from(shortLabel('😀'.repeat(20)))).toHaveLength(12);
  });

  it('estimates CJK characters a full em wide and Latin ones 0.62 em', () => {
    expect(textWidth('abcd')).toBeCloseTo(4 * 0.62 * 12, 10);
    expect(textWidth('中文')).toBe(2 * 12);
    expect(textWidth('key', 14)).toBeCloseTo(3 * 0.62 * 14, 10);
  });

  it('labels an axis with the given labels, cut, and the index where none is given', () => {
    expect(axisLabels(3, undefined)).toEqual(['0', '1', '2']);
    expect(axisLabels(4, ['the', '', 'a very long token name'])).toEqual(['the', '1', 'a very long…', '3']);
  });
});

describe('label thinning', () => {
  it('labels every index when cells are roomy', () => {
    expect(tickStep(35, 16)).toBe(1);
    expect(thinTicks(8, 35, 16)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('steps by 1, 2, 5, 10, 20, 50, … when cells are small', () => {
    expect(tickStep(10, 16)).toBe(2);
    expect(tickStep(4, 16)).toBe(5);
    expect(tickStep(1, 16)).toBe(20);
    expect(tickStep(0.1, 16)).toBe(200);
    expect(thinTicks(64, 4, 16)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
  });

  it('keeps a 512-wide axis to a readable number of labels', () => {
    const t = thinTicks(512, 1, 16);
    expect(t[0]).toBe(0);
    expect(t.length).toBe(26);
    expect(t.every((i, k) => i === 20 * k && i < 512)).toBe(true);
  });
});

describe('computeLayout', () => {
  it('fits an 8 × 8 heatmap into a phone-width container with values shown', () => {
    const L = computeLayout(base(8, 8, 343));
    expect(L.cell).toBeGreaterThanOrEqual(28);
    expect(L.width).toBeLessThanOrEqual(343);
    expect(L.plotWidth).toBe(8 * L.cell);
    expect(L.plotHeight).toBe(8 * L.cell);
    expect(L.showValues).toBe(true);
    expect(L.rowTicks).toHaveLength(8);
  });

  it('caps cells at MAX_CELL px and never goes below 1 px', () => {
    expect(computeLayout(base(3, 3, 1200)).cell).toBe(MAX_CELL);
    const big = computeLayout(base(512, 512, 600));
    expect(big.cell).toBe(1);
    expect(big.showValues).toBe(false);
    expect(big.rowTicks.length).toBeLessThanOrEqual(30);
    expect(big.colTicks.length).toBeLessThanOrEqual(30);
  });

  it('hides values for more than 400 cells unless asked', () => {
    expect(computeLayout(base(21, 20, 2000)).showValues).toBe(false);
    expect(computeLayout({ ...base(21, 20, 2000), showValues: 'always' }).showValues).toBe(true);
    expect(computeLayout({ ...base(2, 2, 2000), showValues: 'never' }).showValues).toBe(false);
  });

  it('turns long custom column labels upright instead of dropping them', () => {
    const words = ['attention', 'is', 'all', 'you', 'need', 'really', 'truly', 'honestly'];
    const L = computeLayout({ ...base(8, 8, 343), colLabels: words, customColLabels: true });
    expect(L.rotateColLabels).toBe(true);
    expect(L.colTicks).toHaveLength(8);
  });

  it('stacks title, axis title, labels, plot and legend from top to bottom, and fits them in its size', () => {
    for (const title of [undefined, 'head 1']) {
      for (const [rows, cols, w] of [
        [3, 3, 360],
        [8, 8, 343],
        [64, 64, 600],
        [1, 40, 200],
      ] as const) {
        const L = computeLayout({ ...base(rows, cols, w), title });
        expect(L.top).toBeGreaterThanOrEqual(PAD + (title ? TITLE_H : 0) + AXIS_TITLE_H);
        expect(L.left).toBeGreaterThanOrEqual(PAD + AXIS_TITLE_H);
        expect(L.legendY).toBeGreaterThan(L.top + L.plotHeight);
        expect(L.height).toBeGreaterThanOrEqual(L.legendY + LEGEND_H);
        expect(L.width).toBeGreaterThanOrEqual(L.left + L.plotWidth);
        expect(L.width).toBeGreaterThanOrEqual(L.left + L.legendWidth);
        expect(L.legendWidth).toBeGreaterThanOrEqual(100);
        expect(L.legendWidth).toBeLessThanOrEqual(200);
        expect(L.cell).toBeGreaterThanOrEqual(MIN_CELL);
        expect(L.cell).toBeLessThanOrEqual(MAX_CELL);
        expect(Number.isInteger(L.width) && Number.isInteger(L.height) && Number.isInteger(L.left) && Number.isInteger(L.top)).toBe(true);
      }
    }
  });

  it('widens the left margin for long row labels and CJK titles, and falls back to 640 px without a width', () => {
    const narrow = computeLayout(base(3, 3, 600));
    const wide = computeLayout({ ...base(3, 3, 600), rowLabels: ['a very long…', 'b', 'c'] });
    expect(wide.left - narrow.left).toBeGreaterThanOrEqual(Math.floor(textWidth('a very long…') - textWidth('0')));
    const titled = computeLayout({ ...base(1, 1, 600), title: '第 1 个头：注意力权重的热力图' });
    expect(titled.width).toBeGreaterThanOrEqual(PAD + textWidth('第 1 个头：注意力权重的热力图', 14) + PAD);
    expect(computeLayout(base(40, 40, 0))).toEqual(computeLayout(base(40, 40, 640)));
    expect(computeLayout(base(40, 40, NaN))).toEqual(computeLayout(base(40, 40, 640)));
  });

  it('draws grid lines from 20 px cells up, and leaves room for the masked key only when a cell is hidden', () => {
    expect(computeLayout(base(3, 3, 1200)).grid).toBe(true);
    expect(computeLayout(base(64, 64, 600)).grid).toBe(false);
    const withKey = computeLayout({ ...base(2, 2, 1200), maskedLabel: 'a long word for hidden' });
    const without = computeLayout({ ...base(2, 2, 1200), hasMask: false, maskedLabel: 'a long word for hidden' });
    expect(withKey.width).toBeGreaterThan(without.width);
    expect(withKey.width).toBeGreaterThanOrEqual(withKey.left + withKey.legendWidth + 16 + 14 + 4 + textWidth('a long word for hidden'));
  });
});

describe('layoutFor and fitLayout', () => {
  it('sizes the values by the widest text and notices a mask', () => {
    const m = matrix(3, 3, (p) => (p === 4 ? 0.123456 : 1));
    const L3 = layoutFor(m, options(), 360, 3, axisLabels(3, undefined), axisLabels(3, undefined));
    const L1 = layoutFor(m, options(), 360, 1, axisLabels(3, undefined), axisLabels(3, undefined));
    expect(L1.valueFontSize).toBeGreaterThanOrEqual(L3.valueFontSize);
    const masked = matrix(3, 3, () => 0.5, Uint8Array.from([0, 1, 0, 0, 0, 0, 0, 0, 0]));
    const unmaskedMask = matrix(3, 3, () => 0.5, new Uint8Array(9));
    const o = options({ maskedLabel: 'a long word for hidden' });
    expect(layoutFor(masked, o, 1200, 3, ['0', '1', '2'], ['0', '1', '2']).width).toBeGreaterThan(
      layoutFor(unmaskedMask, o, 1200, 3, ['0', '1', '2'], ['0', '1', '2']).width,
    );
  });

  it('rotates column labels only for custom labels', () => {
    const m = matrix(8, 8, () => 0.125);
    const long = ['attention', 'is', 'all', 'you', 'need', 'really', 'truly', 'honestly'];
    expect(layoutFor(m, options({ colLabels: long }), 343, 3, axisLabels(8, undefined), long).rotateColLabels).toBe(true);
    expect(layoutFor(m, options(), 343, 3, axisLabels(8, undefined), long).rotateColLabels).toBe(false);
  });

  it('keeps the asked digits when they fit', () => {
    const m = matrix(3, 3, (p) => p / 9 + 0.0001234);
    const { layout, digits } = fitLayout(m, options(), 1200, axisLabels(3, undefined), axisLabels(3, undefined));
    expect(digits).toBe(3);
    expect(layout.showValues).toBe(true);
    expect(layout.valueFontSize).toBeGreaterThanOrEqual(10);
  });

  it('drops to fewer digits (not below 2) when the values would need a font under 10 px', () => {
    // 8 × 8 in 330 px: 36-px cells; "0.1235" needs an 8-px font, "0.123" a 10-px one
    const m = matrix(8, 8, (p) => p / 64 + 0.0001234);
    const labels = axisLabels(8, undefined);
    const asked = layoutFor(m, options({ digits: 4 }), 330, 4, labels, labels);
    expect(asked.cell).toBe(36);
    expect(asked.showValues).toBe(true);
    expect(asked.valueFontSize).toBe(8);
    const { layout, digits } = fitLayout(m, options({ digits: 4 }), 330, labels, labels);
    expect(digits).toBe(3);
    expect(layout.valueFontSize).toBe(10);
    expect(layout).toEqual(layoutFor(m, options({ digits: 4 }), 330, 3, labels, labels));
    // never below 2 digits, and only 'auto' adapts
    expect(fitLayout(m, options({ digits: 8 }), 200, labels, labels).digits).toBeGreaterThanOrEqual(2);
    expect(fitLayout(m, options({ digits: 4, showValues: 'always' }), 330, labels, labels).digits).toBe(4);
  });
});
