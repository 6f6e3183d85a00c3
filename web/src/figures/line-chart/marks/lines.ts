// lines.ts — the line mark: one 2 px path per series in its colour and dash,
// clipped to the plot, broken where a point cannot be drawn.

import { line } from 'd3-shape';
import { drawable } from '../data';
import { styledSeries, type StyledSeries } from '../style';
import type { DrawContext } from '../svg';
import type { SeriesPoint } from '../types';

/** Draw one path.lc-line per series. */
export function drawLines({ svg, frame: f, series }: DrawContext): void {
  const lineOf = line<SeriesPoint>()
    .defined((p) => drawable(p.x, f.xKind) && drawable(p.y, f.yKind))
    .x((p) => f.left + f.x(p.x))
    .y((p) => f.top + f.y(p.y));
  svg
    .select('.lc-lines')
    .selectAll<SVGPathElement, StyledSeries>('path.lc-line')
    .data(styledSeries(series), (d) => d.s.id)
    .join('path')
    .attr('class', 'lc-line')
    .attr('data-series', (d) => d.s.id)
    .attr('stroke', (d) => d.st.colour)
    .attr('stroke-width', 2)
    .attr('stroke-linejoin', 'round')
    .attr('stroke-linecap', 'round')
    .attr('stroke-dasharray', (d) => d.st.dash)
    .attr('d', (d) => lineOf(d.s.points) ?? '');
}
