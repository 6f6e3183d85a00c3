// numeric-scales.ts — the builds' d3-scale with numeric interpolation and fixed-point tick formats only.
//
// Every scale of the page maps numbers to pixels, but d3-scale imports d3-interpolate's generic
// `interpolate`, which blends colours too and so brings all of d3-color, and d3-format, whose locales, SI
// prefixes and padding the page never asks for (its linear ticks are ",f"). The site, the one-file page, the
// component and the npm package give d3-scale web/src/figures/kit/numeric-interpolate.ts and
// numeric-format.ts instead. (The tests keep the real d3-interpolate and d3-format: numeric-interpolate.test.ts
// and numeric-format.test.ts compare them.)
import { resolve } from 'node:path';

export const numericScales = {
  alias: [
    { find: /^d3-interpolate$/, replacement: resolve(import.meta.dirname, '../web/src/figures/kit/numeric-interpolate.ts') },
    { find: /^d3-format$/, replacement: resolve(import.meta.dirname, '../web/src/figures/kit/numeric-format.ts') },
  ],
};
