// cell-width.test.ts — the pure column widths of the matrix grid: the longest
// text of each column in characters (code points), between MIN_CELL_CH and
// MAX_CELL_CH; what is longer is "cut" (its full text goes in the title).
import { describe, expect, test } from 'vitest';
import { MAX_CELL_CH, MIN_CELL_CH, cellWidthCss, columnWidths, isCut } from '../../../web/src/widgets/cell-width';

describe('columnWidths', () => {
  test('the longest text of each column, at least MIN_CELL_CH', () => {
    expect(
      columnWidths(
        [
          ['-0.1234567', '1', ''],
          ['0.5', '1234567', '12'],
        ],
        3,
      ),
    ).toEqual([10, 7, MIN_CELL_CH]);
  });

  test('at most MAX_CELL_CH, even for a megabyte in one cell', () => {
    expect(columnWidths([['x'.repeat(1_000_000), '-2.2250738585072014e-308']], 2)).toEqual([MAX_CELL_CH, MAX_CELL_CH]);
  });

  test('short rows and missing cells count as empty; more columns than any row have the minimum', () => {
    expect(columnWidths([['123456'], ['1', '12345678']], 3)).toEqual([6, 8, MIN_CELL_CH]);
  });

  test('a surrogate pair is one character', () => {
    expect(columnWidths([['𝟙𝟚𝟛𝟜𝟝𝟞']], 1)).toEqual([6]); // 12 UTF-16 units
  });
});

describe('isCut and cellWidthCss', () => {
  test('a text is cut when it has more than MAX_CELL_CH characters', () => {
    expect(isCut('1'.repeat(MAX_CELL_CH))).toBe(false);
    expect(isCut('1'.repeat(MAX_CELL_CH + 1))).toBe(true);
    expect(isCut('𝟙'.repeat(MAX_CELL_CH))).toBe(false);
  });

  test('the width holds the characters plus padding and border', () => {
    expect(cellWidthCss(7)).toBe('calc(7ch + 14px)');
  });
});
