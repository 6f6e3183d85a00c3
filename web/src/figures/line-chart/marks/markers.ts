// markers.ts — the marker mark: for each series with markers: true, its shape
// (circle, square, triangle, …) at every drawable point, outlined in the
// background colour.

import { select } from 'd3-selection';
import { drawable } from '../data';
import { round2 } from '../metrics';
import { markerPath, styledSeries, type StyledSeries } from '../style';
import type { DrawContext } from '../svg';
import type { SeriesPoint } from '../types';

/** Draw one g.lc-marker-set (data-marker = its shape) of path.lc-marker per series with markers. */
export function drawMarkers({ svg, frame: f, series, palette: pal }: DrawContext): void {
  const sets = svg
    .select('.lc-markers')
    .selectAll<SVGGElement, StyledSeries>('g.lc-marker-set')
    .data(
      styledSeries(series).filter((d) => d.st.marker),
      (d) => d.s.id,
    )
    .join('g')
    .attr('class', 'lc-marker-set')
    .attr('data-series', (d) => d.s.id)
    .attr('data-marker', (d) => d.st.marker)
    .attr('fill', (d) => d.st.colour)
    .attr('stroke', pal.bg)
    .attr('stroke-width', 1);
  sets.each(function (d) {
    const shape = markerPath(d.st.marker!);
    select(this)
      .selectAll<SVGPathElement, SeriesPoint>('path.lc-marker')
      .data(d.s.points.filter((p) => drawable(p.x, f.xKind) && drawable(p.y, f.yKind)))
      .join('path')
      .attr('class', 'lc-marker')
      .attr('d', shape)
      .attr('transform', (p) => `translate(${round2(f.left + f.x(p.x))},${round2(f.top + f.y(p.y))})`);
  });
}
