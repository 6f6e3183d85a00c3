// Tests of web/src/figures/line-chart/layout.ts (pure, run without a DOM): the
// legend's rows, the vertical layout, the SVG width, the left margin and the
// whole frame of a drawing.
import { describe, expect, it } from 'vitest';
import { chartLayout, chartWidth, leftMargin, legendLayout, verticalLayout } from '../../../../web/src/figures/line-chart/layout';
import { DEFAULT_HEIGHT, LEGEND_ROW, PAD, TITLE_LINE } from '../../../../web/src/figures/line-chart/metrics';
import { textWidth } from '../../../../web/src/figures/line-chart/text';
import { DS, mixedOptions, mixedSeries, quadOptions, quadSeries, scalingOptions, scalingSeries, zhScaling } from './fixtures';

describe('layout', () => {
  it('runs without a DOM (the pure modules need none)', () => {
    expect(typeof document).toBe('undefined');
    expect(chartLayout(scalingSeries(), scalingOptions, 640).width).toBe(640);
  });
  it('flows legend items onto a new row when the width runs out', () => {
    const labels = ['without ÷√d_k', 'with ÷√d_k'];
    expect(legendLayout(labels, 640, 0).rows).toBe(1);
    const narrow = legendLayout(labels, 150, 10);
    expect(narrow.rows).toBe(2);
    expect(narrow.items[1].y).toBeGreaterThan(narrow.items[0].y);
    expect(legendLayout([], 640, 0).rows).toBe(0);
  });
  it('places legend items side by side (sample, 6 px, label, 14 px gap), and a too-long label alone on its row', () => {
    const { items, rows } = legendLayout(['ab', 'cd'], 640, 20);
    expect(items[0]).toEqual({ x: PAD, y: 20 + LEGEND_ROW / 2 });
    expect(items[1].x).toBe(PAD + 26 + 6 + textWidth('ab') + 14);
    expect(rows).toBe(1);
    const long = legendLayout(['x'.repeat(100), 'y'], 200, 0);
    expect(long.items.map((i) => i.x)).toEqual([PAD, PAD]);
    expect(long.rows).toBe(2);
  });
  it('keeps the plot height and grows the SVG by one row per extra legend row', () => {
    const one = verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 0, legendRows: 1 });
    const two = verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 0, legendRows: 2 });
    expect(one.height).toBe(DEFAULT_HEIGHT);
    expect(two.plotHeight).toBe(one.plotHeight);
    expect(two.height).toBeGreaterThan(one.height);
    expect(two.top).toBeGreaterThan(one.top);
    const titled = verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 1, legendRows: 1 });
    expect(titled.height).toBe(DEFAULT_HEIGHT);
    expect(titled.plotHeight).toBeLessThan(one.plotHeight);
    const wrapped = verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 2, legendRows: 1 });
    expect(wrapped.plotHeight).toBe(titled.plotHeight);
    expect(wrapped.legendTop).toBeGreaterThan(titled.legendTop);
    expect(wrapped.height).toBeGreaterThan(DEFAULT_HEIGHT);
  });
  it('adds exactly a legend row or a title line per extra row, and never makes the plot lower than 100 px', () => {
    const base = verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 1, legendRows: 1 });
    const more = verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 3, legendRows: 2 });
    expect(more.height - base.height).toBe(2 * TITLE_LINE + LEGEND_ROW);
    expect(more.top - base.top).toBe(2 * TITLE_LINE + LEGEND_ROW);
    expect(verticalLayout({ height: 50, titleRows: 0, legendRows: 0 }).plotHeight).toBe(100);
    expect(verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 0, legendRows: 0 }).top).toBe(
      verticalLayout({ height: DEFAULT_HEIGHT, titleRows: 0, legendRows: 1 }).top,
    );
  });
  it('takes the measured width, whole px, at least 200, and 640 before the chart is laid out', () => {
    expect(chartWidth(512.7)).toBe(512);
    expect(chartWidth(120)).toBe(200);
    expect(chartWidth(0)).toBe(640);
  });
  it('makes the left margin room for the widest y label (at least "0")', () => {
    expect(leftMargin([])).toBe(leftMargin(['0']));
    expect(leftMargin(['0.00', '1.00'])).toBeGreaterThan(leftMargin(['0', '1']));
    expect(leftMargin(['100M', '1M'])).toBe(Math.ceil(PAD + 20 + textWidth('100M') + 4 + 3)); // y title, widest label, tick, padding
  });
});

describe('chartLayout', () => {
  it('lays out the √d_k chart at 640 px: a 260 px SVG, a log₂ x axis over the plot, every label shown', () => {
    const f = chartLayout(scalingSeries(), scalingOptions, 640);
    expect([f.width, f.height]).toEqual([640, DEFAULT_HEIGHT]);
    expect([f.xKind, f.yKind]).toEqual(['log', 'linear']);
    expect(f.xs).toEqual(DS);
    expect(f.xTicks).toEqual(DS);
    expect(f.xTickLabels).toEqual(DS.map(String));
    expect(f.xLabelStep).toBe(1);
    expect(f.yTickLabels[0]).toBe('0.00');
    expect(f.x(1)).toBe(0);
    expect(f.x(1024)).toBeCloseTo(f.plotWidth, 9);
    expect(f.y(0)).toBe(f.plotHeight);
    expect(f.left + f.plotWidth).toBeLessThan(f.width);
    expect(f.top + f.plotHeight).toBeLessThan(f.height);
    expect(f.titleLines).toEqual(['Largest softmax weight']);
    expect(f.legend).toHaveLength(2);
    expect(f.legend[0].y).toBeLessThan(f.top);
  });
  it('wraps a long title and the legend at a narrow width, growing the SVG and keeping the plot height', () => {
    const wide = chartLayout(mixedSeries(), mixedOptions, 1000);
    const narrow = chartLayout(mixedSeries(), mixedOptions, 343);
    expect(narrow.titleLines.length).toBeGreaterThan(wide.titleLines.length);
    expect(narrow.titleLines.join(' ')).toBe(mixedOptions.title);
    expect(new Set(narrow.legend.map((i) => i.y)).size).toBe(4);
    expect(narrow.plotHeight).toBe(wide.plotHeight);
    expect(narrow.height).toBeGreaterThan(wide.height);
    expect(narrow.xLabelStep).toBeGreaterThanOrEqual(wide.xLabelStep);
  });
  it('wraps a 中文 title by its wide characters, where a Latin one as long fits', () => {
    const { series, options } = zhScaling();
    const f = chartLayout(series, options, 240);
    expect(f.titleLines).toEqual(['最大的 softmax 权重随键维度 d', '的变化']);
    for (const l of f.titleLines) expect(textWidth(l, 14)).toBeLessThanOrEqual(240 - 2 * PAD);
    const latin = chartLayout(series, { ...options, title: options.title!.replace(/[\u2e80-\uffff]/g, 'x') }, 240);
    expect(latin.titleLines).toHaveLength(1);
  });
  it('lays out an empty chart with default axes', () => {
    const f = chartLayout([], quadOptions, 640);
    expect(f.xs).toEqual([]);
    expect(f.legend).toEqual([]);
    expect(f.x.domain()).toEqual([1, 10]);
    expect(f.y.domain()).toEqual([1, 10]);
    expect(f.height).toBe(DEFAULT_HEIGHT);
  });
  it('honours a given height and gives the same frame for the same input', () => {
    const tall = chartLayout(quadSeries(), { ...quadOptions, height: 400 }, 640);
    expect(tall.height).toBe(400);
    const a = chartLayout(quadSeries(), quadOptions, 640);
    const b = chartLayout(quadSeries(), quadOptions, 640);
    expect({ ...a, x: a.x.domain(), y: a.y.domain() }).toEqual({ ...b, x: b.x.domain(), y: b.y.domain() });
  });
});
