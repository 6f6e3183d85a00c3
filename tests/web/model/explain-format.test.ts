// explain-format.test.ts — how the written-out computation shows a number
// (4 significant digits, "−", ×10ⁿ, every digit in the full form), its
// subscripts, elided sums and translated sentences with numbers in them.
import { describe, expect, test } from 'vitest';
import { elide, formatFull, formatPercent, formatShort, num, phrase, plainText, subscript, text, v, vector } from '../../../web/src/model/explain-format';

describe('formatShort: 4 significant digits', () => {
  test.each([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [-3, '−3'],
    [0.5, '0.5'],
    [0.7071067811865475, '0.7071'],
    [-0.7071067811865475, '−0.7071'],
    [2.0281149816474726, '2.028'],
    [0.10704, '0.107'],
    [123.456, '123.5'],
    [9999.96, '10000'],
    [12345.678, '12346'],
    [123456, '123456'],
    [1e6, '1×10⁶'],
    [485165195.4097903, '4.852×10⁸'],
    [1e-7, '1×10⁻⁷'],
    [-2.5e-5, '−2.5×10⁻⁵'],
    [1.5e300, '1.5×10³⁰⁰'],
    [Infinity, '∞'],
    [-Infinity, '−∞'],
  ])('%s → %s', (x, s) => expect(formatShort(x)).toBe(s));
});

describe('formatFull: every digit', () => {
  test.each([
    [0.7071067811865475, '0.7071067811865475'],
    [-0.1, '−0.1'],
    [1e-7, '1e−7'],
    [-0, '0'],
    [3, '3'],
  ])('%s → %s', (x, s) => expect(formatFull(x)).toBe(s));
  test('reads back as the same float64', () => {
    for (const x of [Math.PI, -Math.E / 7, 1 / 3, 2 ** -40]) expect(Number(formatFull(x).replace('−', '-'))).toBe(x);
  });
});

test('formatPercent: 3 significant digits', () => {
  expect(formatPercent(0.4011174)).toBe('40.1%');
  expect(formatPercent(1)).toBe('100%');
  expect(formatPercent(-0.25)).toBe('−25%');
});

test('subscripts in Unicode, or after "_" where a character has none', () => {
  expect(subscript('0,12')).toBe('₀,₁₂');
  expect(subscript('k')).toBe('ₖ');
  expect(subscript('j′')).toBe('ⱼ′');
  expect(subscript('h')).toBe('_h');
});

test('a negative factor in parentheses, a result without', () => {
  expect(plainText([num(2, true), text('·'), num(-1, true), text(' = '), num(-2)])).toBe('2·(−1) = −2');
  expect(plainText([v('q', 3), text('·'), v('k', 10)])).toBe('q₃·k₁₀');
});

test('elide: all of up to 8, else the first 4 and the last 2', () => {
  expect(elide(8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(elide(9)).toEqual([0, 1, 2, 3, null, 7, 8]);
  expect(plainText(vector([1, -2, 0.5]))).toBe('[1, −2, 0.5]');
  expect(plainText(vector(Array.from({ length: 12 }, (_, c) => c)))).toBe('[0, 1, 2, 3, …, 10, 11]');
});

test('phrase: a sentence’s placeholders become pieces, numbers keep their full value', () => {
  const t = (key: string) => ({ s: 'The largest, {w}, is on {k}.' })[key] ?? key;
  const pieces = phrase(t, 's', { w: num(0.40111744), k: v('k', 2) });
  expect(plainText(pieces)).toBe('The largest, 0.4011, is on k₂.');
  const n = pieces.find((p) => p.kind === 'num');
  expect(n?.kind === 'num' && n.num.full).toBe('0.40111744');
  expect(plainText(phrase(t, 's', {}))).toBe('The largest, {w}, is on {k}.');
});
