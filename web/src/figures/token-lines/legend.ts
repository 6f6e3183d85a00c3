// legend.ts — the legend below the columns, at the places layout.ts flowed
// it to: a sample line in each head's colour with the head's name (when
// there are two or more heads), then "weight" and lines as wide and as
// opaque as weights 0.25, 0.5 and 1 are drawn.

import type { TokenLinesLayout } from './layout';
import { LEGEND_SAMPLE } from './layout';
import { headColour, strokeOpacity, strokeWidth, type TokenLinesPalette } from './style';
import { svgEl } from './svg';

/** Redraw the legend's items. */
export function drawLegend(layer: SVGGElement, L: TokenLinesLayout, pal: TokenLinesPalette): void {
  const doc = layer.ownerDocument;
  const items = L.legend.map((it) => {
    const g = svgEl(doc, 'g', { class: `tl-legend-item tl-legend-${it.kind}`, transform: `translate(${it.x},${it.y})`, 'data-head': it.head });
    const textX = it.kind === 'weight-title' ? 0 : LEGEND_SAMPLE + 4;
    if (it.kind === 'head') {
      svgEl(doc, 'line', { x1: 0, x2: LEGEND_SAMPLE, stroke: headColour(pal, it.head ?? 0), 'stroke-width': 3 }, g);
    } else if (it.kind === 'weight') {
      const w = it.w ?? 1;
      svgEl(doc, 'line', { x1: 0, x2: LEGEND_SAMPLE, stroke: pal.fg, 'stroke-width': strokeWidth(w, L.maxStroke), 'stroke-opacity': strokeOpacity(w) }, g);
    }
    const text = svgEl(doc, 'text', { x: textX, dy: '0.32em', fill: it.kind === 'head' ? 'currentColor' : pal.muted }, g);
    text.textContent = it.text;
    return g;
  });
  layer.replaceChildren(...items);
}
