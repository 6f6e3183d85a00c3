// svg.ts — the chart's focusable <svg role="img"> with its fixed groups, back to
// front, and the context every drawing layer is given. The groups:
//   background · title · legend · grid · bands · lines · markers · guide lines
//   · axes · axis titles · cursor.

import { select, type Selection } from 'd3-selection';
import { FONT_FAMILY, SVG_NS } from '../kit/figure-kit';
import { FONT, TITLE_FONT } from './metrics';
import type { ChartFrame, ChartOptions, ChartPalette, Series } from './types';
import type { ChartWords } from './words';

/** The chart's SVG as a d3 selection. */
export type ChartSvg = Selection<SVGSVGElement, unknown, null, undefined>;

/** What a drawing layer draws from: the SVG, the frame, the series, the options, the palette and the words. */
export interface DrawContext {
  svg: ChartSvg;
  /** The component's id: prefix of the clip path's id. */
  id: string;
  frame: ChartFrame;
  series: Series[];
  options: ChartOptions;
  palette: ChartPalette;
  words: ChartWords;
}

/** A new, empty chart SVG (class lc-svg fig-plot, focusable, role img) with its fixed groups; `id` names its clip path `{id}-clip`. */
export function createChartSvg(doc: Document, id: string): SVGSVGElement {
  const el = doc.createElementNS(SVG_NS, 'svg');
  el.setAttribute('class', 'lc-svg fig-plot');
  el.setAttribute('role', 'img');
  el.setAttribute('tabindex', '0');
  el.setAttribute('font-family', FONT_FAMILY);
  el.setAttribute('font-size', String(FONT));
  const svg = select(el);
  svg.append('defs').append('clipPath').attr('id', `${id}-clip`).append('rect');
  svg.append('rect').attr('class', 'lc-background').attr('fill', 'none');
  svg.append('text').attr('class', 'lc-title').attr('font-size', TITLE_FONT).attr('font-weight', 600).attr('fill', 'currentColor');
  svg.append('g').attr('class', 'lc-legend');
  svg.append('g').attr('class', 'lc-grid');
  svg.append('g').attr('class', 'lc-bands').attr('clip-path', `url(#${id}-clip)`);
  svg.append('g').attr('class', 'lc-lines').attr('clip-path', `url(#${id}-clip)`).attr('fill', 'none');
  svg.append('g').attr('class', 'lc-markers');
  svg.append('g').attr('class', 'lc-annotations');
  svg.append('g').attr('class', 'lc-axis lc-axis-x');
  svg.append('g').attr('class', 'lc-axis lc-axis-y');
  svg.append('text').attr('class', 'lc-axis-title lc-x-title').attr('text-anchor', 'middle').attr('fill', 'currentColor');
  svg.append('text').attr('class', 'lc-axis-title lc-y-title').attr('text-anchor', 'middle').attr('fill', 'currentColor');
  const cur = svg.append('g').attr('class', 'lc-cursor').attr('display', 'none').attr('pointer-events', 'none');
  cur.append('line').attr('class', 'lc-cursor-line').attr('stroke', 'currentColor').attr('stroke-width', 1).attr('stroke-opacity', 0.6);
  cur.append('g').attr('class', 'lc-cursor-dots');
  return el;
}
