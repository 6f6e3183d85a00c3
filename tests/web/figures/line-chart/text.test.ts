// Tests of web/src/figures/line-chart/text.ts (pure, run without a DOM): the
// short number format, the table's exact format, estimated text widths and
// wrapping; and the kit's escapeXml and formatFull as the chart uses them.
import { describe, expect, it } from 'vitest';
import { escapeXml, formatFull } from '../../../../web/src/figures/kit/figure-kit';
import { formatExact, formatNumber, textWidth, wrapText } from '../../../../web/src/figures/line-chart/text';

describe('formatNumber / formatFull', () => {
  it('gives 3 significant digits, whole numbers from 100, k/M/G from 10⁴ and an exponent below 10⁻³', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(0.97234)).toBe('0.972');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(64)).toBe('64');
    expect(formatNumber(1024)).toBe('1024');
    expect(formatNumber(4096)).toBe('4096');
    expect(formatNumber(412.7)).toBe('413');
    expect(formatNumber(16384)).toBe('16.4k');
    expect(formatNumber(16_777_216)).toBe('16.8M');
    expect(formatNumber(2e9)).toBe('2G');
    expect(formatNumber(0.00012)).toBe('1.2e−4');
    expect(formatNumber(-0.5)).toBe('−0.5');
    expect(formatNumber(NaN)).toBe('NaN');
    expect(formatNumber(Infinity)).toBe('∞');
    expect(formatFull(0.123456789)).toBe('0.123457');
    expect(formatFull(16_777_216)).toBe('16777200');
  });
  it('signs large and tiny negatives with a true minus, and −∞', () => {
    expect(formatNumber(-16_777_216)).toBe('−16.8M');
    expect(formatNumber(-0.00012)).toBe('−1.2e−4');
    expect(formatNumber(-Infinity)).toBe('−∞');
    expect(formatNumber(9999)).toBe('9999');
    expect(formatNumber(0.001)).toBe('0.001');
  });
});

describe('formatExact', () => {
  it('writes whole numbers up to 2⁵³ − 1 in full, where formatFull rounds them to 6 digits', () => {
    expect(formatExact(16_777_216)).toBe('16777216');
    expect(formatFull(16_777_216)).toBe('16777200');
    expect(formatExact(1_048_576)).toBe('1048576');
    expect(formatExact(4096 * 4096 * 8)).toBe('134217728');
    expect(formatExact(2 ** 53 - 1)).toBe('9007199254740991');
    expect(formatExact(-123_456_789)).toBe('-123456789');
    expect(formatExact(0)).toBe('0');
    expect(formatExact(-0)).toBe('0');
  });
  it('gives other values as formatFull: fractions, integers beyond 2⁵³ (not exact in float64), NaN and ±∞', () => {
    expect(formatExact(0.123456789)).toBe('0.123457');
    expect(formatExact(1234.56789)).toBe('1234.57');
    expect(formatExact(16_777_216.5)).toBe('16777200');
    expect(formatExact(2 ** 53)).toBe(formatFull(2 ** 53));
    expect(formatExact(2 ** 53)).toBe('9007200000000000');
    expect(formatExact(NaN)).toBe('NaN');
    expect(formatExact(Infinity)).toBe('∞');
    expect(formatExact(-Infinity)).toBe('−∞');
  });
});

describe('textWidth', () => {
  it('counts 0.6 em per Latin character and 1 em per 中文 character, at the chart font (12 px) by default', () => {
    expect(textWidth('abcd')).toBeCloseTo(4 * 0.6 * 12, 9);
    expect(textWidth('中文', 10)).toBe(20);
    expect(textWidth('d = 64（常见）')).toBeCloseTo(6 * 0.6 * 12 + 4 * 12, 9);
    expect(textWidth('')).toBe(0);
  });
});

describe('wrapText', () => {
  it('wraps a caption into lines', () => {
    const lines = wrapText('one two three four five six seven', 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('one two three four five six seven');
  });
  it('keeps every line within the width except a single long word, and drops extra spaces', () => {
    const lines = wrapText('  a  bb ccc   averyveryverylongword dd  ', 50, 10);
    expect(lines).toEqual(['a bb ccc', 'averyveryverylongword', 'dd']);
    for (const l of lines) if (l.includes(' ')) expect(textWidth(l, 10)).toBeLessThanOrEqual(50);
    expect(wrapText('', 100)).toEqual([]);
  });
  it('wraps 中文 earlier than Latin text of as many characters (wide characters)', () => {
    expect(wrapText('最大的 softmax 权重随键维度 d 的变化', 120, 14).length).toBeGreaterThan(wrapText('abc softmax abcdefg d abc', 120, 14).length);
  });
  it('escapes XML', () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe('&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;');
  });
});
