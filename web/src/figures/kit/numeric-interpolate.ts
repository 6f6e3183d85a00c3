// numeric-interpolate.ts — what d3-scale imports from d3-interpolate, for numbers only.
//
// d3-scale's continuous scales interpolate their range with d3-interpolate's `interpolate`, which also
// blends colours, strings, dates and objects and so pulls all of d3-color into the bundle (5 KB gzipped,
// on the first screen). Every scale of the page maps numbers to pixels, so the builds give d3-scale this
// module in d3-interpolate's place (scripts/numeric-scales.ts). Same formulas as d3-interpolate 3.0
// (ISC licence, Mike Bostock); tests/web/figures/kit/numeric-interpolate.test.ts compares them with it.

type Interpolator = (t: number) => number;

/** a·(1 − t) + b·t: d3's `interpolateNumber`. */
export function interpolateNumber(a: number, b: number): Interpolator {
  return (t) => a * (1 - t) + b * t;
}

/** The same, rounded to a whole number: d3's `interpolateRound`. */
export function interpolateRound(a: number, b: number): Interpolator {
  return (t) => Math.round(a * (1 - t) + b * t);
}

/** d3's generic `interpolate` for the only values the page's scales hold: numbers (a range of anything else is a bug). */
export function interpolate(a: unknown, b: unknown): Interpolator {
  if (typeof a !== 'number' || typeof b !== 'number')
    throw new TypeError(`numeric-interpolate: a scale's range must hold numbers, got ${typeof a} and ${typeof b}`);
  return interpolateNumber(a, b);
}

/** Piecewise interpolation over `values`: d3's `piecewise` (the interpolator first, or `interpolate`). */
export function piecewise(interpolator: ((a: number, b: number) => Interpolator) | number[], values?: number[]): Interpolator {
  const [f, vs] = values === undefined ? [interpolate, interpolator as number[]] : [interpolator as (a: number, b: number) => Interpolator, values];
  const n = vs.length - 1;
  const parts = vs.slice(1).map((v, i) => f(vs[i], v));
  return (t) => {
    const i = Math.max(0, Math.min(n - 1, Math.floor((t *= n))));
    return parts[i](t - i);
  };
}
