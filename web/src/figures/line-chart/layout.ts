// layout.ts — where everything goes, pure (no DOM): the legend flowing into
// rows, the title rows, the plot's height and the SVG's, the left margin from
// the widest y label, and the whole frame of one drawing (chartLayout).

import {
  FALLBACK_WIDTH,
  MIN_WIDTH,
  DEFAULT_HEIGHT,
  LEGEND_GAP,
  LEGEND_ROW,
  LEGEND_SAMPLE,
  MIN_PLOT_H,
  PAD,
  PLOT_GAP,
  TICK,
  TICK_PAD,
  TITLE_FONT,
  TITLE_H,
  TITLE_LINE,
  X_AXIS_H,
  X_LABEL_H,
  Y_LABEL_W,
} from './metrics';
import { xAxisScale, yAxisScale } from './scales';
import { textWidth, wrapText } from './text';
import type { ChartFrame, ChartOptions, LegendItem, Series } from './types';

/** Flow legend items of these labels into rows of at most width px; returns their positions and the number of rows. */
export function legendLayout(labels: string[], width: number, top: number): { items: LegendItem[]; rows: number } {
  const items: LegendItem[] = [];
  let x = PAD;
  let row = 0;
  for (const l of labels) {
    const w = LEGEND_SAMPLE + 6 + textWidth(l);
    if (x > PAD && x + w > width - PAD) {
      row++;
      x = PAD;
    }
    items.push({ x, y: top + row * LEGEND_ROW + LEGEND_ROW / 2 });
    x += w + LEGEND_GAP;
  }
  return { items, rows: labels.length ? row + 1 : 0 };
}

/** Vertical layout of a chart: where the legend and the plot go, the plot's height and the SVG's height (titleRows 0 = no title). */
export function verticalLayout(p: { height: number; titleRows: number; legendRows: number }): {
  legendTop: number;
  top: number;
  plotHeight: number;
  height: number;
} {
  const legendTop = PAD + (p.titleRows > 0 ? TITLE_H : 0);
  const fixed = legendTop + LEGEND_ROW + PLOT_GAP + X_AXIS_H + X_LABEL_H + PAD; // with one title row and one legend row
  const plotHeight = Math.max(MIN_PLOT_H, p.height - fixed);
  const extra = Math.max(0, p.titleRows - 1) * TITLE_LINE + Math.max(0, p.legendRows - 1) * LEGEND_ROW;
  const top = legendTop + Math.max(0, p.titleRows - 1) * TITLE_LINE + Math.max(1, p.legendRows) * LEGEND_ROW + PLOT_GAP;
  return { legendTop: legendTop + Math.max(0, p.titleRows - 1) * TITLE_LINE, top, plotHeight, height: Math.ceil(fixed + plotHeight + extra) };
}

/** The SVG's width for a measured container width (0: not laid out yet). */
export function chartWidth(measured: number): number {
  return Math.max(MIN_WIDTH, Math.floor(measured > 0 ? measured : FALLBACK_WIDTH));
}

/** The left margin: room for the y title, the widest y label and the ticks. */
export function leftMargin(yLabels: string[]): number {
  const widest = yLabels.reduce((w, s) => Math.max(w, textWidth(s)), textWidth('0'));
  return Math.ceil(PAD + Y_LABEL_W + widest + TICK + TICK_PAD);
}

/** The whole geometry of one drawing at a measured container width: vertical layout first (the y ticks depend on the plot's height only), then y, then x. */
export function chartLayout(series: Series[], o: ChartOptions, measured: number): ChartFrame {
  const width = chartWidth(measured);
  const labels = series.map((s) => s.label);
  const titleLines = o.title ? wrapText(o.title, width - 2 * PAD, TITLE_FONT) : [];
  const V = verticalLayout({ height: o.height ?? DEFAULT_HEIGHT, titleRows: titleLines.length, legendRows: legendLayout(labels, width, 0).rows });
  const Y = yAxisScale(series, o, V.plotHeight);
  const left = leftMargin(Y.labels);
  const X = xAxisScale(series, o, width, left);
  return {
    width,
    height: V.height,
    left,
    top: V.top,
    plotWidth: X.plotWidth,
    plotHeight: V.plotHeight,
    x: X.x,
    y: Y.y,
    xKind: o.xScale ?? 'linear',
    yKind: o.yScale ?? 'linear',
    xs: X.xs,
    xTicks: X.ticks,
    xTickLabels: X.labels,
    xLabelStep: X.step,
    yTicks: Y.ticks,
    yTickLabels: Y.labels,
    legend: legendLayout(labels, width, V.legendTop).items,
    titleLines,
  };
}
