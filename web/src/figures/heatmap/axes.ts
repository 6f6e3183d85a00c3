// axes.ts — the heatmap's titles and axes in the SVG overlay: the title
// line, "key →" over the column labels, "query →" turned down the left, and
// the two axes (d3-scale scaleBand + d3-axis): keys along the top, queries
// down the left, thinned to the layout's ticks, column labels turned upright
// when the layout says so. Each tick keeps data-row / data-col.

import { axisLeft, axisTop } from 'd3-axis';
import { scaleBand, type ScaleBand } from 'd3-scale';
import { select, type Selection } from 'd3-selection';
import { AXIS_TITLE_H, FONT, PAD, TICK, TICK_PAD, TITLE_H, textWidth, type HeatmapLayout } from './layout';
import type { ResolvedOptions } from './types';

type G = Selection<SVGGElement, unknown, null, undefined>;

/** Append the title, the two axis titles and the two (empty) axes to the overlay, in drawing order. */
export function buildAxes(svg: SVGSVGElement): void {
  const s = select(svg);
  s.append('text').attr('class', 'hm-title').attr('font-weight', 600).attr('font-size', 14).attr('fill', 'currentColor');
  s.append('text').attr('class', 'hm-axis-title hm-col-title').attr('font-size', FONT).attr('font-weight', 600).attr('fill', 'currentColor');
  s.append('text')
    .attr('class', 'hm-axis-title hm-row-title')
    .attr('font-size', FONT)
    .attr('font-weight', 600)
    .attr('fill', 'currentColor')
    .attr('text-anchor', 'middle');
  s.append('g').attr('class', 'hm-axis hm-axis-cols').attr('data-axis', 'key');
  s.append('g').attr('class', 'hm-axis hm-axis-rows').attr('data-axis', 'query');
}

/** Write the title and the axis titles for a layout. */
export function drawTitles(svg: SVGSVGElement, L: HeatmapLayout, o: ResolvedOptions): void {
  const s = select(svg);
  s.select('.hm-title')
    .attr('x', PAD)
    .attr('y', PAD + 14)
    .text(o.title ?? '');
  // "key →" above the column labels, left-aligned with the plot.
  s.select('.hm-col-title')
    .attr('x', L.left)
    .attr('y', PAD + (o.title ? TITLE_H : 0) + FONT)
    .text(`${o.colTitle} →`);
  // "query →" turned 90° clockwise: reads top to bottom, the arrow points down the rows.
  const rowTitleX = PAD + AXIS_TITLE_H / 2 - 2;
  const rowTitleY = L.top + Math.max(L.plotHeight, textWidth(`${o.rowTitle} →`)) / 2;
  s.select('.hm-row-title').attr('transform', `translate(${rowTitleX},${rowTitleY}) rotate(90)`).attr('dy', '0.32em').text(`${o.rowTitle} →`);
}

/** Draw the key axis on top and the query axis on the left of a rows × cols plot, labelled with the (already cut) labels. */
export function drawAxes(svg: SVGSVGElement, L: HeatmapLayout, rows: number, cols: number, rowLabels: string[], colLabels: string[]): void {
  const s = select(svg);
  // One band per index, no padding (scaleBand's default): cell k spans [k·cell, (k + 1)·cell).
  const x: ScaleBand<number> = scaleBand<number>().domain(range(cols)).range([0, L.plotWidth]);
  const y: ScaleBand<number> = scaleBand<number>().domain(range(rows)).range([0, L.plotHeight]);

  const colAxis = s.select<SVGGElement>('.hm-axis-cols').attr('transform', `translate(${L.left},${L.top})`);
  colAxis.call(
    axisTop(x)
      .tickValues(L.colTicks)
      .tickFormat((j) => colLabels[j] ?? String(j))
      .tickSize(TICK)
      .tickPadding(TICK_PAD),
  );
  styleAxis(colAxis, 'col');
  const texts = colAxis.selectAll<SVGTextElement, number>('.tick text');
  if (L.rotateColLabels)
    texts
      .attr('transform', 'rotate(-90)')
      .attr('x', TICK + TICK_PAD)
      .attr('y', 0)
      .attr('dy', '0.32em')
      .attr('text-anchor', 'start');
  else texts.attr('transform', null).attr('x', null).attr('text-anchor', 'middle');

  const rowAxis = s.select<SVGGElement>('.hm-axis-rows').attr('transform', `translate(${L.left},${L.top})`);
  rowAxis.call(
    axisLeft(y)
      .tickValues(L.rowTicks)
      .tickFormat((i) => rowLabels[i] ?? String(i))
      .tickSize(TICK)
      .tickPadding(TICK_PAD),
  );
  styleAxis(rowAxis, 'row');
}

/** The axis font from the overlay (no d3 font-family), no domain line (so no outer ticks either), and data-row / data-col on each tick. */
function styleAxis(g: G, kind: 'row' | 'col'): void {
  g.attr('font-size', FONT).attr('font-family', null);
  g.select('.domain').remove();
  g.selectAll<SVGGElement, number>('.tick').attr(`data-${kind}`, (d) => d);
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
