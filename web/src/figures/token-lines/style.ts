// style.ts — how the token view looks (pure, no DOM): one colour per head and
// the mapping from a weight to a line's width and opacity.
//
// Head colours: the Okabe–Ito palette (distinguishable with every common
// colour-vision deficiency), its yellow replaced by its grey because yellow
// lines vanish on white; head h gets entry h mod 8. A theme overrides them
// with --tl-head1 … --tl-head8 (token-lines.css), read once like the
// heatmap's colours.
//
// Weight → line, for w in [0, 1] (clamped; NaN draws as 0):
//   stroke-width   = maxStroke · w   linear: the ink's width is the weight,
//                                    so widths order exactly like weights;
//   stroke-opacity = √w              0 → invisible, 1 → opaque; the square
//                                    root keeps mid weights readable (0.25 →
//                                    0.5) while small ones fade out.
// Both are 0 at w = 0 (no visible line) and maxStroke, 1 at w = 1.

/** The colours the token view draws with, from the --tl-* custom properties (see token-lines.css). */
export interface TokenLinesPalette {
  fg: string;
  muted: string;
  bg: string;
  head1: string;
  head2: string;
  head3: string;
  head4: string;
  head5: string;
  head6: string;
  head7: string;
  head8: string;
}

/** Okabe–Ito colours in the order heads take them (blue, vermilion, bluish green, reddish purple, orange, sky blue, black, grey). */
export const HEAD_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999999'] as const;

/** The palette used when no stylesheet sets the --tl-* custom properties. */
export const DEFAULT_PALETTE: Readonly<TokenLinesPalette> = {
  fg: '#1f2328',
  muted: '#59636e',
  bg: '#ffffff',
  head1: HEAD_COLOURS[0],
  head2: HEAD_COLOURS[1],
  head3: HEAD_COLOURS[2],
  head4: HEAD_COLOURS[3],
  head5: HEAD_COLOURS[4],
  head6: HEAD_COLOURS[5],
  head7: HEAD_COLOURS[6],
  head8: HEAD_COLOURS[7],
};

/** The colour of head h (0-based): palette entry head{h mod 8 + 1}. */
export function headColour(pal: TokenLinesPalette, h: number): string {
  return pal[`head${(h % HEAD_COLOURS.length) + 1}` as keyof TokenLinesPalette];
}

/** A weight clamped to [0, 1] for drawing; NaN → 0. */
export function drawnWeight(w: number): number {
  return w > 0 ? Math.min(w, 1) : 0;
}

/** The stroke width of a line of weight w: maxStroke · w (px, 3 decimals). */
export function strokeWidth(w: number, maxStroke: number): number {
  return roundTo(maxStroke * drawnWeight(w), 1e3);
}

/** The stroke opacity of a line of weight w: √w (2 decimals: finer steps cannot be seen, and fewer changes are fewer DOM writes while dragging). */
export function strokeOpacity(w: number): number {
  return roundTo(Math.sqrt(drawnWeight(w)), 1e2);
}

/** x rounded to 1/scale (what the SVG stores). */
function roundTo(x: number, scale: number): number {
  return Math.round(x * scale) / scale;
}
