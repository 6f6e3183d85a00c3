// highlight.ts — the hover / keyboard highlight in the SVG overlay: a
// two-tone square (black outside, white inside, so it shows on every
// colour) around the active cell, its tick labels marked hm-active, and the
// keyboard cursor's cell on the root element (data-cursor-row / -col).

import { select } from 'd3-selection';
import type { HeatmapLayout } from './layout';
import type { CellPos } from './types';

/** Append the (hidden) cursor square to the overlay. */
export function buildHighlight(svg: SVGSVGElement): void {
  const cur = select(svg).append('g').attr('class', 'hm-cursor').attr('display', 'none');
  cur.append('rect').attr('class', 'hm-cursor-outer').attr('fill', 'none').attr('stroke', '#000').attr('stroke-width', 4);
  cur.append('rect').attr('class', 'hm-cursor-inner').attr('fill', 'none').attr('stroke', '#fff').attr('stroke-width', 2);
}

/** Put data-cursor-row / data-cursor-col of the keyboard cursor on the root element, or remove them. */
export function markCursor(root: HTMLElement, cursor: CellPos | null): void {
  if (cursor) {
    root.dataset['cursorRow'] = String(cursor.row);
    root.dataset['cursorCol'] = String(cursor.col);
  } else {
    delete root.dataset['cursorRow'];
    delete root.dataset['cursorCol'];
  }
}

/** Mark the tick labels of the active cell and square it (at least 3 px), or hide the square when there is no active cell or layout. */
export function drawHighlight(svg: SVGSVGElement, active: CellPos | null, L: HeatmapLayout | null): void {
  const s = select(svg);
  const cur = s.select<SVGGElement>('.hm-cursor');
  s.selectAll<SVGGElement, number>('.hm-axis-rows .tick').classed('hm-active', (d) => d === active?.row);
  s.selectAll<SVGGElement, number>('.hm-axis-cols .tick').classed('hm-active', (d) => d === active?.col);
  if (!L || !active) {
    cur.attr('display', 'none');
    return;
  }
  const { row, col } = active;
  const x = L.left + col * L.cell;
  const y = L.top + row * L.cell;
  const side = Math.max(L.cell, 3);
  cur.attr('display', null).attr('data-row', row).attr('data-col', col).selectAll('rect').attr('x', x).attr('y', y).attr('width', side).attr('height', side);
}
