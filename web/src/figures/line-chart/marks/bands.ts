// bands.ts — the band mark: each series' spread (lo..hi, e.g. mean ± std) as a
// translucent area in its colour, clipped to the plot, behind the lines.

import { area } from 'd3-shape';
import { bandDrawable, drawable, hasBand } from '../data';
import { BAND_OPACITY, styledSeries, type StyledSeries } from '../style';
import type { DrawContext } from '../svg';
import type { SeriesPoint } from '../types';

/** Draw one path.lc-band per series that has a drawable band (gaps where a point has none). */
export function drawBands({ svg, frame: f, series }: DrawContext): void {
  const bandOf = area<SeriesPoint>()
    .defined((p) => drawable(p.x, f.xKind) && bandDrawable(p, f.yKind))
    .x((p) => f.left + f.x(p.x))
    .y0((p) => f.top + f.y(p.lo!))
    .y1((p) => f.top + f.y(p.hi!));
  svg
    .select('.lc-bands')
    .selectAll<SVGPathElement, StyledSeries>('path.lc-band')
    .data(
      styledSeries(series).filter((d) => hasBand(d.s, f.yKind)),
      (d) => d.s.id,
    )
    .join('path')
    .attr('class', 'lc-band')
    .attr('data-series', (d) => d.s.id)
    .attr('fill', (d) => d.st.colour)
    .attr('fill-opacity', BAND_OPACITY)
    .attr('stroke', 'none')
    .attr('d', (d) => bandOf(d.s.points) ?? '');
}
