// export.ts — the chart as a file: a standalone SVG document (background
// filled, <title>, the summary as its name, no cursor or focus attributes, the
// caption wrapped below) and a PNG of it at twice the CSS size.

import { EMPTY_SVG, SVG_NS, canvasToPng, escapeXml, fill, loadSvgImage, svgDocument } from '../kit/figure-kit';
import { summarise } from './describe';
import { CAPTION_LINE, PAD } from './metrics';
import { wrapText } from './text';
import type { ChartFrame, ChartOptions, ChartPalette, Series } from './types';
import { chartWords } from './words';

/** Scale of toPNG(): pixels per CSS px. */
export const PNG_SCALE = 2;

/** Append the caption, wrapped to the frame's width, below the chart (class lc-caption); returns the height it adds. */
function appendCaption(clone: SVGSVGElement, caption: string, f: ChartFrame, pal: ChartPalette): number {
  const lines = wrapText(caption, f.width - 2 * PAD);
  const doc = clone.ownerDocument;
  const text = doc.createElementNS(SVG_NS, 'text');
  text.setAttribute('class', 'lc-caption');
  text.setAttribute('fill', pal.muted);
  lines.forEach((l, i) => {
    const span = doc.createElementNS(SVG_NS, 'tspan');
    span.setAttribute('x', String(PAD));
    span.setAttribute('y', String(f.height + 4 + (i + 0.75) * CAPTION_LINE));
    span.textContent = l;
    text.append(span);
  });
  clone.append(text);
  return 8 + lines.length * CAPTION_LINE;
}

/** The drawn SVG `el` as a standalone document at `scale` × its CSS size; EMPTY_SVG when nothing is drawn (f null). */
export function exportChartSvg(el: SVGSVGElement, f: ChartFrame | null, series: Series[], o: ChartOptions, pal: ChartPalette, scale = 1): string {
  if (!f) return EMPTY_SVG;
  const clone = el.cloneNode(true) as SVGSVGElement;
  clone.querySelectorAll('.lc-cursor').forEach((n) => n.remove());
  clone.removeAttribute('tabindex');
  clone.removeAttribute('class');
  clone.removeAttribute('aria-describedby');
  clone.setAttribute('color', pal.fg);
  clone.setAttribute('aria-label', summarise(series, o));
  const bg = clone.querySelector('.lc-background');
  if (bg) bg.setAttribute('fill', pal.bg);
  let height = f.height;
  if (o.caption) {
    height += appendCaption(clone, o.caption, f, pal);
    bg?.setAttribute('height', String(height));
  }
  clone.setAttribute('viewBox', `0 0 ${f.width} ${height}`);
  clone.setAttribute('width', String(f.width * scale));
  clone.setAttribute('height', String(height * scale));
  const title = `<title>${escapeXml(o.title ?? fill(chartWords(o.words).svgTitle, { y: o.yLabel, x: o.xLabel }))}</title>`;
  return svgDocument(clone, title);
}

/** A PNG of an SVG document the size of its width and height attributes (drawn onto a canvas). */
export async function svgToPng(doc: Document, svg: string): Promise<Blob> {
  const img = await loadSvgImage(doc, svg, 'line chart: could not render the SVG as an image');
  const out = doc.createElement('canvas');
  out.width = Math.max(1, Math.round(img.naturalWidth || img.width));
  out.height = Math.max(1, Math.round(img.naturalHeight || img.height));
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('line chart: no 2D canvas context');
  ctx.drawImage(img, 0, 0, out.width, out.height);
  return canvasToPng(out, 'line chart: toBlob failed');
}
