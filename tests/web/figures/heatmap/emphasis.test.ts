// Tests of emphasisBox (emphasis.ts, pure): the rectangle Heatmap.highlight
// outlines for a row, a column or a cell, and nothing for what is not there.
import { describe, expect, it } from 'vitest';
import { emphasisBox } from '../../../../web/src/figures/heatmap/emphasis';

const L = { left: 40, top: 30, cell: 20 };

describe('emphasisBox', () => {
  it('a row: the whole row (the weights row that made an output row)', () => {
    expect(emphasisBox({ row: 2 }, 3, 4, L)).toEqual({ x: 40, y: 70, width: 80, height: 20 });
  });

  it('a column: the whole column', () => {
    expect(emphasisBox({ col: 3 }, 3, 4, L)).toEqual({ x: 100, y: 30, width: 20, height: 60 });
  });

  it('a cell: that cell, at least 3 px a side', () => {
    expect(emphasisBox({ row: 1, col: 0 }, 3, 4, L)).toEqual({ x: 40, y: 50, width: 20, height: 20 });
    expect(emphasisBox({ row: 1, col: 1 }, 3, 4, { ...L, cell: 1 })).toEqual({ x: 41, y: 31, width: 3, height: 3 });
  });

  it('nothing for null, neither index, or an index outside the matrix', () => {
    expect(emphasisBox(null, 3, 4, L)).toBeNull();
    expect(emphasisBox({}, 3, 4, L)).toBeNull();
    expect(emphasisBox({ row: 3 }, 3, 4, L)).toBeNull();
    expect(emphasisBox({ col: -1 }, 3, 4, L)).toBeNull();
    expect(emphasisBox({ row: 0, col: 4 }, 3, 4, L)).toBeNull();
    expect(emphasisBox({ row: 0.5 }, 3, 4, L)).toBeNull();
  });
});
