// legend.ts — the legend layer: one item per series, flowed into rows by
// layout.ts, each a line sample (band swatch, dash, marker) and the label.

import { select } from 'd3-selection';
import { hasBand } from './data';
import { LEGEND_SAMPLE } from './metrics';
import { BAND_OPACITY, markerPath, seriesStyle } from './style';
import type { DrawContext } from './svg';
import type { LegendItem, Series } from './types';

/** One legend item as bound to its <g>. */
interface LegendDatum {
  s: Series;
  k: number;
  at: LegendItem;
}

/** Draw (or update) the legend items at the frame's legend positions. */
export function drawLegend({ svg, frame: f, series, palette: pal }: DrawContext): void {
  const items = svg
    .select('.lc-legend')
    .selectAll<SVGGElement, LegendDatum>('g.lc-legend-item')
    .data(
      series.map((s, k) => ({ s, k, at: f.legend[k] })),
      (d) => d.s.id,
    )
    .join((enter) => {
      const g = enter.append('g').attr('class', 'lc-legend-item');
      g.append('rect').attr('class', 'lc-legend-band').attr('x', 0).attr('y', -6).attr('width', LEGEND_SAMPLE).attr('height', 12).attr('rx', 2);
      g.append('line').attr('class', 'lc-legend-line').attr('x1', 0).attr('x2', LEGEND_SAMPLE).attr('stroke-width', 2);
      g.append('path')
        .attr('class', 'lc-legend-marker')
        .attr('transform', `translate(${LEGEND_SAMPLE / 2},0)`);
      g.append('text')
        .attr('class', 'lc-legend-label')
        .attr('x', LEGEND_SAMPLE + 6)
        .attr('dy', '0.35em')
        .attr('fill', 'currentColor');
      return g;
    })
    .attr('transform', (d) => `translate(${d.at.x},${d.at.y})`)
    .attr('data-series', (d) => d.s.id);
  items.each(function (d) {
    const st = seriesStyle(d.s, d.k);
    const g = select(this);
    g.select('.lc-legend-band')
      .attr('fill', st.colour)
      .attr('fill-opacity', BAND_OPACITY)
      .attr('display', hasBand(d.s, f.yKind) ? null : 'none');
    g.select('.lc-legend-line').attr('stroke', st.colour).attr('stroke-dasharray', st.dash);
    g.select('.lc-legend-marker')
      .attr('d', st.marker ? markerPath(st.marker) : null)
      .attr('fill', st.colour)
      .attr('stroke', pal.bg)
      .attr('stroke-width', 1)
      .attr('display', st.marker ? null : 'none');
    g.select('.lc-legend-label').text(d.s.label);
  });
}
