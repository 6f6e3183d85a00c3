// Tests of the table formats of web/src/experiments/format.ts that the
// experiment cards use: a mean and its spread in one cell (fmtMeanStd; a
// narrow column may break before ±, never between ± and the spread), counts
// and bytes.
import { describe, expect, it } from 'vitest';
import { fmtBytes, fmtCount, fmtMeanStd, fmtMs } from '../../../web/src/experiments/format';

describe('fmtMeanStd', () => {
  it('writes the mean and the standard deviation to 3 decimals, joined by " ±" and a no-break space', () => {
    expect(fmtMeanStd(0.854321, 0.17549)).toBe('0.854 ±\u00a00.175');
    expect(fmtMeanStd(1, 0)).toBe('1.000 ±\u00a00.000');
    expect(fmtMeanStd(0.0005, 0.0004)).toBe('0.001 ±\u00a00.000');
  });
  it('has one ordinary space, before ±: the only place a narrow column may break the line', () => {
    const text = fmtMeanStd(0.295, 0.151);
    expect(text.split(' ')).toEqual(['0.295', '±\u00a00.151']);
    expect(text.replace(/\u00a0/g, ' ')).toBe('0.295 ± 0.151');
  });
});

describe('counts, bytes and times of the quadratic table', () => {
  it('gives n² exactly with thousands separators, bytes in binary units, times to 3 digits', () => {
    expect(fmtCount(4096 * 4096)).toBe('16,777,216');
    expect(fmtCount(1024 * 1024)).toBe('1,048,576');
    expect(fmtBytes(8 * 4096 * 4096)).toBe('128 MiB');
    expect(fmtMs(0.1)).toBe('0.100 ms');
    expect(fmtMs(1234)).toBe('1.23 s');
  });
});
