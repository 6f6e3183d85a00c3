// Tests of web/src/figures/heatmap/navigation.ts (pure, no DOM): the cell a
// key moves the cursor to, the cell under a pointer, and which cells
// survive an update.
import { describe, expect, it } from 'vitest';
import { cellAtPoint, fitsIn, moveCursor } from '../../../../web/src/figures/heatmap/navigation';

describe('moveCursor', () => {
  const at = { row: 1, col: 1 };
  it('moves with the arrows and clamps at the edges', () => {
    expect(moveCursor(at, 'ArrowUp', 3, 4)).toEqual({ row: 0, col: 1 });
    expect(moveCursor(at, 'ArrowDown', 3, 4)).toEqual({ row: 2, col: 1 });
    expect(moveCursor(at, 'ArrowLeft', 3, 4)).toEqual({ row: 1, col: 0 });
    expect(moveCursor(at, 'ArrowRight', 3, 4)).toEqual({ row: 1, col: 2 });
    expect(moveCursor({ row: 0, col: 0 }, 'ArrowUp', 3, 4)).toEqual({ row: 0, col: 0 });
    expect(moveCursor({ row: 2, col: 3 }, 'ArrowRight', 3, 4)).toEqual({ row: 2, col: 3 });
  });
  it('Home/End go to the ends of the row; with Ctrl to the corners', () => {
    expect(moveCursor(at, 'Home', 3, 4)).toEqual({ row: 1, col: 0 });
    expect(moveCursor(at, 'End', 3, 4)).toEqual({ row: 1, col: 3 });
    expect(moveCursor(at, 'Home', 3, 4, true)).toEqual({ row: 0, col: 0 });
    expect(moveCursor(at, 'End', 3, 4, true)).toEqual({ row: 2, col: 3 });
    expect(moveCursor(at, 'PageDown', 30, 4)).toEqual({ row: 11, col: 1 });
  });
  it('ignores other keys', () => {
    expect(moveCursor(at, 'a', 3, 4)).toBeNull();
    expect(moveCursor(at, 'Tab', 3, 4)).toBeNull();
  });
  it('PageUp/PageDown move 10 rows and stop at the first and last', () => {
    expect(moveCursor({ row: 15, col: 2 }, 'PageUp', 30, 4)).toEqual({ row: 5, col: 2 });
    expect(moveCursor({ row: 5, col: 2 }, 'PageUp', 30, 4)).toEqual({ row: 0, col: 2 });
    expect(moveCursor({ row: 25, col: 2 }, 'PageDown', 30, 4)).toEqual({ row: 29, col: 2 });
  });
});

describe('cellAtPoint', () => {
  // a 3 × 4 plot of 20-px cells at (100, 50)
  const box = { left: 100, top: 50, width: 80, height: 60 };
  it('finds the cell under a point, rows down and columns across', () => {
    expect(cellAtPoint(box, 100, 50, 3, 4)).toEqual({ row: 0, col: 0 });
    expect(cellAtPoint(box, 119.9, 69.9, 3, 4)).toEqual({ row: 0, col: 0 });
    expect(cellAtPoint(box, 120, 70, 3, 4)).toEqual({ row: 1, col: 1 });
    expect(cellAtPoint(box, 179, 109, 3, 4)).toEqual({ row: 2, col: 3 });
  });
  it('is null outside the plot, for an empty matrix and for an empty box', () => {
    expect(cellAtPoint(box, 99, 60, 3, 4)).toBeNull();
    expect(cellAtPoint(box, 180, 60, 3, 4)).toBeNull();
    expect(cellAtPoint(box, 120, 110, 3, 4)).toBeNull();
    expect(cellAtPoint(box, 120, 49, 3, 4)).toBeNull();
    expect(cellAtPoint(box, 120, 60, 0, 4)).toBeNull();
    expect(cellAtPoint({ ...box, width: 0 }, 100, 60, 3, 4)).toBeNull();
  });
});

describe('fitsIn', () => {
  it('keeps no cell and cells inside, drops cells outside', () => {
    expect(fitsIn(null, 0, 0)).toBe(true);
    expect(fitsIn({ row: 2, col: 3 }, 3, 4)).toBe(true);
    expect(fitsIn({ row: 3, col: 0 }, 3, 4)).toBe(false);
    expect(fitsIn({ row: 0, col: 4 }, 3, 4)).toBe(false);
  });
});
