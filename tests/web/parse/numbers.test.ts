// numbers.test.ts — the characters and the one number scanner of the paste readers (web/src/parse/numbers.ts).
import { describe, expect, test } from 'vitest';
import { finite, isNumberCell, isSign, isSpace, isWordChar, isWordStart, NON_FINITE, notANumber, scanNumber } from '../../../web/src/parse/numbers';
import { refused } from './failure';

const at = { line: 1, column: 3 };

describe('scanNumber', () => {
  test.each([
    ['3', 0, 1],
    ['-0.5,', 0, 4],
    ['-.5', 0, 3],
    ['+2', 0, 2],
    ['1.', 0, 2],
    ['1e-3]', 0, 4],
    ['2.5E+4', 0, 6],
    ['\u22121.5', 0, 4],
    ['[0.25]', 1, 5],
  ])('%j from %i ends at %i', (text, from, end) => expect(scanNumber(text, from)).toBe(end));

  test('a bare exponent is left for the caller: "1e" ends after the 1', () => {
    expect(scanNumber('1e', 0)).toBe(1);
    expect(scanNumber('1e+', 0)).toBe(1);
  });

  test.each(['', '.', '-', '+.', 'e5', 'abc'])('%j is no number', (text) => expect(scanNumber(text, 0)).toBe(-1));
});

describe('isNumberCell', () => {
  test('exactly one number', () => {
    expect(['0', '-1.5e3', '.5', '\u22122'].map(isNumberCell)).toEqual([true, true, true, true]);
    expect(['1.2.3', '2x', '1e', 'nan', '', '1 2'].map(isNumberCell)).toEqual([false, false, false, false, false, false]);
  });
});

describe('characters', () => {
  test('signs, spaces, word starts and word characters', () => {
    expect(['+', '-', '\u2212', '*'].map(isSign)).toEqual([true, true, true, false]);
    expect([' ', '\t', '\u00a0', '\ufeff', '\n', 'a', undefined].map(isSpace)).toEqual([true, true, true, true, false, false, false]);
    expect(['a', '_', '中', '1', '.', undefined].map(isWordStart)).toEqual([true, true, true, false, false, false]);
    expect(['a', '1', '.', '_', '(', undefined].map(isWordChar)).toEqual([true, true, true, true, false, false]);
  });

  test('NON_FINITE matches what NumPy and PyTorch print for inf and nan', () => {
    expect(['inf', '-inf', 'np.inf', '\u2212numpy.Infinity', 'torch.nan', 'NaN', 'math.inf'].every((w) => NON_FINITE.test(w))).toBe(true);
    expect(['info', 'np.array', 'nanx', 'x.nan'].some((w) => NON_FINITE.test(w))).toBe(false);
  });
});

describe('finite and notANumber', () => {
  test('finite reads the value, the Unicode minus included', () => {
    expect(finite('-0.5', at)).toBe(-0.5);
    expect(finite('\u22122e2', at)).toBe(-200);
  });

  test('finite refuses overflow as too_large, at the given place', () => {
    expect(refused(() => finite('1e999', at))).toEqual({ code: 'too_large', vars: { text: '1e999' }, ...at });
  });

  test('notANumber names non-finite words specially', () => {
    expect(refused(() => notANumber('abc', at))).toEqual({ code: 'not_a_number', vars: { text: 'abc' }, ...at });
    expect(refused(() => notANumber('-np.inf', at)).code).toBe('non_finite');
  });
});
