// inputs.test.ts — reading the inputs (web/src/model/inputs.ts, through
// compute.ts): the cell length limit, the number grammar without a
// backtracking regular expression, numbers beyond float64, rows of different
// lengths and random sources over the core's limits reported by name, in
// English and 中文.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { t } from '../../../web/src/i18n/i18n';
import { failureMessage } from '../../../web/src/model/messages';
import { checkCell, compute, MAX_CELL_CHARS, readMatrix, type Outcome } from '../../../web/src/model/compute';
import { sourceOfValue } from '../../../web/src/model/source';
import { defaultState, parse } from '../../../web/src/model/state';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const failed = (o: Outcome) => {
  if (o.ok) throw new Error('expected a failure');
  return o;
};

describe('a cell holds at most MAX_CELL_CHARS characters', () => {
  test('the limit is 64, and a number of 64 characters is read', () => {
    expect(MAX_CELL_CHARS).toBe(64);
    const longest = `0.${'1'.repeat(62)}`;
    expect(longest.length).toBe(64);
    expect(checkCell(longest)).toBe(Number(longest));
    expect(checkCell(`  ${longest}  `)).toBe(Number(longest)); // the limit is on the trimmed text
  });

  test('65 characters: the code too_long, the start of the text, its length and the limit', () => {
    expect(checkCell(`${'1'.repeat(64)}a`)).toEqual({
      code: 'too_long',
      vars: { start: '111111111111', length: '65', max: '64' },
      message: '"111111111111…" is 65 characters long; a cell holds at most 64',
    });
  });

  test('the issue’s cell of 100,000 digits: the length with thousands separators, in English and 中文', () => {
    const v = checkCell('1'.repeat(100_000));
    if (typeof v === 'number') throw new Error('read as a number');
    expect(v.message).toBe('"111111111111…" is 100,000 characters long; a cell holds at most 64');
    expect(t('zh', `cell.${v.code}`, v.vars)).toBe('“111111111111…”长 100,000 个字符；一个单元格最多 64 个字符');
    expect(t('en', `cell.${v.code}`, v.vars)).toBe(v.message);
  });

  test('the quoted start never cuts a surrogate pair in two', () => {
    const v = checkCell(`${'1'.repeat(11)}😀${'2'.repeat(60)}`);
    expect(typeof v !== 'number' && v.vars.start).toBe('1'.repeat(11));
  });

  test('a link with a 100,000-digit cell computes to one cell error', () => {
    const o = failed(compute(core, parse(`op=attention&Q=${'1'.repeat(100_000)},0;0,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6`)));
    expect(o.cellErrors.map((e) => [e.matrix, e.row, e.col, e.code])).toEqual([['Q', 0, 0, 'too_long']]);
    expect(o.message).toBe('Q[0][0]: "111111111111…" is 100,000 characters long; a cell holds at most 64');
  });
});

describe('the number grammar is the same as before, without the backtracking expression', () => {
  // the expression checkCell used (quadratic on a long run of digits and a letter): the reference on short text
  const OLD_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

  test('every text of up to 5 characters from "1.e+-x " and the Unicode minus is a number exactly when it was', () => {
    const alphabet = ['1', '0', '.', 'e', 'E', '+', '-', 'x', ' ', '\u2212'];
    let texts = [''];
    let checked = 0;
    for (let len = 1; len <= 5; len++) {
      texts = texts.flatMap((t) => alphabet.map((c) => t + c));
      for (const text of texts) {
        const t = text.trim();
        const wasNumber = t !== '' && OLD_NUMBER.test(t);
        expect(typeof checkCell(text) === 'number', JSON.stringify(text)).toBe(wasNumber);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  test.each(['−1', '1e', '.', '+', '1.2.3', '0x10', '١٢'])('%j is not a number', (text) => {
    expect(checkCell(text)).toMatchObject({ code: 'not_a_number' });
  });
});

describe('rows of different lengths are reported, not padded with 0', () => {
  test('the issue’s link Q=1,2;3: "Q row 2 has 1 value but row 1 has 2", and no cell errors', () => {
    const o = failed(compute(core, parse('op=attention&Q=1,2;3&K=1,0;0,1&V=1,2;3,4')));
    expect(o.code).toBe('ragged');
    expect(o.message).toBe('Q row 2 has 1 value but row 1 has 2');
    expect(o.cellErrors).toEqual([]);
    expect([o.key, o.vars]).toEqual(['cell.raggedOne', { name: 'Q', row: 2, count: 1, expected: 2 }]);
    expect(failureMessage(o, (key, vars) => t('en', key, vars))).toBe('Q row 2 has 1 value but row 1 has 2');
    expect(failureMessage(o, (key, vars) => t('zh', key, vars))).toBe('Q 第 2 行有 1 个值，但第 1 行有 2 个');
  });

  test('a row longer than row 1, in K', () => {
    const o = failed(compute(core, parse('op=attention&Q=1,0;0,1&K=1;0,1,2&V=1,2;3,4')));
    expect([o.key, o.message]).toEqual(['cell.ragged', 'K row 2 has 3 values but row 1 has 1']);
  });

  test('readMatrix gives no matrix (the export and experiments panels no longer get a padded one)', () => {
    const r = readMatrix(core, parse('Q=1,2;3'), 'Q');
    expect(r.m).toBeNull();
    expect(r.problem?.code).toBe('ragged');
  });

  test('a hole left in a row (setState) reads as an empty cell', () => {
    const s = defaultState();
    const row: string[] = ['1'];
    row[2] = '3';
    s.matrices.Q = { kind: 'cells', cells: [row, ['1', '2', '3']] };
    expect(readMatrix(core, s, 'Q').errors.map((e) => [e.row, e.col, e.code])).toEqual([[0, 1, 'empty']]);
  });
});

describe('a random source over the core’s limits names the limits', () => {
  test('the issue’s link Q=rand:4097:64:1:1: the limits from core.limits(), in English and 中文', () => {
    const { maxRows, maxCols } = core.limits();
    expect(maxRows).toBeLessThan(4097);
    const o = failed(compute(core, parse('op=attention&Q=rand:4097:64:1:1&K=rand:3:64:2:1&V=rand:3:2:3:1')));
    expect(o.code).toBe('too_large');
    expect(o.message).toBe(`Q is 4097 × 64: a matrix can have at most ${maxRows} rows and ${maxCols} columns`);
    expect(o.message).not.toContain('missing');
    expect(failureMessage(o, (key, vars) => t('zh', key, vars))).toBe(`Q 为 4097 × 64：矩阵最多 ${maxRows} 行、${maxCols} 列`);
  });

  test('too many columns, or a size far beyond, is reported without drawing a number', () => {
    const { maxCols } = core.limits();
    expect(failed(compute(core, parse(`op=block&X=rand:2:${maxCols + 1}:1:1`))).vars).toMatchObject({ name: 'X', cols: maxCols + 1 });
    expect(failed(compute(core, parse('op=block&X=rand:4294967295:4294967295:1:1'))).code).toBe('too_large');
  });

  test('a source at the limits is still read', () => {
    const { maxRows } = core.limits();
    const r = readMatrix(core, parse(`Q=rand:${maxRows}:1:1:1`), 'Q');
    expect(r.problem).toBeUndefined();
    expect(r.m?.rows).toBe(maxRows);
  });
});

describe('a number beyond float64 is refused at its cell, not read as Infinity', () => {
  test.each([
    ['1e999', '"1e999" is too large for float64', '“1e999”超出 float64 的范围'],
    [' -1e400 ', '"-1e400" is too large for float64', '“-1e400”超出 float64 的范围'],
    ['1.7976931348623159e308', '"1.7976931348623159e308" is too large for float64', '“1.7976931348623159e308”超出 float64 的范围'],
  ])('%j: the code too_large and its text, in English and 中文', (text, english, chinese) => {
    const v = checkCell(text);
    if (typeof v === 'number') throw new Error(`read as ${v}`);
    expect(v).toEqual({ code: 'too_large', vars: { text: text.trim() }, message: english });
    expect(t('en', `cell.${v.code}`, v.vars)).toBe(english);
    expect(t('zh', `cell.${v.code}`, v.vars)).toBe(chinese);
  });

  test.each([
    ['1e308', 1e308],
    ['1.7976931348623157e308', Number.MAX_VALUE],
    ['-1.7976931348623157e308', -Number.MAX_VALUE],
    ['1e-999', 0], // underflow is a number: 0
  ])('%j is still the number %d', (text, value) => {
    expect(checkCell(text)).toBe(value);
  });

  test('inf and Infinity keep their own message', () => {
    for (const text of ['inf', 'Infinity', '-infinity'])
      expect(checkCell(text)).toEqual({ code: 'non_finite', vars: { text }, message: `"${text}" is not a finite number` });
  });

  test('a link with Q[1][0] = 1e999 opens with the cell named and its message, in English and 中文', () => {
    const o = failed(compute(core, parse('op=attention&Q=1,0;1e999,1;1,1&K=1,0;0,1;1,1&V=1,2;3,4;5,6')));
    expect(o.code).toBe('not_a_number'); // every bad cell fails with this code; the cell carries its own
    expect(o.cellErrors).toEqual([{ matrix: 'Q', row: 1, col: 0, code: 'too_large', vars: { text: '1e999' }, message: '"1e999" is too large for float64' }]);
    expect(o.message).toBe('Q[1][0]: "1e999" is too large for float64');
    expect(failureMessage(o, (key, vars) => t('zh', key, vars))).toBe('Q[1][0]：“1e999”超出 float64 的范围');
  });

  test('rows given to setState with the text "-1e400": the outcome names the cell (a number Infinity is refused before)', () => {
    const s = defaultState();
    const src = sourceOfValue('Q', [
      ['1', '0'],
      ['0', '1'],
      ['1', '-1e400'],
    ]);
    if (typeof src === 'string') throw new Error(src);
    s.matrices.Q = src;
    const o = failed(compute(core, s));
    expect(o.cellErrors.map((e) => [e.matrix, e.row, e.col, e.code, e.message])).toEqual([['Q', 2, 1, 'too_large', '"-1e400" is too large for float64']]);
    expect(sourceOfValue('Q', [[Infinity]])).toBe('Q holds Infinity: numbers only');
  });
});
