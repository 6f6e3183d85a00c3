// types.ts — the line chart's public data types (series, points, options) and
// the geometry of one drawing that the layers share.

import type { ScaleContinuousNumeric } from 'd3-scale';
import type { ChartWords } from './words';

/** One point: y at x, with an optional band lo..hi (e.g. mean ± std). */
export interface SeriesPoint {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
}

/** One line of the chart. */
export interface Series {
  /** Stable id (kept in data-series attributes). */
  id: string;
  /** Name in the legend, the table and the accessible summary. */
  label: string;
  points: SeriesPoint[];
  /** Draw the line dashed (e.g. a fitted line). */
  dashed?: boolean;
  /** An explicit SVG dash pattern ('2 3'; '' for a solid line): overrides `dashed` and the default dash. */
  dash?: string;
  /** Draw a marker at every point (each series gets its own shape). */
  markers?: boolean;
  /** Shorter name used in the readout ("without" for "without ÷√d_k"); default label. */
  shortLabel?: string;
}

/** A vertical guide line with its label. */
export interface Guide {
  x: number;
  label: string;
}

/** Axes, labels and guides of a chart. */
export interface ChartOptions {
  /** Title drawn at the top and used in the accessible name. */
  title?: string;
  xLabel: string;
  yLabel: string;
  /** 'log' uses base 2 ticks when every x is a power of two, else powers of ten; default 'linear'. */
  xScale?: AxisKind;
  yScale?: AxisKind;
  /** Default: the data's extent (linear y also includes 0; log y is rounded out to powers of ten). */
  xDomain?: [number, number];
  yDomain?: [number, number];
  /** Tick values of the x axis (labels are thinned when they would overlap). */
  xTicks?: number[];
  /** x counts something (steps, tokens): ticks only at whole numbers. */
  xWhole?: boolean;
  /** Format of y values on the axis and in the readout; default 3 significant digits (10k, 1.5M above 10⁴). */
  yFormat?: (v: number) => string;
  /** Format of x values on the axis and in the readout; default as yFormat's default. */
  xFormat?: (v: number) => string;
  /** Vertical guide lines, e.g. { x: 64, label: 'd = 64' }. */
  annotations?: Guide[];
  /** A sentence under the chart (HTML on screen, wrapped text in the export). */
  caption?: string;
  /** Name of x in the readout and the table ("d"); default xLabel. */
  xName?: string;
  /** Height in px of the SVG with a one-row legend (more legend rows add to it); default 260. */
  height?: number;
  /** The chart's own words (buttons, hints, summary, table), e.g. translated; missing ones are DEFAULT_CHART_WORDS. */
  words?: Partial<ChartWords>;
}

/** The kind of an axis. */
export type AxisKind = 'linear' | 'log';

/** A d3 continuous scale from data to px (linear or log). */
export type Scale = ScaleContinuousNumeric<number, number>;

/** Position of one legend item (its line sample starts at x; y is the row's middle). */
export interface LegendItem {
  x: number;
  y: number;
}

/** Colours the drawing takes from the CSS custom properties (or DEFAULT_PALETTE). */
export interface ChartPalette {
  fg: string;
  muted: string;
  bg: string;
  grid: string;
}

/** Geometry of one drawing in CSS px (the plot's top-left corner is (left, top)): sizes, scales, ticks, legend and title rows. */
export interface ChartFrame {
  width: number;
  height: number;
  left: number;
  top: number;
  plotWidth: number;
  plotHeight: number;
  x: Scale;
  y: Scale;
  xKind: AxisKind;
  yKind: AxisKind;
  /** Every x with a drawable point, sorted: the stops of the cursor. */
  xs: number[];
  xTicks: number[];
  /** Label of each x tick (before thinning). */
  xTickLabels: string[];
  /** Show every step-th x label (the others are blank so they do not overlap). */
  xLabelStep: number;
  yTicks: number[];
  yTickLabels: string[];
  /** Where each series' legend item goes. */
  legend: LegendItem[];
  /** The title wrapped into rows (empty: no title). */
  titleLines: string[];
}
