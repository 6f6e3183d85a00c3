// lines.ts — the lines layer: one <g class="tl-head" stroke="…"> per head
// holding one <line class="tl-line"> per visible pair, each with data-head,
// data-i, data-j and data-w (the weight, full precision) for tests and
// tools. Drawn with plain DOM calls and only what changed is written: while
// a learner drags, the pairs stay and only widths and opacities move.
// Then the view: lines of other tokens hidden (display="none") while a token
// is chosen, faded (class tl-faded, token-lines.css) under an emphasis; and
// the hovered line drawn again on top, with a halo in the background colour.

import type { Line } from './geometry';
import { samePairs } from './geometry';
import { headColour, type TokenLinesPalette } from './style';
import { svgEl } from './svg';
import type { Emphasis, TokenRef } from './types';
import { lineFaded, lineShown } from './view';

/** What the lines layer has drawn: the lines and their elements, index for index, and each one's view state. */
export interface DrawnLines {
  lines: Line[];
  els: SVGLineElement[];
  /** Per line: bit 1 = hidden, bit 2 = faded (what the DOM shows now). */
  state: Uint8Array;
}

/** Nothing drawn yet. */
export const NO_LINES: DrawnLines = { lines: [], els: [], state: new Uint8Array(0) };

const ATTRS = ['x1', 'y1', 'x2', 'y2'] as const;

/** Draw `lines` into the layer: new elements when the pairs changed (shape, heads or mask), else only the attributes whose values changed. */
export function drawLines(layer: SVGGElement, lines: Line[], heads: number, before: DrawnLines, pal: TokenLinesPalette): DrawnLines {
  const doc = layer.ownerDocument;
  if (!samePairs(lines, before.lines) || layer.childElementCount !== heads) {
    const groups = Array.from({ length: heads }, (_, h) => svgEl(doc, 'g', { class: 'tl-head', 'data-head': h, stroke: headColour(pal, h) }));
    const els = lines.map((l) => {
      const el = svgEl(doc, 'line', { class: 'tl-line', 'data-head': l.head, 'data-i': l.i, 'data-j': l.j }, groups[l.head]);
      writeLine(el, l, null);
      return el;
    });
    layer.replaceChildren(...groups);
    return { lines, els, state: new Uint8Array(lines.length) };
  }
  Array.from(layer.children).forEach((g, h) => g.setAttribute('stroke', headColour(pal, h)));
  lines.forEach((l, k) => writeLine(before.els[k], l, before.lines[k]));
  return { lines, els: before.els, state: before.state };
}

/** Write a line's geometry, width, opacity and weight, skipping what equals `old`. */
function writeLine(el: SVGLineElement, l: Line, old: Line | null): void {
  for (const a of ATTRS) if (!old || old[a] !== l[a]) el.setAttribute(a, String(l[a]));
  if (!old || old.width !== l.width) el.setAttribute('stroke-width', String(l.width));
  if (!old || old.opacity !== l.opacity) el.setAttribute('stroke-opacity', String(l.opacity));
  if (!old || !Object.is(old.w, l.w)) el.setAttribute('data-w', String(l.w));
}

/** Hide the lines the chosen token does not keep and fade those the emphasis leaves out (only the elements whose state changes are touched). */
export function applyLineView(drawn: DrawnLines, chosen: TokenRef | null, emphasis: Emphasis | null): void {
  const { lines, els, state } = drawn;
  for (let k = 0; k < lines.length; k++) {
    const s = (lineShown(lines[k], chosen) ? 0 : 1) | (lineFaded(lines[k], emphasis) ? 2 : 0);
    if (s === state[k]) continue;
    const el = els[k];
    if (s & 1) el.setAttribute('display', 'none');
    else el.removeAttribute('display');
    el.classList.toggle('tl-faded', (s & 2) !== 0);
    state[k] = s;
  }
}

/** Draw the hovered line again on top (halo, then the line at full opacity and at least 2 px), or nothing. */
export function drawHover(layer: SVGGElement, l: Line | null, pal: TokenLinesPalette): void {
  if (!l) {
    layer.setAttribute('display', 'none');
    layer.replaceChildren();
    return;
  }
  const doc = layer.ownerDocument;
  const width = Math.max(2, l.width);
  const at = { x1: l.x1, y1: l.y1, x2: l.x2, y2: l.y2, 'stroke-linecap': 'round' };
  layer.replaceChildren(
    svgEl(doc, 'line', { ...at, class: 'tl-hover-halo', stroke: pal.bg, 'stroke-width': width + 3 }),
    svgEl(doc, 'line', { ...at, class: 'tl-hover-line', stroke: headColour(pal, l.head), 'stroke-width': width }),
  );
  layer.setAttribute('data-head', String(l.head));
  layer.setAttribute('data-i', String(l.i));
  layer.setAttribute('data-j', String(l.j));
  layer.removeAttribute('display');
}
