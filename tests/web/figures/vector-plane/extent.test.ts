// extent.test.ts — the shown square of the vector plane: it holds every arrow
// and the origin with a margin, its edges are on ticks, both axes have the
// same span; the ticks, the decimals of dragged values and the key step
// follow from it.
import { describe, expect, test } from 'vitest';
import {
  covers,
  fitExtent,
  keyStep,
  niceStep,
  sameExtent,
  stepDecimals,
  ticks,
  valueDecimals,
  type Extent,
} from '../../../../web/src/figures/vector-plane/extent';
import type { Vec2 } from '../../../../web/src/figures/vector-plane/types';

const span = (e: Extent) => [e.x1 - e.x0, e.y1 - e.y0];
const onTick = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

describe('niceStep', () => {
  test('the smallest 1, 2 or 5 × 10^k at least as large', () => {
    expect([0.217, 0.5, 0.51, 1, 1.01, 2.6, 4.33, 7, 0.0003].map(niceStep)).toEqual([0.5, 0.5, 1, 1, 2, 5, 5, 10, 0.0005]);
  });
});

describe('fitExtent', () => {
  test('the 3 × 2 example (every coordinate in [0, 1]) shows [−0.5, 1.5]² with ticks 0.5 apart', () => {
    const pts: Vec2[] = [
      [1, 0],
      [0, 1],
      [1, 1],
    ];
    expect(fitExtent(pts)).toEqual({ x0: -0.5, x1: 1.5, y0: -0.5, y1: 1.5, step: 0.5 });
  });

  test('equal spans, edges on ticks, every point and the origin inside with a margin', () => {
    const cases: Vec2[][] = [
      [
        [10, 20],
        [3, -1],
      ],
      [
        [-0.02, 0.003],
        [0.01, 0.04],
      ],
      [[1e6, -3e5]],
      [
        [-2.5, -7.25],
        [0.75, 0.1],
        [1.3, 4],
      ],
    ];
    for (const pts of cases) {
      const e = fitExtent(pts);
      const [sx, sy] = span(e);
      expect(sx).toBeCloseTo(sy, 9);
      for (const v of [e.x0, e.x1, e.y0, e.y1]) expect(onTick(v, e.step)).toBe(true);
      expect(covers(e, [...pts, [0, 0]])).toBe(true);
      // a margin: nothing on the edge
      for (const [x, y] of pts) {
        expect(Math.min(x - e.x0, e.x1 - x, y - e.y0, e.y1 - y)).toBeGreaterThan(0);
      }
      // not absurdly large: the span is at most about 3 × the data's
      const dataSpan = Math.max(...pts.flatMap(([x, y]) => [Math.abs(x), Math.abs(y)]));
      expect(sx).toBeLessThan(4 * dataSpan + 4 * e.step);
    }
  });

  test('vectors all at the origin (or none) show about [−1.5, 1.5]', () => {
    expect(fitExtent([[0, 0]])).toEqual({ x0: -1.5, x1: 1.5, y0: -1.5, y1: 1.5, step: 0.5 });
    expect(fitExtent([])).toEqual(fitExtent([[0, 0]]));
  });

  test('edges are exact decimals (no 0.30000000000000004)', () => {
    const e = fitExtent([[0.25, 0.27]]);
    for (const v of [e.x0, e.x1, e.y0, e.y1]) expect(String(v).length).toBeLessThan(6);
  });

  test('non-finite values are left out', () => {
    expect(
      fitExtent([
        [1, NaN],
        [Infinity, 1],
      ]),
    ).toEqual(fitExtent([[1, 1]]));
  });
});

describe('what follows from the extent', () => {
  test('ticks are the multiples of the step, exact', () => {
    expect(ticks(-0.5, 1.5, 0.5)).toEqual([-0.5, 0, 0.5, 1, 1.5]);
    expect(ticks(-0.3, 0.3, 0.1)).toEqual([-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3]);
  });

  test('the decimals of a step', () => {
    expect([0.5, 0.25, 2, 0.1, 5e-4, 100].map(stepDecimals)).toEqual([1, 2, 0, 1, 4, 0]);
  });

  test('dragged values are rounded to a tenth of what a tick step needs: 2 decimals for the 3 × 2 example', () => {
    const e = (step: number): Extent => ({ x0: 0, x1: 6 * step, y0: 0, y1: 6 * step, step });
    expect([0.5, 0.2, 0.1, 0.05, 1, 2, 5, 10, 1000].map((s) => valueDecimals(e(s)))).toEqual([2, 2, 2, 3, 1, 1, 1, 0, 0]);
  });

  test('a key press moves a tenth of the power of ten under the span', () => {
    const e = (w: number): Extent => ({ x0: -w / 2, x1: w / 2, y0: -w / 2, y1: w / 2, step: 0.5 });
    expect([2, 3, 9.9, 10, 40, 0.4].map((w) => keyStep(e(w)))).toEqual([0.1, 0.1, 0.1, 1, 1, 0.01]);
  });

  test('sameExtent compares every edge and the step', () => {
    const a = fitExtent([[1, 1]]);
    expect(sameExtent(a, { ...a })).toBe(true);
    expect(sameExtent(a, { ...a, x1: a.x1 + a.step })).toBe(false);
    expect(sameExtent(a, null)).toBe(false);
  });
});
