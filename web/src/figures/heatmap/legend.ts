// legend.ts — the heatmap's colour legend, below the plot in the SVG
// overlay: a viridis bar (the gradient in defs.ts) with ticks at the ends
// and the middle of the domain, then, when a cell is hidden, the hatched key
// of masked cells with its word.

import { axisBottom } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { gradientId, hatchId } from './defs';
import { FONT, LEGEND_BAR_H, NOTE_LINE_H, TICK, TICK_PAD, cellText, type HeatmapLayout } from './layout';
import { MASK_HATCH, type Palette } from './scales';

/** Append the (empty) legend to the overlay: bar, axis, and the masked key. */
export function buildLegend(svg: SVGSVGElement, id: string): void {
  const legend = select(svg).append('g').attr('class', 'hm-legend');
  legend
    .append('rect')
    .attr('class', 'hm-legend-bar')
    .attr('height', LEGEND_BAR_H)
    .attr('fill', `url(#${gradientId(id)})`);
  legend.append('g').attr('class', 'hm-legend-axis');
  const key = legend.append('g').attr('class', 'hm-legend-mask');
  key
    .append('rect')
    .attr('width', 14)
    .attr('height', LEGEND_BAR_H)
    .attr('fill', `url(#${hatchId(id)})`)
    .attr('stroke', MASK_HATCH)
    .attr('stroke-width', 0.5);
  key
    .append('text')
    .attr('x', 18)
    .attr('y', LEGEND_BAR_H / 2)
    .attr('dy', '0.32em')
    .attr('font-size', FONT)
    .attr('fill', 'currentColor');
  legend.append('text').attr('class', 'hm-legend-note').attr('font-size', FONT).attr('fill', 'currentColor');
}

/** What the legend shows besides the colours: the masked key (when `hasMask`) with its word, and the note (none: undefined or ''). */
export interface LegendKeys {
  hasMask: boolean;
  maskedLabel: string;
  note: string | undefined;
}

/** Draw the legend for a layout and domain, with its masked key and note. */
export function drawLegend(svg: SVGSVGElement, L: HeatmapLayout, domain: [number, number], keys: LegendKeys, pal: Palette): void {
  const { hasMask, maskedLabel, note } = keys;
  const [d0, d1] = domain;
  const legend = select(svg).select<SVGGElement>('.hm-legend').attr('transform', `translate(${L.left},${L.legendY})`);
  legend.select('.hm-legend-bar').attr('width', L.legendWidth);
  const lx = scaleLinear().domain([d0, d1]).range([0, L.legendWidth]);
  const la = legend.select<SVGGElement>('.hm-legend-axis').attr('transform', `translate(0,${LEGEND_BAR_H})`);
  la.call(
    axisBottom(lx)
      .tickValues([d0, (d0 + d1) / 2, d1])
      .tickFormat((v) => cellText(+v, 2))
      .tickSize(TICK)
      .tickPadding(TICK_PAD),
  );
  la.attr('font-size', FONT).attr('font-family', null);
  la.select('.domain').remove(); // the domain line, and with it the outer ticks
  const key = legend
    .select<SVGGElement>('.hm-legend-mask')
    .attr('display', hasMask ? null : 'none')
    .attr('transform', `translate(${L.legendWidth + 16},0)`);
  key.select('rect').attr('stroke', pal.maskHatch);
  key.select('text').text(maskedLabel);
  const x = L.legendNoteX - L.left;
  const y = L.legendNoteY - L.legendY;
  legend
    .select('.hm-legend-note')
    .attr('display', note ? null : 'none')
    .selectAll<SVGTSpanElement, string>('tspan')
    .data(note ? L.legendNoteLines : [])
    .join('tspan')
    .attr('x', x)
    .attr('y', (_, k) => y + k * NOTE_LINE_H)
    .attr('dy', '0.32em')
    .text((d) => d);
}
