// The builds' stand-in for d3-format (what d3-scale imports from it, for the fixed-point tick formats only) against
// the package: the same text for every value and precision, the same precisions, and a linear scale's tick labels
// (d3-scale's tickFormat path: ",f" at the tick step's precision) the same as with d3-format.
import { describe, expect, it } from 'vitest';
import * as d3 from 'd3-format';
import { tickStep } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { format, formatPrefix, formatSpecifier, precisionFixed, precisionPrefix, precisionRound } from '../../../web/src/figures/kit/numeric-format';

/** Values a tick or a test might meet: signs, −0, rounding to 0, large (grouped, and past 1e21), tiny, NaN, ±∞. */
const VALUES = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  0.004,
  -0.004,
  0.005,
  -0.0049,
  12.3456789,
  -999.995,
  1234,
  -1234.5678,
  1e6,
  123456789.123,
  -987654321,
  1e21,
  2.5e22,
  1e-7,
  -1e-7,
  Number.NaN,
  Infinity,
  -Infinity,
  0.1 + 0.2,
  2 ** 53,
  Math.PI * 1e5,
];

describe('numeric-format', () => {
  it('writes every value as d3-format does, with and without grouping, at every precision', () => {
    for (const spec of ['f', ',f', ...Array.from({ length: 21 }, (_, p) => [`.${p}f`, `,.${p}f`]).flat()])
      for (const v of VALUES) expect(format(spec)(v), `${spec} of ${v}`).toBe(d3.format(spec)(v));
  });

  it('gives d3-format’s precisions for steps and values', () => {
    for (const step of [1, 0.5, 0.25, 0.2, 0.1, 0.05, 0.01, 2e-7, 5, 10, 20, 1e9])
      for (const value of [1, 7.5, 120, 1e6, 3e-4]) {
        expect(precisionFixed(step)).toBe(d3.precisionFixed(step));
        expect(precisionRound(step, value)).toBe(d3.precisionRound(step, value));
        expect(precisionPrefix(step, value)).toBe(d3.precisionPrefix(step, value));
      }
  });

  it('a linear scale’s tick labels are d3-scale’s with d3-format (",f" at the step’s precision)', () => {
    const domains: [number, number][] = [
      [0, 1],
      [-3.25, 17],
      [0, 400],
      [1, 20000],
      [-0.002, 0.003],
      [0.95, 1.05],
      [-1e6, 1e6],
    ];
    for (const [a, b] of domains)
      for (const count of [2, 5, 8, 10]) {
        const scale = scaleLinear().domain([a, b]);
        const spec = formatSpecifier(',f');
        spec.precision = precisionFixed(tickStep(a, b, count));
        const mine = format(spec);
        const theirs = scale.tickFormat(count);
        for (const t of scale.ticks(count)) expect(mine(t), `[${a}, ${b}], ${count} ticks: ${t}`).toBe(theirs(t));
      }
  });

  it('a format the page does not use is refused by name', () => {
    expect(() => format('.2s')).toThrow('numeric-format: the page formats numbers with [,][.precision]f only, got ".2s"');
    expect(() => format('$,.2f')).toThrow(/got "\$,\.2f"/);
    expect(() => formatPrefix(',.1', 1e3)).toThrow('numeric-format: SI-prefixed formats are not bundled');
    expect(String(formatSpecifier(',.3f'))).toBe(',.3f');
  });
});
