// bar-chart.ts — the calculator's bars as an SVG (d3-selection): grouped by
// token count, one bar per bytes-per-value width, the fields' own bar outlined,
// each bar's size written after it. Geometry and scales: layout.ts.

import { select } from 'd3-selection';
import { FONT_FAMILY, SVG_NS } from '../kit/figure-kit';
import { barsLayout, widthColour } from './layout';

/** One bar as drawn: its token count, its width in bytes, its value (bytes, as a number), and its texts. */
export interface ChartBar {
  tokens: number;
  width: number;
  value: number;
  chosen: boolean;
  /** The series label (fp16, float64, …), the size written after the bar, and the full description. */
  label: string;
  size: string;
  title: string;
}

/** Draw the bars `width` pixels wide (log: a log scale); `groupLabel` writes a token count's heading. */
export function drawBarChart(
  doc: Document,
  bars: ChartBar[],
  width: number,
  log: boolean,
  title: string,
  groupLabel: (tokens: number) => string,
): SVGSVGElement {
  const L = barsLayout(bars, width, log);
  const node = doc.createElementNS(SVG_NS, 'svg');
  const svg = select(node)
    .attr('class', 'kv-bars')
    .attr('role', 'img')
    .attr('aria-label', title)
    .attr('width', width)
    .attr('height', L.height)
    .attr('viewBox', `0 0 ${width} ${L.height}`)
    .attr('font-family', FONT_FAMILY)
    .attr('font-size', 12);
  for (const g of L.groups) svg.append('text').attr('x', 0).attr('y', g.y).attr('font-weight', 600).attr('fill', 'currentColor').text(groupLabel(g.tokens));
  for (const p of L.bars) {
    const g = svg.append('g').attr('class', p.bar.chosen ? 'kv-bar kv-bar-chosen' : 'kv-bar');
    g.append('title').text(p.bar.title);
    g.append('text')
      .attr('x', L.labelW - 6)
      .attr('y', p.y + L.barH - 4)
      .attr('text-anchor', 'end')
      .attr('fill', 'currentColor')
      .text(p.bar.label);
    g.append('rect')
      .attr('x', L.labelW)
      .attr('y', p.y)
      .attr('width', p.length)
      .attr('height', L.barH)
      .style('fill', widthColour(p.bar.width))
      .attr('stroke', p.bar.chosen ? 'currentColor' : 'none')
      .attr('stroke-width', 2);
    g.append('text')
      .attr('x', L.labelW + p.length + 6)
      .attr('y', p.y + L.barH - 4)
      .attr('fill', 'currentColor')
      .attr('font-weight', p.bar.chosen ? 700 : 400)
      .text(p.bar.size);
  }
  return node;
}
