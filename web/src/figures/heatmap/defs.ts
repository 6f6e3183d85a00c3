// defs.ts — the <defs> of the heatmap's SVG overlay: the diagonal hatch of
// masked cells (the legend's key and the exported cells fill with it) and
// the viridis gradient of the legend's colour bar. Drawn with d3-selection,
// colours as presentation attributes (no inline styles: CSP).

import { interpolateViridis } from './viridis';
import { select } from 'd3-selection';
import { MASK_FILL, MASK_HATCH, type Palette } from './scales';

/** The id of the hatch pattern of the heatmap with element id `id`. */
export function hatchId(id: string): string {
  return `${id}-hatch`;
}

/** The id of the legend's gradient of the heatmap with element id `id`. */
export function gradientId(id: string): string {
  return `${id}-grad`;
}

/** Append the <defs> (hatch pattern, 17-stop viridis gradient) to the overlay. */
export function buildDefs(svg: SVGSVGElement, id: string): void {
  const defs = select(svg).append('defs');
  const pat = defs
    .append('pattern')
    .attr('id', hatchId(id))
    .attr('patternUnits', 'userSpaceOnUse')
    .attr('width', 6)
    .attr('height', 6)
    .attr('patternTransform', 'rotate(45)');
  pat.append('rect').attr('class', 'hm-hatch-bg').attr('width', 6).attr('height', 6).attr('fill', MASK_FILL);
  pat
    .append('line')
    .attr('class', 'hm-hatch-line')
    .attr('x1', 1.5)
    .attr('y1', 0)
    .attr('x2', 1.5)
    .attr('y2', 6)
    .attr('stroke', MASK_HATCH)
    .attr('stroke-width', 1.5);
  const grad = defs.append('linearGradient').attr('id', gradientId(id)).attr('x1', 0).attr('x2', 1).attr('y1', 0).attr('y2', 0);
  for (let k = 0; k <= 16; k++)
    grad
      .append('stop')
      .attr('offset', k / 16)
      .attr('stop-color', interpolateViridis(k / 16));
}

/** Colour the hatch pattern from the palette. */
export function drawDefs(svg: SVGSVGElement, pal: Palette): void {
  const s = select(svg);
  s.select('.hm-hatch-bg').attr('fill', pal.maskFill);
  s.select('.hm-hatch-line').attr('stroke', pal.maskHatch);
}
