// The builds' stand-in for d3-interpolate (what d3-scale imports from it, for numbers only) against the package.
import { describe, expect, it } from 'vitest';
import * as d3 from 'd3-interpolate';
import { scaleLinear, scaleLog } from 'd3-scale';
import { interpolate, interpolateNumber, interpolateRound, piecewise } from '../../../web/src/figures/kit/numeric-interpolate';

const ts = Array.from({ length: 201 }, (_, i) => -0.5 + i / 100); // −0.5 … 1.5: d3's scales extrapolate unless clamped
const ends: [number, number][] = [
  [0, 1],
  [-3.25, 17],
  [640, 0],
  [1e-300, 1e300],
  [5, 5],
];

describe('numeric-interpolate', () => {
  it('interpolateNumber, interpolateRound and interpolate give d3-interpolate’s values bit for bit', () => {
    for (const [a, b] of ends)
      for (const t of ts) {
        expect(interpolateNumber(a, b)(t)).toBe(d3.interpolateNumber(a, b)(t));
        expect(interpolateRound(a, b)(t)).toBe(d3.interpolateRound(a, b)(t));
        expect(interpolate(a, b)(t)).toBe(d3.interpolate(a, b)(t));
      }
  });

  it('piecewise, with and without its interpolator, gives d3-interpolate’s values', () => {
    const values = [0, 10, -4, 2.5];
    for (const t of ts) {
      expect(piecewise(values)(t)).toBe(d3.piecewise(values)(t));
      expect(piecewise(interpolateRound, values)(t)).toBe(d3.piecewise(d3.interpolateRound, values)(t));
    }
  });

  it('a range of anything but numbers is refused by name', () => {
    expect(() => interpolate('red', 'blue')).toThrow(/a scale's range must hold numbers, got string and string/);
  });

  it('d3-scale’s linear and log scales, interpolating with it, map and invert as with d3-interpolate', () => {
    const pairs = [
      [scaleLinear().domain([-2, 7]).range([0, 480]), scaleLinear().domain([-2, 7]).range([0, 480]).interpolate(interpolate)],
      [scaleLog().domain([1, 4096]).range([300, 0]), scaleLog().domain([1, 4096]).range([300, 0]).interpolate(interpolate)],
    ] as const;
    for (const [real, ours] of pairs)
      for (const x of [1, 2, 3.5, 64, 1000, 4096]) {
        expect(ours(x)).toBe(real(x));
        expect(ours.invert(ours(x))).toBe(real.invert(real(x)));
      }
    const rounded = scaleLinear().domain([0, 1]).range([0, 97]).interpolate(interpolateRound);
    for (const t of ts) expect(rounded(t)).toBe(scaleLinear().domain([0, 1]).rangeRound([0, 97])(t));
  });
});
