// svg.ts — the plane's <svg> and its fixed groups, back to front: the grid,
// the axes with their ticks and titles, the keys' arrows, the queries' arrows
// (on top: they are the ones dragged most). Plus two small helpers every
// drawing layer uses: make an SVG element, and set attributes only when they
// change (a drag redraws every arrow on each pointer move).

import { FONT_FAMILY, SVG_NS } from '../kit/figure-kit';
import { VIEW } from './geometry';

/** Attribute values; null removes the attribute. */
export type SvgAttrs = Record<string, string | number | null>;

/** A new SVG element with attributes. */
export function svgEl<K extends keyof SVGElementTagNameMap>(doc: Document, tag: K, attrs: SvgAttrs = {}): SVGElementTagNameMap[K] {
  const node = doc.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  return node;
}

/** The values setAttrs last wrote, per element: comparing with them costs less than reading the DOM (a drag at n = 64 sets about 2,000 attributes a step). */
const written = new WeakMap<Element, Map<string, string | null>>();

/**
 * Set the attributes that differ from those last set (null removes one). The plane is the only writer of the
 * attributes it sets this way; an attribute it never set is compared with the element's.
 */
export function setAttrs(node: Element, attrs: SvgAttrs): void {
  let last = written.get(node);
  if (!last) written.set(node, (last = new Map<string, string | null>()));
  for (const name in attrs) {
    const v = attrs[name];
    const text = v === null ? null : String(v);
    const before = last.has(name) ? last.get(name) : node.getAttribute(name);
    last.set(name, text);
    if (before === text) continue;
    if (text === null) node.removeAttribute(name);
    else node.setAttribute(name, text);
  }
}

/** The groups of the plane's SVG. */
export interface PlaneSvg {
  svg: SVGSVGElement;
  grid: SVGGElement;
  axes: SVGGElement;
  keys: SVGGElement;
  queries: SVGGElement;
}

/** A new plane SVG (class vp-svg, role group, a square viewBox) with its groups; the grid and axes are hidden from screen readers. */
export function createPlaneSvg(doc: Document): PlaneSvg {
  const svg = svgEl(doc, 'svg', {
    class: 'vp-svg',
    role: 'group',
    viewBox: `0 0 ${VIEW} ${VIEW}`,
    'font-family': FONT_FAMILY,
    'font-size': 11,
  });
  const grid = svgEl(doc, 'g', { class: 'vp-grid', 'aria-hidden': 'true' });
  const axes = svgEl(doc, 'g', { class: 'vp-axes', 'aria-hidden': 'true' });
  const keys = svgEl(doc, 'g', { class: 'vp-keys' });
  const queries = svgEl(doc, 'g', { class: 'vp-queries' });
  svg.append(grid, axes, keys, queries);
  return { svg, grid, axes, keys, queries };
}
