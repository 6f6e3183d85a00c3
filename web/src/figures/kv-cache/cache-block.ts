// cache-block.ts — one KV head's cache as an SVG (d3-selection): its query
// heads on the left, each linked to the block it reads; K and V side by side,
// a row per decoded token (shaded by |value|), the newest row outlined, the
// rows still to come as dashed outlines. Geometry: layout.ts.

import { select, type Selection } from 'd3-selection';
import { FONT_FAMILY, SVG_NS } from '../kit/figure-kit';
import { blockLayout, kvColour, type BlockLayout } from './layout';

/** What one KV head's drawing shows. */
export interface CacheBlockData {
  /** 0-based KV head and its query heads (0-based). */
  kvHead: number;
  queryHeads: number[];
  /** Rows decoded so far (0 … tokens) and the rows there will be. */
  filled: number;
  tokens: number;
  /** This KV head's K and V rows: tokens × d_k and tokens × d_v, row-major. */
  k: Float64Array;
  v: Float64Array;
  dk: number;
  dv: number;
}

/** The words the drawing writes. */
export interface CacheBlockWords {
  title: string;
  K: string;
  V: string;
  query: (h: number) => string;
}

/** Each query head's label and its line to the K block (the KV head it reads). */
function drawLinks(
  svg: Selection<SVGSVGElement, unknown, null, undefined>,
  L: BlockLayout,
  queryHeads: number[],
  colour: string,
  query: (h: number) => string,
): void {
  const target = { x: L.kX - 2, y: L.top + L.blockH / 2 };
  queryHeads.forEach((q, i) => {
    const at = L.queries[i];
    svg
      .append('line')
      .attr('x1', at.x + 2)
      .attr('y1', at.y)
      .attr('x2', target.x)
      .attr('y2', target.y)
      .style('stroke', colour)
      .attr('stroke-width', 1.5);
    svg
      .append('text')
      .attr('x', at.x)
      .attr('y', at.y + 4)
      .attr('text-anchor', 'end')
      .attr('fill', 'currentColor')
      .text(query(q));
  });
}

/** Draw one KV head's cache as a new SVG element (role img, labelled by `words.title`). */
export function drawCacheBlock(doc: Document, d: CacheBlockData, words: CacheBlockWords): SVGSVGElement {
  const L = blockLayout(d.queryHeads.length, d.tokens, d.dk, d.dv);
  const colour = kvColour(d.kvHead);
  const node = doc.createElementNS(SVG_NS, 'svg');
  const svg = select(node)
    .attr('class', 'kv-block')
    .attr('role', 'img')
    .attr('aria-label', words.title)
    .attr('width', L.width)
    .attr('height', L.height)
    .attr('viewBox', `0 0 ${L.width} ${L.height}`)
    .attr('font-family', FONT_FAMILY)
    .attr('font-size', 11);
  // the title in the text colour (a head colour on the panel is below 4.5:1 for some heads), after a swatch of the head's colour
  svg.append('rect').attr('x', 0).attr('y', 3).attr('width', 10).attr('height', 10).attr('rx', 2).style('fill', colour);
  svg.append('text').attr('x', 15).attr('y', 12).attr('font-weight', 600).attr('fill', 'currentColor').text(words.title);
  const heads = [
    { x: L.kX, w: d.dk, data: d.k, label: words.K },
    { x: L.vX, w: d.dv, data: d.v, label: words.V },
  ];
  for (const h of heads) {
    svg
      .append('text')
      .attr('x', h.x + (h.w * L.cellW) / 2)
      .attr('y', L.top - 6)
      .attr('text-anchor', 'middle')
      .attr('fill', 'currentColor')
      .text(h.label);
    const max = Math.max(1e-300, ...Array.from(h.data.subarray(0, d.filled * h.w), Math.abs));
    const g = svg.append('g');
    for (let r = 0; r < d.filled; r++)
      for (let c = 0; c < h.w; c++)
        g.append('rect')
          .attr('x', h.x + c * L.cellW)
          .attr('y', L.top + r * L.rowH)
          .attr('width', L.cellW)
          .attr('height', L.rowH)
          .style('fill', colour)
          .attr('fill-opacity', 0.2 + (0.75 * Math.abs(h.data[r * h.w + c])) / max);
    svg
      .append('rect')
      .attr('class', 'kv-block-frame')
      .attr('x', h.x)
      .attr('y', L.top)
      .attr('width', h.w * L.cellW)
      .attr('height', L.blockH)
      .attr('fill', 'none')
      .attr('stroke', 'currentColor')
      .attr('stroke-opacity', 0.45)
      .attr('stroke-dasharray', '3 2');
    if (d.filled > 0)
      svg
        .append('rect')
        .attr('class', 'kv-new-row')
        .attr('x', h.x - 1)
        .attr('y', L.top + (d.filled - 1) * L.rowH - 1)
        .attr('width', h.w * L.cellW + 2)
        .attr('height', L.rowH + 2)
        .attr('fill', 'none')
        .attr('stroke', 'currentColor')
        .attr('stroke-width', 2);
  }
  drawLinks(svg, L, d.queryHeads, colour, words.query);
  return node;
}
