// axes.ts — the grid and axis layers: horizontal grid lines at the y ticks and
// vertical ones at the x ticks, the two d3 axes (x labels thinned to every
// step-th) and the axis titles.

import { axisBottom, axisLeft } from 'd3-axis';
import type { Selection } from 'd3-selection';
import { axisTitle } from './describe';
import { FONT, PAD, TICK, TICK_PAD, X_AXIS_H } from './metrics';
import type { DrawContext } from './svg';
import { textWidth } from './text';

/** Draw the grid lines behind the plot at the frame's ticks. */
export function drawGrid({ svg, frame: f, palette: pal }: DrawContext): void {
  const grid = svg.select('.lc-grid').attr('transform', `translate(${f.left},${f.top})`).attr('stroke', pal.grid).attr('stroke-width', 1);
  grid
    .selectAll<SVGLineElement, number>('line.lc-grid-y')
    .data(f.yTicks)
    .join('line')
    .attr('class', 'lc-grid-y')
    .attr('x1', 0)
    .attr('x2', f.plotWidth)
    .attr('y1', (v) => f.y(v))
    .attr('y2', (v) => f.y(v));
  grid
    .selectAll<SVGLineElement, number>('line.lc-grid-x')
    .data(f.xTicks)
    .join('line')
    .attr('class', 'lc-grid-x')
    .attr('y1', 0)
    .attr('y2', f.plotHeight)
    .attr('x1', (v) => f.x(v))
    .attr('x2', (v) => f.x(v));
}

/** Draw both axes (ticks with data-x / data-y, muted ink) and their titles ("(log scale)" on a log axis; the y one shortened when it does not fit). */
export function drawAxes({ svg, frame: f, options: o, palette: pal, words: w }: DrawContext): void {
  const xAxis = svg.select<SVGGElement>('.lc-axis-x').attr('transform', `translate(${f.left},${f.top + f.plotHeight})`);
  xAxis.call(
    axisBottom(f.x)
      .tickValues(f.xTicks)
      .tickFormat((_, i) => (i % f.xLabelStep === 0 ? f.xTickLabels[i] : ''))
      .tickSize(TICK)
      .tickPadding(TICK_PAD)
      .tickSizeOuter(0),
  );
  const yAxis = svg.select<SVGGElement>('.lc-axis-y').attr('transform', `translate(${f.left},${f.top})`);
  yAxis.call(
    axisLeft(f.y)
      .tickValues(f.yTicks)
      .tickFormat((_, i) => f.yTickLabels[i])
      .tickSize(TICK)
      .tickPadding(TICK_PAD)
      .tickSizeOuter(0),
  );
  for (const g of [xAxis, yAxis]) inkAxis(g, pal.muted);
  xAxis.selectAll<SVGGElement, number>('.tick').attr('data-x', (v) => v);
  yAxis.selectAll<SVGGElement, number>('.tick').attr('data-y', (v) => v);
  const yTitle = axisTitle(o.yLabel, f.yKind, w);
  svg
    .select('.lc-x-title')
    .attr('x', f.left + f.plotWidth / 2)
    .attr('y', f.top + f.plotHeight + X_AXIS_H + FONT + 1)
    .text(axisTitle(o.xLabel, f.xKind, w));
  svg
    .select('.lc-y-title')
    .attr('transform', `translate(${PAD + FONT - 2},${f.top + f.plotHeight / 2}) rotate(-90)`)
    .text(textWidth(yTitle) <= f.plotHeight + 16 ? yTitle : o.yLabel);
}

/** An axis in the chart's font size (no font family of its own: the SVG's) with muted lines. */
function inkAxis(g: Selection<SVGGElement, unknown, null, undefined>, muted: string): void {
  g.attr('font-size', FONT).attr('font-family', null);
  g.select('.domain').attr('stroke', muted);
  g.selectAll('.tick line').attr('stroke', muted);
}
