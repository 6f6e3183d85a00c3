// Tests of web/src/figures/line-chart/cursor.ts (pure, run without a DOM): the
// keys that move the cursor and the position nearest to a pointer.
import { describe, expect, it } from 'vitest';
import { indexAtPoint, moveIndex, nearestIndex } from '../../../../web/src/figures/line-chart/cursor';

describe('cursor movement', () => {
  it('moves one stop with ←/→, to the ends with Home/End, five with PageUp/PageDown, and clamps', () => {
    expect(moveIndex(3, 'ArrowLeft', 11)).toBe(2);
    expect(moveIndex(3, 'ArrowRight', 11)).toBe(4);
    expect(moveIndex(0, 'ArrowLeft', 11)).toBe(0);
    expect(moveIndex(10, 'ArrowRight', 11)).toBe(10);
    expect(moveIndex(5, 'Home', 11)).toBe(0);
    expect(moveIndex(5, 'End', 11)).toBe(10);
    expect(moveIndex(8, 'PageUp', 11)).toBe(10);
    expect(moveIndex(3, 'PageDown', 11)).toBe(0);
    expect(moveIndex(3, 'ArrowUp', 11)).toBeNull();
    expect(moveIndex(3, 'a', 11)).toBeNull();
  });
  it('finds the nearest position in pixels', () => {
    expect(nearestIndex([0, 10, 40], 24)).toBe(1);
    expect(nearestIndex([0, 10, 40], 26)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
  });
  it('takes the first of two equally near positions', () => {
    expect(nearestIndex([0, 10], 5)).toBe(0);
  });
});

describe('indexAtPoint', () => {
  const plot = { width: 100, height: 50 };
  it('finds the nearest x inside the plot and up to 12 px around it', () => {
    expect(indexAtPoint([0, 50, 100], 60, 25, plot)).toBe(1);
    expect(indexAtPoint([0, 50, 100], -12, -12, plot)).toBe(0);
    expect(indexAtPoint([0, 50, 100], 112, 62, plot)).toBe(2);
  });
  it('is −1 further out, or with no positions', () => {
    expect(indexAtPoint([0, 50, 100], -13, 25, plot)).toBe(-1);
    expect(indexAtPoint([0, 50, 100], 50, 63, plot)).toBe(-1);
    expect(indexAtPoint([], 50, 25, plot)).toBe(-1);
  });
});
