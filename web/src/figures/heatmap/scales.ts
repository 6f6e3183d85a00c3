// scales.ts — the heatmap's colour scale (pure, no DOM): values → viridis
// through a 256-entry lookup table built once, the grey of masked cells, the
// text colour that reads on a fill, and the palette the canvas and the export
// draw with.

import { interpolateViridis } from './viridis';

/** Number of entries in the colour lookup table (viridis itself is a 256-colour ramp). */
export const LUT_SIZE = 256;
/** Default fill of a masked (hidden) cell: a neutral grey that viridis never produces. */
export const MASK_FILL = '#d9d9d9';
/** Default colour of the diagonal hatch over masked cells. */
export const MASK_HATCH = '#7f7f7f';

/** Colours the canvas and the export need, read from the CSS custom properties (or defaults). */
export interface Palette {
  fg: string;
  bg: string;
  grid: string;
  maskFill: string;
  maskHatch: string;
}

/** The palette used when no stylesheet sets the --hm-* custom properties. */
export const DEFAULT_PALETTE: Palette = { fg: '#1f2328', bg: '#ffffff', grid: '#ffffff', maskFill: MASK_FILL, maskHatch: MASK_HATCH };

let table: { rgba: Uint8ClampedArray; hex: string[] } | null = null;

/** The viridis lookup table, built once: LUT_SIZE RGBA entries and their "#rrggbb" strings. */
export function colourTable(): { rgba: Uint8ClampedArray; hex: string[] } {
  if (table) return table;
  const rgba = new Uint8ClampedArray(LUT_SIZE * 4);
  const hex: string[] = [];
  for (let k = 0; k < LUT_SIZE; k++) {
    const c = interpolateViridis(k / (LUT_SIZE - 1)); // "#rrggbb"
    hex.push(c);
    const [r, g, b] = parseHex(c);
    rgba[4 * k] = r;
    rgba[4 * k + 1] = g;
    rgba[4 * k + 2] = b;
    rgba[4 * k + 3] = 255;
  }
  table = { rgba, hex };
  return table;
}

/** "#rrggbb" (or "#rgb") → [r, g, b] in 0..255. */
export function parseHex(c: string): [number, number, number] {
  let h = c.trim().replace(/^#/, '');
  if (h.length === 3) h = h[0] + h[0] + h[1] + h[1] + h[2] + h[2];
  const n = parseInt(h.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lookup-table index of v within domain (clamped; the same binning as d3's viridis ramp). */
export function lutIndex(v: number, domain: [number, number]): number {
  const span = domain[1] - domain[0] || 1;
  const t = (v - domain[0]) / span;
  if (!(t > 0)) return 0; // also −∞ and NaN
  return Math.min(LUT_SIZE - 1, Math.floor(t * LUT_SIZE));
}

/** Viridis colour "#rrggbb" of v within domain, clamped; NaN gets the neutral masked grey. */
export function colourFor(v: number, domain: [number, number]): string {
  if (Number.isNaN(v)) return MASK_FILL;
  return colourTable().hex[lutIndex(v, domain)];
}

/** WCAG relative luminance of a "#rrggbb" colour, 0 (black) .. 1 (white). */
export function luminance(c: string): number {
  const lin = (x: number): number => {
    const s = x / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(c);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Text colour with the higher contrast on a fill: "#000000" on light, "#ffffff" on dark. */
export function textColourFor(fill: string): string {
  const l = luminance(fill);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * RGBA image (rows × cols, row-major) of a matrix through the lookup table;
 * masked cells get maskFill. One pass, no allocation per cell.
 */
export function matrixToRGBA(
  values: Float64Array,
  masked: Uint8Array | null,
  rows: number,
  cols: number,
  domain: [number, number],
  maskFill: string = MASK_FILL,
  out: Uint8ClampedArray = new Uint8ClampedArray(rows * cols * 4),
): Uint8ClampedArray {
  const lut = colourTable().rgba;
  const [mr, mg, mb] = parseHex(maskFill);
  const lo = domain[0];
  const scale = LUT_SIZE / (domain[1] - domain[0] || 1);
  const top = LUT_SIZE - 1;
  for (let p = 0, n = rows * cols; p < n; p++) {
    const o = 4 * p;
    const v = values[p];
    if ((masked && masked[p]) || Number.isNaN(v)) {
      out[o] = mr;
      out[o + 1] = mg;
      out[o + 2] = mb;
      out[o + 3] = 255;
      continue;
    }
    const t = (v - lo) * scale;
    const k = t > 0 ? (t >= top ? top : t | 0) : 0;
    out[o] = lut[4 * k]!;
    out[o + 1] = lut[4 * k + 1]!;
    out[o + 2] = lut[4 * k + 2]!;
    out[o + 3] = 255;
  }
  return out;
}
