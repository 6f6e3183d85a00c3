// frame.ts — the drawing layer of the SVG itself: its size and viewBox, its
// accessible name, the plot's clip rectangle, the background and the title.

import { fill } from '../kit/figure-kit';
import { summarise, xNameOf } from './describe';
import { PAD, TITLE_LINE } from './metrics';
import type { DrawContext } from './svg';

/** Size the SVG (attributes only, never a style), name it, and draw the clip rectangle, background and wrapped title. */
export function drawFrame({ svg, id, frame: f, series, options: o, words: w }: DrawContext): void {
  const el = svg.node()!;
  el.setAttribute('width', String(f.width));
  el.setAttribute('height', String(f.height));
  el.setAttribute('viewBox', `0 0 ${f.width} ${f.height}`);
  el.setAttribute('aria-label', fill(w.aria, { summary: summarise(series, o), x: xNameOf(o) }));
  svg
    .select(`#${id}-clip rect`)
    .attr('x', f.left)
    .attr('y', f.top - 1)
    .attr('width', f.plotWidth)
    .attr('height', f.plotHeight + 2);
  svg.select('.lc-background').attr('width', f.width).attr('height', f.height);
  svg
    .select('.lc-title')
    .selectAll<SVGTSpanElement, string>('tspan')
    .data(f.titleLines)
    .join('tspan')
    .attr('x', PAD)
    .attr('y', (_, i) => PAD + 15 + i * TITLE_LINE)
    .text((l) => l);
}
