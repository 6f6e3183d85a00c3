// geometry.test.ts — the plane's pure geometry: data ↔ viewBox pixels, the
// pointer's client position, a drag (pixel delta → new values → the matrix
// cells they write), rounding, key presses, the columns chosen, arrow heads
// and where labels go.
import { describe, expect, test } from 'vitest';
import { fitExtent } from '../../../../web/src/figures/vector-plane/extent';
import {
  arrowHead,
  cellEdits,
  chooseColumn,
  clampTo,
  clientToView,
  dragValue,
  frameFor,
  keyValue,
  labelPlace,
  LABEL_FONT,
  LABEL_MAX_SHIFT,
  separateLabels,
  PAD,
  roundTo,
  toData,
  toPx,
  VIEW,
} from '../../../../web/src/figures/vector-plane/geometry';

/** The 3 × 2 example's frame: [−0.5, 1.5]² in a 360 viewBox with 14 of padding, 166 units per data unit. */
const example = frameFor(fitExtent([[1, 1]]));

describe('data ↔ viewBox pixels', () => {
  test('the corners of the extent are the corners of the plot; y grows upwards in data', () => {
    expect(example.scale).toBe((VIEW - 2 * PAD) / 2);
    expect(toPx(example, [-0.5, 1.5])).toEqual([PAD, PAD]);
    expect(toPx(example, [1.5, -0.5])).toEqual([VIEW - PAD, VIEW - PAD]);
    expect(toPx(example, [0, 0])).toEqual([PAD + 83, PAD + 249]);
  });

  test('toData inverts toPx; one unit is as long across as up', () => {
    for (const v of [
      [0.3, -0.2],
      [1.25, 1.5],
    ] as [number, number][]) {
      const back = toData(example, toPx(example, v));
      expect(back[0]).toBeCloseTo(v[0], 12);
      expect(back[1]).toBeCloseTo(v[1], 12);
    }
    const [ox, oy] = toPx(example, [0, 0]);
    const [ux] = toPx(example, [1, 0]);
    const [, uy] = toPx(example, [0, 1]);
    expect(ux - ox).toBeCloseTo(oy - uy, 12);
  });

  test('a client position maps through the SVG’s box, scaled and centred', () => {
    const box = { left: 100, top: 50, width: 180, height: 180 }; // drawn at half size
    expect(clientToView(box, VIEW, 100, 50)).toEqual([0, 0]);
    expect(clientToView(box, VIEW, 190, 140)).toEqual([180, 180]);
    // a box wider than tall: the square is centred across
    expect(clientToView({ left: 0, top: 0, width: 460, height: 360 }, VIEW, 50, 0)).toEqual([0, 0]);
  });
});

describe('a drag', () => {
  test('a pixel delta moves the value by delta / scale (up is +y), rounded', () => {
    // 33.2 units right and 16.6 up from q = (1, 0): (1.2, 0.1)
    expect(dragValue(example, [1, 0], [33.2, -16.6], 2)).toEqual([1.2, 0.1]);
    // a small delta rounds to the nearest 0.01
    expect(dragValue(example, [1, 0], [1, 1], 2)).toEqual([1.01, -0.01]);
  });

  test('the value stays inside the shown extent', () => {
    expect(dragValue(example, [1, 1], [10_000, -10_000], 2)).toEqual([1.5, 1.5]);
    expect(clampTo(example.extent, [-9, 0.2])).toEqual([-0.5, 0.2]);
  });

  test('the new matrix cells: Q[row][offset + a] and Q[row][offset + b], divided by the length multiplier', () => {
    const value = dragValue(example, [1, 0], [33.2, -16.6], 2);
    expect(cellEdits('q', 0, value, [0, 1], 0, 1, 2)).toEqual([
      { row: 0, col: 0, value: 1.2 },
      { row: 0, col: 1, value: 0.1 },
    ]);
    // multi_head head 2 (offset 4), columns (1, 3) of the head, q = 2·Q
    expect(cellEdits('q', 2, [1.23, -0.5], [1, 3], 4, 2, 2)).toEqual([
      { row: 2, col: 5, value: 0.615 },
      { row: 2, col: 7, value: -0.25 },
    ]);
    // keys are not multiplied: K cells are the values themselves
    expect(cellEdits('k', 1, [1.23, -0.5], [0, 1], 0, 3, 2)).toEqual([
      { row: 1, col: 0, value: 1.23 },
      { row: 1, col: 1, value: -0.5 },
    ]);
    // qLength 3: one more decimal (0.41 = 1.23 / 3); 0.1: one fewer
    expect(cellEdits('q', 0, [1.23, 0.5], [0, 1], 0, 3, 2).map((e) => e.value)).toEqual([0.41, 0.167]);
    expect(cellEdits('q', 0, [1.23, 0.5], [0, 1], 0, 0.1, 2).map((e) => e.value)).toEqual([12.3, 5]);
  });

  test('the cells’ shortest text is short', () => {
    const texts = cellEdits('q', 0, [0.29, -0.07], [0, 1], 0, 3, 2).map((e) => String(e.value));
    expect(texts).toEqual(['0.097', '-0.023']);
  });
});

describe('rounding and keys', () => {
  test('roundTo gives the shortest decimal, never −0', () => {
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(String(roundTo(1.0049999, 2))).toBe('1');
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(roundTo(1234.5678, 0)).toBe(1235);
  });

  test('arrow keys move by the step, Shift by ten steps; other keys do nothing', () => {
    expect(keyValue([1, 0], 'ArrowRight', false, 0.1, 2)).toEqual([1.1, 0]);
    expect(keyValue([1, 0], 'ArrowUp', false, 0.1, 2)).toEqual([1, 0.1]);
    expect(keyValue([1, 0], 'ArrowDown', true, 0.1, 2)).toEqual([1, -1]);
    expect(keyValue([0.3, 0.7], 'ArrowLeft', false, 0.1, 2)).toEqual([0.2, 0.7]);
    expect(keyValue([1, 0], 'a', false, 0.1, 2)).toBeNull();
  });

  test('choosing a column the other axis shows swaps them', () => {
    expect(chooseColumn([0, 1], 0, 3)).toEqual([3, 1]);
    expect(chooseColumn([0, 1], 0, 1)).toEqual([1, 0]);
    expect(chooseColumn([2, 3], 1, 2)).toEqual([3, 2]);
  });
});

describe('arrow heads and labels', () => {
  test('the head is a triangle with its point at the tip, none for an arrow without length', () => {
    expect(arrowHead([0, 0], [100, 0], 10)).toBe('M100,0L90,4.5L90,-4.5Z');
    expect(arrowHead([5, 5], [5, 5], 10)).toBe('');
  });

  test('a label goes beyond the tip, along the arrow', () => {
    const o = toPx(example, [0, 0]);
    const right = labelPlace(example, o, toPx(example, [1, 0]), 20, 1);
    expect(right.anchor).toBe('start');
    expect(right.x).toBeGreaterThan(toPx(example, [1, 0])[0]);
    const left = labelPlace(example, o, toPx(example, [-0.4, 0]), 20, 1);
    expect(left.anchor).toBe('end');
    const up = labelPlace(example, o, toPx(example, [0, 1]), 20, 2);
    expect(up.anchor).toBe('middle');
    expect(up.y).toBeLessThan(toPx(example, [0, 1])[1]);
  });

  test('a label that would leave the viewBox flips to the other side of the tip', () => {
    const o = toPx(example, [0, 0]);
    const tip = toPx(example, [1.45, 0.2]);
    const p = labelPlace(example, o, tip, 80, 2);
    expect(p.anchor).toBe('end');
    expect(p.x).toBeLessThan(tip[0]);
    // and stays inside vertically
    const top = labelPlace(example, o, toPx(example, [0.1, 1.5]), 20, 2);
    expect(top.y).toBeGreaterThan(0);
  });

  test('labels kept apart: one on top of another moves just below it; apart ones stay', () => {
    const line = LABEL_FONT + 2;
    const q0 = { x: 100, y: 50, anchor: 'start' as const, width: 20, lines: 1 };
    const q2 = { ...q0, x: 104 }; // two query heads' tips at nearly the same point
    const far = { ...q0, x: 300 };
    expect(separateLabels([q0, q2, far], 400)).toEqual([50, 50 + line, 50]);
    // a key's two lines, then a label under the first line: it moves below both
    const key = { x: 100, y: 50, anchor: 'middle' as const, width: 40, lines: 2 };
    expect(separateLabels([key, { ...q0, x: 90, y: 60 }], 400)).toEqual([50, 50 + 2 * line]);
  });

  test('a label with no room close by stays where it was: a crowd past the shift, or the bottom edge', () => {
    const line = LABEL_FONT + 2;
    const label = { x: 100, y: 50, anchor: 'end' as const, width: 30, lines: 1 };
    const crowd = Array.from({ length: LABEL_MAX_SHIFT + 2 }, () => label);
    const ys = separateLabels(crowd, 400);
    expect(ys.slice(0, LABEL_MAX_SHIFT + 1)).toEqual(Array.from({ length: LABEL_MAX_SHIFT + 1 }, (_, k) => 50 + k * line));
    expect(ys[LABEL_MAX_SHIFT + 1]).toBe(50);
    const low = { ...label, y: 400 - line / 2 };
    expect(separateLabels([low, low], 400)).toEqual([low.y, low.y]);
  });
});
