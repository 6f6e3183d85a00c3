// Tests of web/src/figures/line-chart/data.ts (pure, run without a DOM): what an
// axis can draw, the cursor's x positions, extents, points and bands.
import { describe, expect, it } from 'vitest';
import { bandDrawable, drawable, extent, hasBand, sortedSeries, valueAt, xPositions } from '../../../../web/src/figures/line-chart/data';
import type { Series } from '../../../../web/src/figures/line-chart/types';
import { quadSeries, scalingSeries } from './fixtures';

describe('series helpers', () => {
  it('collects the x positions of all series, sorted and without repeats (log axes drop x ≤ 0)', () => {
    const s: Series[] = [
      {
        id: 'a',
        label: 'a',
        points: [
          { x: 4, y: 1 },
          { x: 1, y: 2 },
          { x: 0, y: 3 },
        ],
      },
      {
        id: 'b',
        label: 'b',
        points: [
          { x: 4, y: 1 },
          { x: 2, y: NaN },
          { x: Infinity, y: 1 },
        ],
      },
    ];
    expect(xPositions(s)).toEqual([0, 1, 2, 4]);
    expect(xPositions(s, 'log')).toEqual([1, 2, 4]);
  });
  it('takes the y extent over values and bands', () => {
    const [lo, hi] = extent(scalingSeries(), 'y', 'linear')!;
    expect(lo).toBeCloseTo(0.15, 12);
    expect(hi).toBe(1);
    expect(extent(scalingSeries(), 'x', 'log')).toEqual([1, 1024]);
    expect(extent([], 'y', 'linear')).toBeNull();
  });
  it('leaves out of the y extent the points whose x cannot be drawn, and y ≤ 0 on a log axis', () => {
    const s: Series[] = [
      {
        id: 'a',
        label: 'a',
        points: [
          { x: NaN, y: 100 },
          { x: 1, y: 0, hi: 3 },
          { x: 2, y: 2 },
        ],
      },
    ];
    expect(extent(s, 'y', 'linear')).toEqual([0, 3]);
    expect(extent(s, 'y', 'log')).toEqual([2, 3]);
  });
});

describe('drawable, bands and points', () => {
  it('draws finite values, and on a log axis only positive ones', () => {
    expect([0, -1, 1e-300, NaN, Infinity, undefined].map((v) => drawable(v, 'linear'))).toEqual([true, true, true, false, false, false]);
    expect([0, -1, 1e-300, NaN, Infinity, undefined].map((v) => drawable(v, 'log'))).toEqual([false, false, true, false, false, false]);
  });
  it('has a band only where both ends can be drawn', () => {
    expect(bandDrawable({ x: 1, y: 1, lo: 0.5, hi: 2 }, 'linear')).toBe(true);
    expect(bandDrawable({ x: 1, y: 1, lo: 0, hi: 2 }, 'log')).toBe(false);
    expect(bandDrawable({ x: 1, y: 1, hi: 2 }, 'linear')).toBe(false);
    expect(scalingSeries().every((s) => hasBand(s, 'linear'))).toBe(true);
    expect(quadSeries().some((s) => hasBand(s, 'log'))).toBe(false);
  });
  it('finds the point at exactly x, skipping a NaN y', () => {
    const s: Series = {
      id: 'a',
      label: 'a',
      points: [
        { x: 1, y: NaN },
        { x: 1, y: 2 },
        { x: 2, y: 3 },
      ],
    };
    expect(valueAt(s, 1)).toEqual({ x: 1, y: 2 });
    expect(valueAt(s, 1.5)).toBeUndefined();
  });
  it('sorts copies of the points by x and leaves the input alone', () => {
    const input: Series[] = [
      {
        id: 'a',
        label: 'a',
        points: [
          { x: 3, y: 1 },
          { x: 1, y: 2 },
        ],
      },
    ];
    const out = sortedSeries(input);
    expect(out[0].points.map((p) => p.x)).toEqual([1, 3]);
    expect(input[0].points.map((p) => p.x)).toEqual([3, 1]);
    expect(out[0].id).toBe('a');
  });
});
