// style.ts — how series look: Okabe–Ito colours, one marker shape and one dash
// per series (so lines differ without colour), the band's opacity and the
// palette of the chart's own ink. Pure: no DOM.

import { symbol, symbolCircle, symbolCross, symbolDiamond, symbolSquare, symbolStar, symbolTriangle, symbolWye, type SymbolType } from 'd3-shape';
import { MARKER_AREA } from './metrics';
import type { ChartPalette, Series } from './types';

/** Okabe–Ito colours, distinguishable with every common colour-vision deficiency; series k gets entry k. */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'] as const;
/** Marker shapes, series k gets entry k (names as in data-marker attributes). */
export const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star', 'wye'] as const;
/** Dash of a series with dashed: true. */
export const FIT_DASH = '6 4';
/** Dash of series k when it has neither markers nor dashed: true (so lines still differ without colour). */
export const PLAIN_DASHES = [null, '2 3', '9 3 2 3', '12 4', '1 3'] as const;
/** Opacity of a spread band. */
export const BAND_OPACITY = 0.18;
/** The palette used when no stylesheet sets the --lc-* custom properties. */
export const DEFAULT_PALETTE: ChartPalette = { fg: '#1f2328', muted: '#59636e', bg: '#ffffff', grid: '#e1e4e8' };

/** A marker shape's name (entry of MARKERS). */
export type MarkerName = (typeof MARKERS)[number];

/** Colour, dash and marker of one series. */
export interface SeriesStyle {
  colour: string;
  dash: string | null;
  marker: MarkerName | null;
}

const SYMBOLS: SymbolType[] = [symbolCircle, symbolSquare, symbolTriangle, symbolDiamond, symbolCross, symbolStar, symbolWye];

/** Colour, dash and marker of series k: Okabe–Ito colour k, marker shape k; its own `dash` if given, else FIT_DASH if dashed, else a plain dash k when it has no markers. */
export function seriesStyle(s: Pick<Series, 'dashed' | 'markers' | 'dash'>, k: number): SeriesStyle {
  const colour = PALETTE[k % PALETTE.length];
  const fallback = s.dashed ? FIT_DASH : s.markers ? null : PLAIN_DASHES[k % PLAIN_DASHES.length]!;
  const dash = s.dash === undefined ? fallback : s.dash || null;
  return { colour, dash, marker: s.markers ? MARKERS[k % MARKERS.length] : null };
}

/** The SVG path of a marker shape centred on (0, 0), MARKER_AREA px² large. */
export function markerPath(marker: MarkerName): string {
  return symbol(SYMBOLS[MARKERS.indexOf(marker)], MARKER_AREA)() ?? '';
}

/** A series with its index and style, as the drawing layers bind them. */
export interface StyledSeries {
  s: Series;
  k: number;
  st: SeriesStyle;
}

/** Every series with its index and style. */
export function styledSeries(series: Series[]): StyledSeries[] {
  return series.map((s, k) => ({ s, k, st: seriesStyle(s, k) }));
}
