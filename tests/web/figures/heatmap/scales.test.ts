// Tests of web/src/figures/heatmap/scales.ts (pure, no DOM): the viridis
// lookup table, the colour of a value, the grey of masked cells, the text
// colour on a fill and the RGBA image of a matrix.
import { describe, expect, it } from 'vitest';
import { interpolateViridis } from 'd3-scale-chromatic';
import {
  DEFAULT_PALETTE,
  LUT_SIZE,
  MASK_FILL,
  MASK_HATCH,
  colourFor,
  colourTable,
  luminance,
  lutIndex,
  matrixToRGBA,
  parseHex,
  textColourFor,
} from '../../../../web/src/figures/heatmap/scales';

describe('colour mapping', () => {
  it('maps the domain ends to viridis(0) and viridis(1), clamping outside', () => {
    expect(colourFor(0, [0, 1])).toBe(interpolateViridis(0));
    expect(colourFor(1, [0, 1])).toBe(interpolateViridis(1));
    expect(colourFor(-3, [0, 1])).toBe(interpolateViridis(0));
    expect(colourFor(-Infinity, [0, 1])).toBe(interpolateViridis(0));
    expect(colourFor(42, [0, 1])).toBe(interpolateViridis(1));
    expect(colourFor(Infinity, [0, 1])).toBe(interpolateViridis(1));
  });

  it('agrees with d3 viridis everywhere (the lookup table has the ramp’s own 256 bins)', () => {
    expect(colourTable().hex).toHaveLength(LUT_SIZE);
    for (let k = 0; k <= 1000; k++) expect(colourFor(k / 1000, [0, 1])).toBe(interpolateViridis(k / 1000));
  });

  it('rescales to the domain', () => {
    expect(colourFor(0.1, [0, 0.2])).toBe(interpolateViridis(0.5));
    expect(colourFor(-1, [-1, 3])).toBe(interpolateViridis(0));
    expect(colourFor(3, [-1, 3])).toBe(interpolateViridis(1));
  });

  it('keeps masked cells out of the viridis palette', () => {
    const hex = new Set(colourTable().hex.map((c) => c.toLowerCase()));
    expect(hex.has(MASK_FILL)).toBe(false);
    // grey: r = g = b, which no viridis colour is
    const [r, g, b] = parseHex(MASK_FILL);
    expect(r === g && g === b).toBe(true);
    for (const c of colourTable().hex) {
      const [cr, cg, cb] = parseHex(c);
      expect(cr === cg && cg === cb).toBe(false);
    }
    expect(colourFor(NaN, [0, 1])).toBe(MASK_FILL);
  });

  it('fills an RGBA image through the table, masked cells grey', () => {
    const values = Float64Array.from([0, 0.25, 0.5, 1, 0.7, NaN]);
    const masked = Uint8Array.from([0, 0, 0, 0, 1, 0]);
    const img = matrixToRGBA(values, masked, 2, 3, [0, 1]);
    const px = (p: number): string => '#' + Array.from(img.slice(4 * p, 4 * p + 3), (x) => x.toString(16).padStart(2, '0')).join('');
    for (let p = 0; p < 4; p++) expect(px(p)).toBe(colourFor(values[p], [0, 1]));
    expect(px(4)).toBe(MASK_FILL);
    expect(px(5)).toBe(MASK_FILL);
    for (let p = 0; p < 6; p++) expect(img[4 * p + 3]).toBe(255);
  });

  it('colours a 512 × 512 matrix (its time printed, not asserted: a loaded machine is not a bug)', () => {
    const n = 512;
    const v = new Float64Array(n * n).map((_, p) => (p % 997) / 996);
    const t0 = performance.now();
    const img = matrixToRGBA(v, null, n, n, [0, 1]);
    const ms = performance.now() - t0;
    console.log(`[perf] matrixToRGBA 512 × 512: ${ms.toFixed(1)} ms`);
    expect(img.length).toBe(n * n * 4);
  });

  it('picks white text on dark cells and black on light ones', () => {
    expect(textColourFor(interpolateViridis(0))).toBe('#ffffff');
    expect(textColourFor(interpolateViridis(1))).toBe('#000000');
    expect(textColourFor(MASK_FILL)).toBe('#000000');
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 12);
  });
});

describe('scales in detail', () => {
  it('bins like the ramp: 256 equal bins over the domain, the top value in the last', () => {
    expect(lutIndex(0, [0, 1])).toBe(0);
    expect(lutIndex(1 / 256 - 1e-12, [0, 1])).toBe(0);
    expect(lutIndex(1 / 256, [0, 1])).toBe(1);
    expect(lutIndex(0.5, [0, 1])).toBe(128);
    expect(lutIndex(1, [0, 1])).toBe(LUT_SIZE - 1);
    expect(lutIndex(NaN, [0, 1])).toBe(0);
    expect(lutIndex(5, [4, 6])).toBe(128);
    // an empty domain does not divide by zero
    expect(lutIndex(2, [2, 2])).toBe(0);
    expect(lutIndex(3, [2, 2])).toBe(LUT_SIZE - 1);
  });

  it('the RGBA image and colourFor agree bin for bin (the fast path has the same binning)', () => {
    const n = 2048;
    const values = new Float64Array(n).map((_, p) => -0.1 + (1.2 * p) / (n - 1));
    const img = matrixToRGBA(values, null, 1, n, [0, 1]);
    for (let p = 0; p < n; p++) {
      const [r, g, b] = parseHex(colourFor(values[p], [0, 1]));
      expect([img[4 * p], img[4 * p + 1], img[4 * p + 2]]).toEqual([r, g, b]);
    }
  });

  it('paints masked cells with a given fill and writes into a given buffer', () => {
    const out = new Uint8ClampedArray(8);
    const img = matrixToRGBA(Float64Array.from([0.5, 0.5]), Uint8Array.from([1, 0]), 1, 2, [0, 1], '#123456', out);
    expect(img).toBe(out);
    expect(Array.from(img.slice(0, 4))).toEqual([0x12, 0x34, 0x56, 255]);
  });

  it('reads #rgb and #rrggbb, with or without the hash', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#0a0')).toEqual([0, 170, 0]);
    expect(parseHex(' 7f7f7f ')).toEqual([127, 127, 127]);
    expect(parseHex('#440154')).toEqual([0x44, 0x01, 0x54]);
  });

  it('gives every viridis colour a text colour of contrast ≥ 4.5 : 1', () => {
    for (const fill of colourTable().hex) {
      const lf = luminance(fill);
      const lt = luminance(textColourFor(fill));
      const ratio = (Math.max(lf, lt) + 0.05) / (Math.min(lf, lt) + 0.05);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has a default palette with the mask colours and a grey hatch darker than the fill', () => {
    expect(DEFAULT_PALETTE.maskFill).toBe(MASK_FILL);
    expect(DEFAULT_PALETTE.maskHatch).toBe(MASK_HATCH);
    expect(luminance(MASK_HATCH)).toBeLessThan(luminance(MASK_FILL));
  });
});
