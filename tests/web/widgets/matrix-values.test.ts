// matrix-values.test.ts — what the summary and the export read from cell
// text: min / max / mean of the cells that are numbers (read as the compute
// reads them), and the export text, which the paste parser reads back to the
// same float64 values in every format.
import { describe, expect, test } from 'vitest';
import { parseMatrix } from '../../../web/src/parse/parse';
import { EXPORT_FORMATS, exportText, formatStat, matrixStats } from '../../../web/src/widgets/matrix-values';

describe('matrixStats', () => {
  test('min, max and mean of the numbers; bad and missing cells are counted, not used', () => {
    const s = matrixStats(
      [
        ['1', ' -2 ', 'x'],
        ['4.5', '1e1'],
      ],
      3,
    );
    expect(s).toEqual({ min: -2, max: 10, mean: (1 - 2 + 4.5 + 10) / 4, count: 4, bad: 2 });
  });

  test('no number at all: null; cells the compute refuses (0x10, inf, empty) are bad', () => {
    expect(matrixStats([['', 'abc', 'inf', '0x10']], 4)).toBeNull();
  });

  test('the mean of values near the float64 limit stays finite', () => {
    expect(matrixStats([['1e308', '1e308']], 2)?.mean).toBeCloseTo(1e308, -295);
  });
});

describe('exportText', () => {
  const rows = [
    ['0.1', '-2.5e-7'],
    ['3', String(0.1 + 0.2)],
  ];
  test.each(EXPORT_FORMATS)('%s: the paste parser reads it back to exactly the same numbers', (format) => {
    const text = exportText(rows, format);
    if (typeof text !== 'string') throw new Error('a cell was refused');
    const back = parseMatrix(text);
    expect(back.ok && back.rows).toEqual(rows.map((r) => r.map(Number)));
  });

  test('csv is the plain rows at full precision', () => {
    expect(exportText(rows, 'csv')).toBe('0.1,-2.5e-7\n3,0.30000000000000004');
  });

  test('the first cell that is not a number (or a hole of a short row) is returned instead', () => {
    expect(
      exportText(
        [
          ['1', '2'],
          ['3', 'x'],
        ],
        'json',
      ),
    ).toEqual({ row: 1, col: 1 });
    expect(exportText([['1', '2'], ['3']], 'csv')).toEqual({ row: 1, col: 1 });
  });
});

describe('formatStat', () => {
  test('4 significant digits and a true minus sign', () => {
    expect([formatStat(-0.123456), formatStat(1234567), formatStat(2), formatStat(-Infinity)]).toEqual(['−0.1235', '1235000', '2', '−∞']);
  });
});
