// numeric-scales.ts — the builds' d3-scale with numeric interpolation only.
//
// Every scale of the page maps numbers to pixels, but d3-scale imports d3-interpolate's generic
// `interpolate`, which blends colours too and so brings all of d3-color. The site, the one-file page, the
// component and the npm package give d3-scale web/src/figures/kit/numeric-interpolate.ts instead.
// (The tests keep the real d3-interpolate: numeric-interpolate.test.ts compares the two.)
import { resolve } from 'node:path';

export const numericScales = {
  alias: [{ find: /^d3-interpolate$/, replacement: resolve(import.meta.dirname, '../web/src/figures/kit/numeric-interpolate.ts') }],
};
