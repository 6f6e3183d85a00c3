// metrics.ts — the line chart's fixed sizes in CSS px: fonts, ticks, paddings,
// legend and title rows, the smallest plot. Pure constants, shared by the
// layout, the scales and the drawing layers.

/** Font size of the tick labels, legend labels and axis titles. */
export const FONT = 12;
/** Length of a tick mark. */
export const TICK = 4;
/** Between a tick mark and its label. */
export const TICK_PAD = 3;
/** Padding inside the SVG's edges. */
export const PAD = 4;
/** Height of the first title row. */
export const TITLE_H = 22;
/** Height of each further row of a wrapped title. */
export const TITLE_LINE = 18;
/** Font size of the title. */
export const TITLE_FONT = 14;
/** Height of one legend row. */
export const LEGEND_ROW = 18;
/** Width of the line sample in a legend item. */
export const LEGEND_SAMPLE = 26;
/** Between legend items. */
export const LEGEND_GAP = 14;
/** Between the legend and the plot. */
export const PLOT_GAP = 8;
/** Height of the x axis: tick, padding and label. */
export const X_AXIS_H = TICK + TICK_PAD + FONT + 4;
/** Height of the x axis title. */
export const X_LABEL_H = FONT + 6;
/** Width of the (rotated) y axis title. */
export const Y_LABEL_W = FONT + 8;
/** The plot is never lower than this. */
export const MIN_PLOT_H = 100;
/** The plot is never narrower than this. */
export const MIN_PLOT_W = 60;
/** Area of a marker in px² (d3 symbol size). */
export const MARKER_AREA = 40;
/** Line height of the caption in an export. */
export const CAPTION_LINE = 16;
/** Font size of a guide line's label. */
export const GUIDE_FONT = 11;
/** Default height of the SVG in px (one legend row). */
export const DEFAULT_HEIGHT = 260;
/** Narrowest SVG drawn, whatever the container. */
export const MIN_WIDTH = 200;
/** Width used while the container has none yet (not in the document, not laid out). */
export const FALLBACK_WIDTH = 640;

/** A pixel coordinate rounded to 1/100 px (keeps the SVG short and stable). */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
