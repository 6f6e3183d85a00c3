// @vitest-environment jsdom
// matrix-editor-widths.test.ts — each grid column is as wide as its longest
// text (6g: 7-digit values were cut in 64 px cells), between a
// minimum and a maximum; a value longer than the maximum has its full text as
// the cell's title, and an error message takes that place while it lasts.
import { beforeEach, describe, expect, test } from 'vitest';
import { MAX_CELL_CH, MIN_CELL_CH, cellWidthCss } from '../../../web/src/widgets/cell-width';
import { cells, editorFor } from './editor-kit';

beforeEach(() => document.body.replaceChildren());

describe('cell widths', () => {
  test('a column is as wide as its longest text: "-0.1234567" (10) and "1234567" (7)', () => {
    const r = editorFor(
      'Q',
      cells([
        ['-0.1234567', '1', '0'],
        ['2', '1234567', '1'],
      ]),
    );
    const widths = [0, 1, 2].map((j) => r.input(1, j)!.style.width);
    expect(widths).toEqual([cellWidthCss(10), cellWidthCss(7), cellWidthCss(MIN_CELL_CH)]);
    expect(r.input(0, 0)!.style.width, 'every cell of a column').toBe(cellWidthCss(10));
    expect(cellWidthCss(10)).toBe('calc(10ch + 14px)');
  });

  test('the 3 × 2 example stays compact: every column at the minimum', () => {
    const r = editorFor(
      'Q',
      cells([
        ['1', '0'],
        ['0', '1'],
        ['1', '1'],
      ]),
    );
    expect(new Set(r.inputs().map((i) => i.style.width))).toEqual(new Set([cellWidthCss(MIN_CELL_CH)]));
  });

  test('typing a longer value widens its column live', () => {
    const r = editorFor('K', cells([['1', '2']]));
    const cell = r.input(0, 1)!;
    cell.value = '123456.789';
    cell.dispatchEvent(new Event('input'));
    expect(cell.style.width).toBe(cellWidthCss(10));
    expect(r.input(0, 0)!.style.width).toBe(cellWidthCss(MIN_CELL_CH));
  });

  test('past the maximum the width stops, and the cell’s title holds the full value', () => {
    const long = '0.1234567890123456789012345'; // 27 characters
    const r = editorFor('V', cells([[long, '1']]));
    const cell = r.input(0, 0)!;
    expect(cell.style.width).toBe(cellWidthCss(MAX_CELL_CH));
    expect(cell.title).toBe(long);
    expect(r.input(0, 1)!.hasAttribute('title')).toBe(false);
  });

  test('an error message replaces the long value’s title while the cell is bad, and the title comes back', () => {
    const long = '1'.repeat(25) + 'x';
    const src = cells([[long]]);
    const r = editorFor('V', src);
    const cell = r.input(0, 0)!;
    r.ed.render(src, [{ matrix: 'V', row: 0, col: 0, code: 'not_a_number', vars: { text: long }, message: '' }]);
    expect(cell.title).toBe(`"${long}" is not a number`);
    const fixed = '1'.repeat(26);
    r.ed.render(cells([[fixed]]), []);
    expect(cell.title).toBe(fixed);
    expect(cell.hasAttribute('aria-invalid')).toBe(false);
  });
});
