// guides.ts — the guide-line mark: a dashed vertical line at each annotation's
// x inside the plot, labelled at the top (the label flips to the left of the
// line near the right edge).

import { select } from 'd3-selection';
import { guideLabel } from '../describe';
import { drawable } from '../data';
import { GUIDE_FONT, round2 } from '../metrics';
import type { DrawContext } from '../svg';
import { textWidth } from '../text';
import type { Guide } from '../types';

/** Draw one g.lc-annotation (data-x) per guide line inside the x domain. */
export function drawGuides({ svg, frame: f, options: o, palette: pal }: DrawContext): void {
  const inside = (o.annotations ?? []).filter((a) => drawable(a.x, f.xKind) && f.x(a.x) >= -0.5 && f.x(a.x) <= f.plotWidth + 0.5);
  const groups = svg
    .select('.lc-annotations')
    .selectAll<SVGGElement, Guide>('g.lc-annotation')
    .data(inside)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'lc-annotation');
      g.append('line').attr('stroke-width', 1.25).attr('stroke-dasharray', '4 3');
      g.append('text')
        .attr('font-size', GUIDE_FONT)
        .attr('fill', 'currentColor')
        .attr('paint-order', 'stroke')
        .attr('stroke-width', 3)
        .attr('stroke-linejoin', 'round');
      return g;
    })
    .attr('data-x', (a) => a.x)
    .attr('transform', (a) => `translate(${round2(f.left + f.x(a.x))},${f.top})`);
  groups.select('line').attr('y1', 0).attr('y2', f.plotHeight).attr('stroke', pal.muted);
  groups
    .select('text')
    .attr('stroke', pal.bg)
    .attr('y', 12)
    .each(function (a) {
      const label = guideLabel(a, o);
      const flip = f.x(a.x) + 4 + textWidth(label, GUIDE_FONT) > f.plotWidth;
      select(this)
        .attr('x', flip ? -4 : 4)
        .attr('text-anchor', flip ? 'end' : 'start')
        .text(label);
    });
}
