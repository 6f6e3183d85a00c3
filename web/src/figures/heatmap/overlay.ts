// overlay.ts — the heatmap's SVG overlay over the canvas, which holds every
// mark but the cells. Back to front: <defs> (defs.ts), the title and axes
// (axes.ts), the row notes (notes.ts), the values in the cells (values.ts),
// the legend (legend.ts), the outside emphasis (emphasis.ts) and the cursor
// (highlight.ts). Drawn with d3-selection, colours and fonts as
// presentation attributes (no inline styles: CSP), so the export is a copy.

import { FONT_FAMILY, SVG_NS, setAttr } from '../kit/figure-kit';
import { buildAxes, drawAxes, drawTitles } from './axes';
import { anyMasked } from './data';
import { buildDefs, drawDefs } from './defs';
import { buildEmphasis } from './emphasis';
import type { HeatmapLayout } from './layout';
import { buildHighlight } from './highlight';
import { buildLegend, drawLegend } from './legend';
import { buildNotes, drawNotes } from './notes';
import type { Palette } from './scales';
import type { Matrix, ResolvedOptions } from './types';
import { buildValues, drawValues } from './values';

/** Everything one drawing of the overlay needs. */
export interface OverlayFrame {
  m: Matrix;
  o: ResolvedOptions;
  L: HeatmapLayout;
  /** The axis labels, already cut (axisLabels in layout.ts). */
  rowLabels: string[];
  colLabels: string[];
  /** Decimals of the values printed in cells. */
  digits: number;
  pal: Palette;
}

/** The empty overlay of the heatmap with element id `id`: an aria-hidden <svg class="hm-overlay"> with every layer in drawing order. */
export function createOverlay(doc: Document, id: string): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'hm-overlay');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('font-family', FONT_FAMILY);
  buildDefs(svg, id);
  buildAxes(svg);
  buildNotes(svg);
  buildValues(svg);
  buildLegend(svg, id);
  buildEmphasis(svg);
  buildHighlight(svg);
  return svg;
}

/** Size the stage (the canvas and the overlay's box) and the overlay to the layout. */
export function sizeOverlay(stage: HTMLElement, svg: SVGSVGElement, L: HeatmapLayout): void {
  stage.style.width = `${L.width}px`;
  stage.style.height = `${L.height}px`;
  // set only when they change: a new size of the <svg> lays out the card again, and a drag redraws many times a second
  setAttr(svg, 'width', String(L.width));
  setAttr(svg, 'height', String(L.height));
  setAttr(svg, 'viewBox', `0 0 ${L.width} ${L.height}`);
}

/** What the layers that do not depend on the values were last drawn from, per overlay. */
const drawnFrom = new WeakMap<SVGSVGElement, string>();

/**
 * Draw every layer of the overlay for one frame (the emphasis is drawEmphasis's, the cursor drawHighlight's).
 * The defs, titles, axes and legend are redrawn only when what they show changed: while a learner drags a
 * vector, only the values and the notes change, many times a second.
 */
export function drawOverlay(svg: SVGSVGElement, f: OverlayFrame): void {
  const { m, o, L } = f;
  const hasMask = anyMasked(m);
  const key = JSON.stringify([L, o.title, o.rowTitle, o.colTitle, o.domain, o.maskedLabel, o.legendNote, f.rowLabels, f.colLabels, hasMask, f.pal]);
  if (drawnFrom.get(svg) !== key) {
    drawnFrom.set(svg, key);
    drawDefs(svg, f.pal);
    drawTitles(svg, L, o);
    drawAxes(svg, L, m.rows, m.cols, f.rowLabels, f.colLabels);
    drawLegend(svg, L, o.domain, { hasMask, maskedLabel: o.maskedLabel, note: o.legendNote }, f.pal);
  }
  drawNotes(svg, L, o.rowNotes);
  drawValues(svg, m, L, o.domain, f.digits, f.pal.maskFill);
}
