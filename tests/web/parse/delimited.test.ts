// delimited.test.ts — the reader of pastes without brackets (web/src/parse/delimited.ts): CSV, TSV, whitespace columns.
import { describe, expect, test } from 'vitest';
import { readDelimited, splitOn, splitOnSpace } from '../../../web/src/parse/delimited';
import type { PasteNote } from '../../../web/src/parse/messages';
import { refused } from './failure';

/** readDelimited with its notes. */
function read(src: string): { rows: number[][]; format: string; notes: PasteNote[] } {
  const notes: PasteNote[] = [];
  return { ...readDelimited(src, notes), notes };
}

describe('splitOn and splitOnSpace', () => {
  test('cells are trimmed and placed; a trailing separator is allowed', () => {
    expect(splitOn(' 1, 2 ,3,', 4, ',')).toEqual([
      { text: '1', line: 4, column: 2 },
      { text: '2', line: 4, column: 5 },
      { text: '3', line: 4, column: 8 },
    ]);
    expect(splitOnSpace('  1\u00a0 -2\t3', 1)).toEqual([
      { text: '1', line: 1, column: 3 },
      { text: '-2', line: 1, column: 6 },
      { text: '3', line: 1, column: 9 },
    ]);
  });

  test('an empty cell and a space inside a cell are refused, at their place', () => {
    expect(refused(() => splitOn(',1', 1, ','))).toEqual({ code: 'missing_before_comma', vars: {}, line: 1, column: 1 });
    expect(refused(() => splitOn('1,,2', 1, ',')).code).toBe('missing_between_commas');
    expect(refused(() => splitOn('\t1', 2, '\t'))).toEqual({ code: 'missing_before_tab', vars: {}, line: 2, column: 1 });
    expect(refused(() => splitOn('1\t\t2', 1, '\t')).code).toBe('missing_between_tabs');
    expect(refused(() => splitOn('1 2, 3', 1, ','))).toEqual({ code: 'expected_comma', vars: { text: '1' }, line: 1, column: 3 });
  });
});

describe('readDelimited', () => {
  test('commas → CSV, tabs → TSV, else whitespace; comments and blank lines skipped', () => {
    expect(read('1,2\n3,4')).toEqual({
      rows: [
        [1, 2],
        [3, 4],
      ],
      format: 'csv',
      notes: [],
    });
    expect(read('1\t2\n\n3\t4  # last').format).toBe('tsv');
    expect(read('1 2\n3 4').format).toBe('whitespace');
    expect(read('1\t2 3').format).toBe('whitespace');
  });

  test('a header row of words is skipped and noted', () => {
    expect(read('q1\tq2\n1\t2')).toEqual({ rows: [[1, 2]], format: 'tsv', notes: [{ code: 'header', vars: { header: 'q1, q2', line: 1 } }] });
    expect(refused(() => read('nan inf\n1 2')).code).toBe('non_finite'); // inf and nan are values, not a header
  });

  test('refuses only comments, ragged rows and words, with the code, variables and place', () => {
    expect(refused(() => read('# nothing\n'))).toEqual({ code: 'only_comments', vars: {}, line: 1, column: 1 });
    expect(refused(() => read('1 2\n3'))).toEqual({ code: 'ragged_one', vars: { row: 2, count: 1, expected: 2 }, line: 2, column: 2 });
    expect(refused(() => read('1 2\n3 abc'))).toEqual({ code: 'not_a_number', vars: { text: 'abc' }, line: 2, column: 3 });
    expect(refused(() => read('1 1e999')).code).toBe('too_large');
  });
});
