// controls.ts — the HTML around the plane's SVG: above it, the note that q
// and k are projections (single_head), the statement of the columns drawn
// with two selects to choose others (d_k > 2), and the legend; below it, the
// formula of the scores beside the keys, the aria-live readout, and the
// keyboard help the tips are described by (visually hidden).

import { setText } from '../kit/figure-kit';
import { svgEl } from './svg';
import { columnsText, scoreNote } from './describe';
import type { PlaneData } from './types';
import type { PlaneWords } from './words';

/** The HTML parts of the plane. */
export interface PlaneControls {
  projected: HTMLParagraphElement;
  columns: HTMLDivElement;
  columnsText: HTMLSpanElement;
  selects: [HTMLSelectElement, HTMLSelectElement];
  legend: HTMLParagraphElement;
  formula: HTMLParagraphElement;
  readout: HTMLParagraphElement;
  help: HTMLParagraphElement;
}

/** A swatch of the legend: a short arrow in the kind's colour, filled or hollow head. */
function swatch(doc: Document, kind: 'vp-query' | 'vp-key'): SVGSVGElement {
  const svg = svgEl(doc, 'svg', { class: `vp-swatch ${kind}`, width: 26, height: 12, viewBox: '0 0 26 12', 'aria-hidden': 'true' });
  svg.append(
    svgEl(doc, 'line', { x1: 1, y1: 6, x2: 17, y2: 6, stroke: 'currentColor', 'stroke-width': 2 }),
    svgEl(doc, 'path', {
      class: 'vp-head',
      d: 'M25,6L16,2L16,10Z',
      stroke: 'currentColor',
      'stroke-width': 1.5,
      fill: kind === 'vp-query' ? 'currentColor' : '#ffffff',
    }),
  );
  return svg;
}

/** An element with a class and text. */
function textEl<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, cls: string, text = ''): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  e.className = cls;
  e.textContent = text;
  return e;
}

/** Build the parts; `id` is the plane's element id (the help is `{id}-help`). */
export function createControls(doc: Document, id: string): PlaneControls {
  const projected = textEl(doc, 'p', 'vp-projected');
  const columnsText = textEl(doc, 'span', 'vp-columns-text');
  const selects = [0, 1].map((k) => {
    const s = doc.createElement('select');
    s.className = 'vp-column-select';
    s.dataset['axis'] = k === 0 ? 'x' : 'y';
    return s;
  }) as [HTMLSelectElement, HTMLSelectElement];
  const labels = selects.map((s) => {
    const l = textEl(doc, 'label', 'vp-column-label');
    l.append(textEl(doc, 'span', 'vp-column-word'), ' ', s);
    return l;
  });
  const columns = textEl(doc, 'div', 'vp-columns');
  columns.append(columnsText, ...labels);
  const legend = textEl(doc, 'p', 'vp-legend');
  legend.append(swatch(doc, 'vp-query'), textEl(doc, 'span', 'vp-legend-queries'), swatch(doc, 'vp-key'), textEl(doc, 'span', 'vp-legend-keys'));
  const formula = textEl(doc, 'p', 'vp-formula');
  const readout = textEl(doc, 'p', 'vp-readout fig-readout');
  readout.setAttribute('aria-live', 'polite');
  const help = textEl(doc, 'p', 'vp-help fig-sr-only');
  help.id = `${id}-help`;
  return { projected, columns, columnsText, selects, legend, formula, readout, help };
}

/** Fill the parts for data d in words w (writing only what changed: a drag fills them many times a second). */
export function drawControls(c: PlaneControls, d: PlaneData, w: PlaneWords): void {
  const doc = c.formula.ownerDocument;
  c.projected.hidden = !d.projected;
  setText(c.projected, d.projected === 'grouped' ? w.projectedGrouped : d.projected ? w.projected : '');
  const dk = d.q.cols;
  c.columns.hidden = dk <= 2;
  setText(c.columnsText, columnsText(d, w));
  c.selects.forEach((s, k) => {
    const word = s.parentElement?.querySelector('.vp-column-word');
    if (word) setText(word, k === 0 ? w.xColumn : w.yColumn);
    if (s.options.length !== dk) s.replaceChildren(...Array.from({ length: dk }, (_, n) => textEl(doc, 'option', '', String(n))));
    s.value = String(d.dims[k]);
  });
  const [lq, lk] = [c.legend.querySelector('.vp-legend-queries'), c.legend.querySelector('.vp-legend-keys')];
  if (lq) setText(lq, w.legendQueries);
  if (lk) setText(lk, w.legendKeys);
  setText(c.formula, scoreNote(d, w));
  setText(c.help, d.draggable ? w.hint : w.hintFixed);
}
