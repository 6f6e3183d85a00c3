// emphasis.ts — an outside emphasis in the SVG overlay (Heatmap.highlight):
// a whole row, a whole column or one cell outlined, e.g. the weights row that
// made the output row the reader points at. Like the cursor it is two-tone
// (black outside, white inside, so it shows on every colour, colour-blind
// safe), but its white line is dashed, so the two never look alike. Moving it
// touches two rectangles: no cell is redrawn.

import { select } from 'd3-selection';
import type { HeatmapLayout } from './layout';
import type { Emphasis } from './types';

/** The emphasised rectangle in plot coordinates (px from the overlay's origin), or null when `h` names nothing inside a rows × cols matrix. */
export function emphasisBox(
  h: Emphasis | null,
  rows: number,
  cols: number,
  L: Pick<HeatmapLayout, 'left' | 'top' | 'cell'>,
): { x: number; y: number; width: number; height: number } | null {
  if (!h) return null;
  const row = h.row;
  const col = h.col;
  const rowOk = row !== undefined && Number.isInteger(row) && row >= 0 && row < rows;
  const colOk = col !== undefined && Number.isInteger(col) && col >= 0 && col < cols;
  if ((row !== undefined && !rowOk) || (col !== undefined && !colOk) || (!rowOk && !colOk)) return null;
  const r0 = rowOk ? row : 0;
  const c0 = colOk ? col : 0;
  const side = Math.max(L.cell, 3);
  return {
    x: L.left + c0 * L.cell,
    y: L.top + r0 * L.cell,
    width: colOk ? side : cols * L.cell,
    height: rowOk ? side : rows * L.cell,
  };
}

/** Append the (hidden) emphasis outline to the overlay. */
export function buildEmphasis(svg: SVGSVGElement): void {
  const g = select(svg).append('g').attr('class', 'hm-emphasis').attr('display', 'none');
  g.append('rect').attr('class', 'hm-emphasis-outer').attr('fill', 'none').attr('stroke', '#000').attr('stroke-width', 4);
  g.append('rect').attr('class', 'hm-emphasis-inner').attr('fill', 'none').attr('stroke', '#fff').attr('stroke-width', 2).attr('stroke-dasharray', '4 3');
}

/** Outline what `h` names (data-row / data-col say what), or hide the outline. */
export function drawEmphasis(svg: SVGSVGElement, h: Emphasis | null, rows: number, cols: number, L: HeatmapLayout | null): void {
  const g = select(svg).select<SVGGElement>('.hm-emphasis');
  const box = L ? emphasisBox(h, rows, cols, L) : null;
  if (!box || !h) {
    g.attr('display', 'none').attr('data-row', null).attr('data-col', null);
    return;
  }
  g.attr('display', null)
    .attr('data-row', h.row ?? null)
    .attr('data-col', h.col ?? null)
    .selectAll('rect')
    .attr('x', box.x)
    .attr('y', box.y)
    .attr('width', box.width)
    .attr('height', box.height);
}
