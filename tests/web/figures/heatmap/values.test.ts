// Tests of cellValues in web/src/figures/heatmap/values.ts (pure): which
// numbers are printed in the cells, with which text and colour.
import { describe, expect, it } from 'vitest';
import { interpolateViridis } from 'd3-scale-chromatic';
import { normalise } from '../../../../web/src/figures/heatmap/data';
import { MASK_TEXT, cellValues } from '../../../../web/src/figures/heatmap/values';

const m = normalise({
  values: [
    [1, 0.5],
    [0.145036, 0],
  ],
  rows: 2,
  cols: 2,
  masked: [
    [false, true],
    [false, false],
  ],
});

describe('cellValues', () => {
  it('prints one value per cell, row-major, black on light cells and white on dark ones, × in masked cells', () => {
    const v = cellValues(m, { showValues: true }, [0, 1], 3);
    expect(v.map((d) => [d.i, d.j, d.t])).toEqual([
      [0, 0, '1'],
      [0, 1, MASK_TEXT],
      [1, 0, '0.145'],
      [1, 1, '0'],
    ]);
    expect(v[0].fill).toBe('#000000'); // on yellow
    expect(v[1].fill).toBe('#333333');
    expect(v[2].fill).toBe('#ffffff'); // on dark purple
    expect(v[3].fill).toBe('#ffffff');
    expect(interpolateViridis(0)).toBe('#440154');
  });

  it('follows the digits and the domain, and prints nothing when the layout shows no values', () => {
    expect(cellValues(m, { showValues: true }, [0, 1], 1).map((d) => d.t)).toEqual(['1', MASK_TEXT, '0.1', '0']);
    expect(cellValues(m, { showValues: true }, [-10, 0], 3)[3].fill).toBe('#000000'); // 0 is the top of [-10, 0]: yellow
    expect(cellValues(m, { showValues: false }, [0, 1], 3)).toEqual([]);
  });
});
