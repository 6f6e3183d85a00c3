// values.ts — the numbers printed in the cells (small matrices only; the
// layout decides): SVG <text class="hm-value"> centred in each cell, black
// or white, whichever reads better on the cell's colour (the same in a light
// and a dark theme: viridis is), and "×" in masked cells (hm-value-masked),
// dark grey on a light mask fill, white on a dark one. Each keeps data-row /
// data-col.

import { select } from 'd3-selection';
import { setAttr, setText } from '../kit/figure-kit';
import { isMasked } from './data';
import { cellText, type HeatmapLayout } from './layout';
import { colourFor, MASK_FILL, textColourFor } from './scales';
import type { Matrix } from './types';

/** Text printed in a masked cell when values are shown. */
export const MASK_TEXT = '×';

/** One printed value: cell (i, j), its text and its colour. */
export interface CellValue {
  i: number;
  j: number;
  t: string;
  fill: string;
}

/** The colour of the × in a masked cell of fill `maskFill`: dark grey on a light fill, white on a dark one. */
export function maskTextColour(maskFill: string): string {
  return textColourFor(maskFill) === '#000000' ? '#333333' : '#ffffff';
}

/** The values to print (pure): one per cell in row-major order when the layout shows values, else none. */
export function cellValues(
  m: Matrix,
  L: Pick<HeatmapLayout, 'showValues'>,
  domain: [number, number],
  digits: number,
  maskFill: string = MASK_FILL,
): CellValue[] {
  const out: CellValue[] = [];
  if (!L.showValues) return out;
  const masked = maskTextColour(maskFill);
  for (let i = 0; i < m.rows; i++)
    for (let j = 0; j < m.cols; j++) {
      const p = i * m.cols + j;
      const v = m.values[p];
      out.push(isMasked(m, p) ? { i, j, t: MASK_TEXT, fill: masked } : { i, j, t: cellText(v, digits), fill: textColourFor(colourFor(v, domain)) });
    }
  return out;
}

/** Append the (empty) group of the values to the overlay. */
export function buildValues(svg: SVGSVGElement): void {
  select(svg).append('g').attr('class', 'hm-values');
}

/** Print the values of a matrix in its cells, or clear them when the layout shows none. */
export function drawValues(svg: SVGSVGElement, m: Matrix, L: HeatmapLayout, domain: [number, number], digits: number, maskFill?: string): void {
  select(svg)
    .select<SVGGElement>('.hm-values')
    .attr('transform', `translate(${L.left},${L.top})`)
    .attr('font-size', L.valueFontSize)
    .attr('text-anchor', 'middle')
    .selectAll<SVGTextElement, CellValue>('text')
    .data(cellValues(m, L, domain, digits, maskFill))
    .join('text')
    // written only where they changed: a drag redraws many times a second, and each text written is laid out again
    .each(function (d) {
      setAttr(this, 'class', d.t === MASK_TEXT ? 'hm-value hm-value-masked' : 'hm-value');
      setAttr(this, 'x', String((d.j + 0.5) * L.cell));
      setAttr(this, 'y', String((d.i + 0.5) * L.cell));
      setAttr(this, 'dy', '0.35em');
      setAttr(this, 'fill', d.fill);
      setAttr(this, 'data-row', String(d.i));
      setAttr(this, 'data-col', String(d.j));
      setText(this, d.t);
    });
}
