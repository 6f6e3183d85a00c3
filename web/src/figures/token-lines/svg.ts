// svg.ts — the token view's <svg role="img"> with its fixed layers, back to
// front: background (filled only in the export) · title · column headings ·
// lines (one <g> per head) · the hovered line drawn again · query labels ·
// key labels · legend. Colours, fonts and sizes are presentation attributes
// (no inline styles: CSP), so the export is a copy.

import { FONT_FAMILY, SVG_NS } from '../kit/figure-kit';
import type { TokenLinesLayout } from './layout';
import type { TokenLinesPalette } from './style';
import { FONT } from './text';

/** Create an SVG element of `tag` with attributes (null or undefined ones left out), appended to `parent` when given. */
export function svgEl<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string | number | null | undefined>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const el = doc.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  parent?.append(el);
  return el;
}

/** The layers of the SVG, by name. */
export interface SvgLayers {
  svg: SVGSVGElement;
  background: SVGRectElement;
  title: SVGTextElement;
  headingQ: SVGTextElement;
  headingK: SVGTextElement;
  lines: SVGGElement;
  hover: SVGGElement;
  labelsQ: SVGGElement;
  labelsK: SVGGElement;
  legend: SVGGElement;
}

/** A new, empty token-view SVG (class tl-svg fig-plot, role img) with its layers. */
export function createSvg(doc: Document): SvgLayers {
  const svg = svgEl(doc, 'svg', { class: 'tl-svg fig-plot', role: 'img', 'font-family': FONT_FAMILY, 'font-size': FONT });
  const heading = (cls: string, anchor: string): SVGTextElement =>
    svgEl(doc, 'text', { class: `tl-heading ${cls}`, 'font-weight': 600, 'text-anchor': anchor }, svg);
  return {
    svg,
    background: svgEl(doc, 'rect', { class: 'tl-background', fill: 'none' }, svg),
    title: svgEl(doc, 'text', { class: 'tl-title', 'font-size': 14, 'font-weight': 600, fill: 'currentColor' }, svg),
    headingQ: heading('tl-heading-q', 'end'),
    headingK: heading('tl-heading-k', 'start'),
    lines: svgEl(doc, 'g', { class: 'tl-lines', fill: 'none' }, svg),
    hover: svgEl(doc, 'g', { class: 'tl-hover', 'pointer-events': 'none', display: 'none' }, svg),
    labelsQ: svgEl(doc, 'g', { class: 'tl-labels tl-labels-q', 'data-side': 'query', 'text-anchor': 'end', fill: 'currentColor' }, svg),
    labelsK: svgEl(doc, 'g', { class: 'tl-labels tl-labels-k', 'data-side': 'key', 'text-anchor': 'start', fill: 'currentColor' }, svg),
    legend: svgEl(doc, 'g', { class: 'tl-legend' }, svg),
  };
}

/** Size the SVG to the layout, and write the title and the column headings. */
export function drawFrame(s: SvgLayers, L: TokenLinesLayout, title: string | undefined, pal: TokenLinesPalette): void {
  s.svg.setAttribute('width', String(L.width));
  s.svg.setAttribute('height', String(L.height));
  s.svg.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);
  s.background.setAttribute('width', String(L.width));
  s.background.setAttribute('height', String(L.height));
  s.title.setAttribute('x', '4');
  s.title.setAttribute('y', String(L.titleY ?? 0));
  if (L.titleY === null) s.title.setAttribute('display', 'none');
  else s.title.removeAttribute('display');
  s.title.textContent = title ?? '';
  for (const [el, col] of [
    [s.headingQ, L.q],
    [s.headingK, L.k],
  ] as const) {
    el.setAttribute('x', String(col.textX));
    el.setAttribute('y', String(L.headingY));
    el.setAttribute('fill', pal.muted);
    el.textContent = col.heading;
  }
}
