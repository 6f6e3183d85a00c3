// entropy.test.ts — rowEntropy and maxEntropy against PyTorch float64
// (tests/golden/entropy.json: torch.special.entr(w).sum(-1), nats, 0·ln 0 = 0)
// and against what entropy means: 0 for one key, ln n for n equal weights.
import { describe, expect, test } from 'vitest';
import { maxEntropy, rowEntropy } from '../../../web/src/model/entropy';
import { check, fixture } from '../support/golden';

interface EntropyCase {
  name: string;
  weights: number[][];
  entropy: number[];
  max_entropy: number;
}

const flat = (w: number[][]) => Float64Array.from(w.flat());

describe('entropy.json: against torch.special.entr', () => {
  test.each(fixture<EntropyCase>('entropy.json'))('$name', (c) => {
    const H = rowEntropy(flat(c.weights), c.weights.length, c.weights[0].length);
    expect(H).toBeInstanceOf(Float64Array);
    check(`entropy/${c.name}`, 'entropy', H, c.entropy, 1e-15);
    expect(Math.abs(maxEntropy(c.weights[0].length) - c.max_entropy)).toBeLessThanOrEqual(4.5e-16); // V8's and glibc's ln may differ by an ulp
    for (const h of H) expect(h).toBeLessThanOrEqual(c.max_entropy + 1e-15);
  });
});

describe('rowEntropy', () => {
  test('one key with all the weight: 0, also with hidden keys (0·ln 0 = 0), and a fully hidden row: 0', () => {
    expect(Array.from(rowEntropy(Float64Array.of(0, 1, 0, 1, 0, 0, 0, 0, 0), 3, 3))).toEqual([0, 0, 0]);
    expect(Object.is(rowEntropy(Float64Array.of(1), 1, 1)[0], 0)).toBe(true); // +0, not −0
  });

  test('n equal weights: ln n, the largest possible', () => {
    for (const n of [1, 2, 3, 7, 64, 1000]) {
      const H = rowEntropy(new Float64Array(n).fill(1 / n), 1, n)[0];
      expect(H).toBeCloseTo(Math.log(n), 12);
      expect(H).toBeLessThanOrEqual(maxEntropy(n) + 1e-12);
    }
  });

  test('two keys: the binary entropy, −p ln p − (1 − p) ln(1 − p)', () => {
    for (const p of [0.5, 0.25, 0.1, 1e-9]) {
      const want = -p * Math.log(p) - (1 - p) * Math.log(1 - p);
      expect(rowEntropy(Float64Array.of(p, 1 - p), 1, 2)[0]).toBeCloseTo(want, 15);
    }
  });

  test('rows are independent and in order; zero rows give an empty result', () => {
    const w = Float64Array.of(0.5, 0.5, 0, 1, 0.25, 0.75);
    const H = rowEntropy(w, 3, 2);
    expect(Array.from(H)).toEqual([rowEntropy(w.subarray(0, 2), 1, 2)[0], 0, rowEntropy(w.subarray(4), 1, 2)[0]]);
    expect(rowEntropy(new Float64Array(0), 0, 5)).toEqual(new Float64Array(0));
  });

  test('a length that is not rows · cols is a RangeError', () => {
    expect(() => rowEntropy(new Float64Array(5), 2, 3)).toThrow(RangeError);
    expect(() => rowEntropy(new Float64Array(6), 2, 3.5)).toThrow('rowEntropy: weights has 6 values, not rows · cols = 2 · 3.5');
    expect(() => rowEntropy(new Float64Array(6), -2, -3)).toThrow(RangeError);
  });
});

describe('maxEntropy', () => {
  test('ln n', () => {
    expect(maxEntropy(1)).toBe(0);
    expect(maxEntropy(4)).toBe(Math.log(4));
    expect(maxEntropy(1024)).toBeCloseTo(10 * Math.LN2, 14);
  });

  test.each([0, -1, 2.5, NaN, Infinity])('n = %s is a RangeError', (n) => {
    expect(() => maxEntropy(n)).toThrow(`maxEntropy: n = ${n} must be a whole number ≥ 1`);
  });
});
