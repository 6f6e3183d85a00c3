// overlay.ts — the cursor layer: a vertical line at the active x and a ring on
// every series' point there (hidden when no x is active), and the x position
// under a pointer. The readout text beside it comes from describe.ts.

import { indexAtPoint } from './cursor';
import { drawable, valueAt } from './data';
import { round2 } from './metrics';
import { seriesStyle } from './style';
import type { ChartSvg } from './svg';
import type { ChartFrame, Series } from './types';

/** One ring of the cursor. */
interface Dot {
  colour: string;
  y: number;
}

/** Show the cursor at frame.xs[active] (line, data-index, data-x and one ring per series with a point there), or hide it when active is out of range. */
export function drawCursor(svg: ChartSvg, f: ChartFrame, series: Series[], active: number): void {
  const cur = svg.select<SVGGElement>('.lc-cursor');
  if (active < 0 || active >= f.xs.length) {
    cur.attr('display', 'none');
    return;
  }
  const xv = f.xs[active];
  const px = round2(f.left + f.x(xv));
  cur.attr('display', null).attr('data-index', active).attr('data-x', xv);
  cur
    .select('.lc-cursor-line')
    .attr('x1', px)
    .attr('x2', px)
    .attr('y1', f.top)
    .attr('y2', f.top + f.plotHeight);
  const dots: Dot[] = [];
  series.forEach((s, k) => {
    const p = valueAt(s, xv);
    if (p && drawable(p.y, f.yKind)) dots.push({ colour: seriesStyle(s, k).colour, y: f.y(p.y) });
  });
  cur
    .select('.lc-cursor-dots')
    .selectAll<SVGCircleElement, Dot>('circle')
    .data(dots)
    .join('circle')
    .attr('cx', px)
    .attr('cy', (d) => round2(f.top + d.y))
    .attr('r', 6)
    .attr('fill', 'none')
    .attr('stroke', (d) => d.colour)
    .attr('stroke-width', 2);
}

/** The x position under a pointer at (clientX, clientY) over the SVG element (nearest in pixels, inside the plot ± 12 px), or −1. */
export function pointerIndex(el: SVGSVGElement, f: ChartFrame, clientX: number, clientY: number): number {
  if (!f.xs.length) return -1;
  const r = el.getBoundingClientRect();
  if (r.width <= 0) return -1;
  const k = f.width / r.width;
  return indexAtPoint(
    f.xs.map((v) => f.x(v)),
    (clientX - r.left) * k - f.left,
    (clientY - r.top) * k - f.top,
    { width: f.plotWidth, height: f.plotHeight },
  );
}
