// score-grid.ts — the tile stepper's score grid: the n_q × n_k
// scaled scores in viridis (hidden cells grey with a hatch), the key tiles
// apart by lines; the tiles already read in full colour, the tiles ahead
// faded, the current tile's columns outlined in vermillion (Okabe–Ito: reads
// for every colour vision). An SVG rebuilt on each draw (at most 16 × 16 cells).
// Its colours are presentation attributes; on the page flash-tiles.css gives
// the hatch and the outline the theme's (--ap-mask-*, --ap-key).

import type { TypedMatrix } from '../../core/core';
import { columnState, tilesOf, visible } from '../../model/tiles';
import { uid } from '../../widgets/dom';
import { FONT_FAMILY, SVG_NS } from '../kit/figure-kit';
import { colourFor, MASK_FILL, MASK_HATCH } from '../heatmap/scales';

/** What the grid draws. */
export interface ScoreGridInput {
  scores: TypedMatrix;
  causal: boolean;
  /** Keys per tile. */
  size: number;
  /** 0: no tile read yet; k: tiles 1 … k read, tile k current. */
  step: number;
  /** The grid's accessible name. */
  label: string;
}

/** Pixels of one cell, of the label margin, and the outline of the current tile. */
const CELL = 24;
const MARGIN = 22;
const OUTLINE = '#d55e00';

/** The domain of the visible scores (the colour scale's ends): [min, max], [0, 1] when there are none. */
export function scoreDomain(scores: TypedMatrix, causal: boolean): [number, number] {
  let [lo, hi] = [Infinity, -Infinity];
  for (let i = 0; i < scores.rows; i++)
    for (let j = 0; j < scores.cols; j++)
      if (visible(i, j, causal)) {
        const v = scores.data[i * scores.cols + j];
        [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
      }
  return lo <= hi ? [lo, hi] : [0, 1];
}

/** An SVG element with attributes. */
function svgEl(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e: SVGElement = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The hatch pattern of hidden cells, with id `id`. */
function hatch(id: string): SVGElement {
  const p = svgEl('pattern', { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  p.append(
    svgEl('rect', { class: 'tiles-hatch-bg', width: 6, height: 6, fill: MASK_FILL }),
    svgEl('line', { class: 'tiles-hatch-line', x1: 0, y1: 0, x2: 0, y2: 6, stroke: MASK_HATCH, 'stroke-width': 2 }),
  );
  return p;
}

/** Draw the grid of `x` into a new <svg role="img"> (scaled by CSS to the panel's width). */
export function scoreGrid(x: ScoreGridInput): SVGSVGElement {
  const { scores, causal, size, step } = x;
  const [nq, nk] = [scores.rows, scores.cols];
  const [w, h] = [MARGIN + nk * CELL + 2, MARGIN + nq * CELL + 2];
  const svg = svgEl('svg', {
    class: 'tiles-grid',
    viewBox: `0 0 ${w} ${h}`,
    role: 'img',
    'aria-label': x.label,
    'font-family': FONT_FAMILY,
    'font-size': 10,
  }) as SVGSVGElement;
  const hatchId = uid('tiles-hatch');
  const defs = svgEl('defs', {});
  defs.append(hatch(hatchId));
  svg.append(defs);
  const domain = scoreDomain(scores, causal);
  for (let j = 0; j < nk; j++)
    svg.append(svgEl('text', { x: MARGIN + j * CELL + CELL / 2, y: MARGIN - 7, 'text-anchor': 'middle', fill: 'currentColor' }, String(j)));
  for (let i = 0; i < nq; i++) {
    svg.append(svgEl('text', { x: MARGIN - 5, y: MARGIN + i * CELL + CELL / 2 + 3.5, 'text-anchor': 'end', fill: 'currentColor' }, String(i)));
    for (let j = 0; j < nk; j++) {
      const shown = visible(i, j, causal);
      const v = scores.data[i * nk + j];
      const where = columnState(j, size, step);
      const cell = svgEl('rect', {
        x: MARGIN + j * CELL,
        y: MARGIN + i * CELL,
        width: CELL - 1,
        height: CELL - 1,
        fill: shown ? colourFor(v, domain) : `url(#${hatchId})`,
        class: `tiles-cell tiles-${where}${shown ? '' : ' tiles-hidden'}`,
        'data-i': i,
        'data-j': j,
      });
      if (where === 'ahead') cell.setAttribute('fill-opacity', '0.25');
      svg.append(cell);
    }
  }
  for (const [k, t] of tilesOf(nk, size).entries()) {
    if (k > 0)
      svg.append(
        svgEl('line', {
          x1: MARGIN + t.begin * CELL - 0.5,
          x2: MARGIN + t.begin * CELL - 0.5,
          y1: MARGIN - 3,
          y2: h,
          stroke: 'currentColor',
          'stroke-dasharray': '2 2',
        }),
      );
    if (k + 1 === step)
      svg.append(
        svgEl('rect', {
          class: 'tiles-outline',
          x: MARGIN + t.begin * CELL - 1.5,
          y: MARGIN - 1.5,
          width: (t.end - t.begin) * CELL + 2,
          height: nq * CELL + 2,
          fill: 'none',
          stroke: OUTLINE,
          'stroke-width': 3,
        }),
      );
  }
  return svg;
}
