// Tests of web/src/figures/line-chart/scales.ts (pure, run without a DOM): log
// ticks, label thinning, the y domain, and the y and x axes a frame is built
// from.
import { describe, expect, it } from 'vitest';
import { isPowerOfTwo, labelStep, logTicks, thinLog, xAxisScale, yAxisScale, yDomain } from '../../../../web/src/figures/line-chart/scales';
import { textWidth } from '../../../../web/src/figures/line-chart/text';
import type { Series } from '../../../../web/src/figures/line-chart/types';
import { DS, NS, quadOptions, quadSeries, scalingOptions, scalingSeries } from './fixtures';

const line = (points: Array<[number, number]>): Series[] => [{ id: 'a', label: 'a', points: points.map(([x, y]) => ({ x, y })) }];

describe('logTicks', () => {
  it('gives the powers of two over 1…1024 for a base-2 axis', () => {
    expect(logTicks([1, 1024], 2)).toEqual(DS);
  });
  it('gives the powers of ten inside the domain, and 1-2-5 steps when there are fewer than three', () => {
    expect(logTicks([16, 4096], 10)).toEqual([20, 50, 100, 200, 500, 1000, 2000]);
    expect(logTicks([1, 1e6], 10)).toEqual([1, 10, 100, 1000, 1e4, 1e5, 1e6]);
    expect(logTicks([0.001, 1000], 10)).toEqual([0.001, 0.01, 0.1, 1, 10, 100, 1000]);
  });
  it('is empty for a domain that a log axis cannot show', () => {
    expect(logTicks([0, 10], 10)).toEqual([]);
    expect(logTicks([-5, 10], 2)).toEqual([]);
  });
  it('knows powers of two', () => {
    expect(DS.every(isPowerOfTwo)).toBe(true);
    expect(isPowerOfTwo(0.25)).toBe(true);
    expect(isPowerOfTwo(48)).toBe(false);
    expect(isPowerOfTwo(0)).toBe(false);
  });
  it('accepts a reversed domain and thins long lists to every k-th power', () => {
    expect(logTicks([1024, 1], 2)).toEqual(DS);
    const ticks = logTicks([1e-6, 1e6], 10);
    expect(ticks).toHaveLength(13);
    expect(thinLog(ticks, 5)).toEqual([1e-6, 1e-3, 1, 1e3, 1e6]);
    expect(thinLog([1, 10], 5)).toEqual([1, 10]);
  });
});

describe('labelStep', () => {
  it('keeps every label when they fit, and every k-th when they would overlap', () => {
    const centres = [0, 30, 60, 90, 120];
    expect(labelStep(centres, [10, 10, 10, 10, 10])).toBe(1);
    expect(labelStep(centres, [30, 30, 30, 30, 30])).toBe(2);
    expect(labelStep(centres, [60, 60, 60, 60, 60])).toBe(3);
    expect(labelStep([], [])).toBe(1);
  });
});

describe('yDomain', () => {
  it('is the given domain, else the data with bands; a linear one starts at 0 at most', () => {
    expect(yDomain(scalingSeries(), scalingOptions)).toEqual([0, 1]);
    const [lo, hi] = yDomain(scalingSeries(), {});
    expect(lo).toBe(0);
    expect(hi).toBe(1);
    expect(
      yDomain(
        line([
          [0, -2],
          [1, 3],
        ]),
        {},
      ),
    ).toEqual([-2, 3]);
    expect(yDomain(quadSeries(), quadOptions)[0]).toBeCloseTo(2e-5 * 16 ** 1.9, 12);
  });
  it('widens a single value and falls back to 0…1 (linear) or 1…10 (log) without data', () => {
    expect(yDomain(line([[0, 0]]), {})).toEqual([0, 1]);
    expect(yDomain(line([[0, 5]]), { yDomain: [5, 5] })).toEqual([4, 6]);
    expect(yDomain(line([[1, 5]]), { yScale: 'log' })).toEqual([0.5, 50]);
    expect(yDomain([], {})).toEqual([0, 1]);
    expect(yDomain([], { yScale: 'log' })).toEqual([1, 10]);
    expect(yDomain(line([[1, 0]]), { yScale: 'log' })).toEqual([1, 10]);
  });
});

describe('yAxisScale', () => {
  it('maps the domain onto the plot upside down, one tick per ~40 px, labels in yFormat', () => {
    const { y, ticks, labels } = yAxisScale(scalingSeries(), scalingOptions, 200);
    expect(y.domain()).toEqual([0, 1]);
    expect(y(0)).toBe(200);
    expect(y(1)).toBe(0);
    expect(ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(labels).toEqual(['0.00', '0.20', '0.40', '0.60', '0.80', '1.00']);
    expect(yAxisScale(scalingSeries(), scalingOptions, 100).ticks).toEqual([0, 0.5, 1]);
  });
  it('nices a data domain and labels it with d3’s format when there is no yFormat', () => {
    const { y, ticks, labels } = yAxisScale(
      line([
        [0, 0.13],
        [1, 0.87],
      ]),
      { xLabel: 'x', yLabel: 'y' },
      160,
    );
    expect(y.domain()).toEqual([0, 0.9]);
    expect(ticks[ticks.length - 1]).toBeCloseTo(0.8, 12);
    expect(labels[1]).toBe('0.2');
  });
  it('gives powers of ten on a log axis, at most one more than the linear count, in the short format', () => {
    const { ticks, labels } = yAxisScale(quadSeries(), quadOptions, 160);
    for (const v of ticks) expect(Math.log10(v) % 1).toBeCloseTo(0, 9);
    expect(ticks.length).toBeLessThanOrEqual(5);
    expect(labels).toContain('1M');
  });
});

describe('xAxisScale', () => {
  it('uses base-2 ticks on a log axis when every x is a power of two, and leaves room for the last label', () => {
    const X = xAxisScale(quadSeries(), quadOptions, 640, 50);
    expect(X.ticks).toEqual(NS);
    expect(X.xs).toEqual(NS);
    expect(X.labels[X.labels.length - 1]).toBe('4096');
    const right = Math.ceil(4 + Math.max(8, textWidth('4096') / 2));
    expect(X.plotWidth).toBe(640 - 50 - right);
    expect(X.x(16)).toBe(0);
    expect(X.x(4096)).toBeCloseTo(X.plotWidth, 9);
    expect(X.step).toBe(1);
  });
  it('uses base-10 ticks when some x is not a power of two, and keeps given ticks inside the domain only', () => {
    const s = line([
      [10, 1],
      [300, 2],
      [5000, 3],
    ]);
    expect(xAxisScale(s, { ...quadOptions, yScale: 'linear' }, 640, 50).ticks).toEqual([10, 100, 1000]);
    expect(xAxisScale(s, { ...quadOptions, xTicks: [1, 10, 100, 1e4] }, 640, 50).ticks).toEqual([10, 100]);
  });
  it('nices a linear domain and puts about one tick per 70 px of plot', () => {
    const s = line([
      [0.3, 1],
      [9.6, 2],
    ]);
    const wide = xAxisScale(s, { xLabel: 'x', yLabel: 'y' }, 1000, 40);
    expect(wide.x.domain()).toEqual([0, 10]);
    expect(wide.ticks).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const narrow = xAxisScale(s, { xLabel: 'x', yLabel: 'y' }, 200, 40);
    expect(narrow.ticks).toEqual([0, 5, 10]);
  });
  it('never makes the plot narrower than 60 px, and thins labels (not ticks) that would overlap', () => {
    const X = xAxisScale(scalingSeries(), scalingOptions, 200, 180);
    expect(X.plotWidth).toBe(60);
    expect(X.ticks).toEqual(DS);
    expect(X.step).toBeGreaterThan(1);
  });
  it('puts ticks only at whole numbers when x counts something (an empty run of steps 0 to 1)', () => {
    const opts = { xLabel: 'step', yLabel: 'loss', xDomain: [0, 1] as [number, number], xFormat: (v: number) => String(Math.round(v)) };
    expect(xAxisScale([], opts, 640, 40).ticks.length).toBeGreaterThan(2); // 0, 0.2, … 1: labelled 0 0 0 1 1 1
    const whole = xAxisScale([], { ...opts, xWhole: true }, 640, 40);
    expect(whole.ticks).toEqual([0, 1]);
    expect(whole.labels).toEqual(['0', '1']);
    expect(xAxisScale([], { ...opts, xWhole: true, xDomain: [0, 300] }, 640, 40).ticks).toEqual([0, 50, 100, 150, 200, 250, 300]);
  });
  it('widens a single x and labels with xFormat', () => {
    const X = xAxisScale(line([[5, 1]]), { xLabel: 'x', yLabel: 'y', xFormat: (v) => `${v} s` }, 640, 40);
    expect(X.x.domain()).toEqual([4, 6]);
    expect(X.labels[0]).toMatch(/ s$/);
    expect(xAxisScale(line([[4, 1]]), quadOptions, 640, 40).x.domain()).toEqual([2, 8]);
  });
});
