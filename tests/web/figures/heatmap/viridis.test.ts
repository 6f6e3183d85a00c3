// Tests of web/src/figures/heatmap/viridis.ts: the copied colour table and its ramp give
// exactly d3-scale-chromatic's interpolateViridis, inside [0, 1], at its edges and outside.
import { describe, expect, it } from 'vitest';
import { interpolateViridis as fromPackage } from 'd3-scale-chromatic';
import { interpolateViridis } from '../../../../web/src/figures/heatmap/viridis';

describe('viridis copied from d3-scale-chromatic', () => {
  it('gives the same colour as the package at 4097 points of [0, 1]', () => {
    for (let k = 0; k <= 4096; k++) expect(interpolateViridis(k / 4096)).toBe(fromPackage(k / 4096));
  });

  it('gives the same colour at each of the 256 bins and clamps outside [0, 1] as the package does', () => {
    for (let k = 0; k < 256; k++) expect(interpolateViridis((k + 0.5) / 256)).toBe(fromPackage((k + 0.5) / 256));
    for (const t of [-1e9, -1, -Number.MIN_VALUE, 1 + 1e-12, 2, 1e9, -Infinity, Infinity]) {
      expect(interpolateViridis(t)).toBe(fromPackage(t));
    }
    expect(interpolateViridis(0)).toBe('#440154');
    expect(interpolateViridis(1)).toBe('#fde725');
  });
});
