// export.ts — the chart as a file: a standalone SVG document (background
// filled, <title>, the summary as its name, no cursor or focus attributes, the
// caption wrapped below) and a PNG of it at twice the CSS size.

import { SVG_NS, escapeXml, fill, svgCanvas, svgDocument } from '../kit/figure-kit';
import type { FigureExport } from '../kit/lifecycle';
import { summarise } from './describe';
import { CAPTION_LINE, PAD } from './metrics';
import { wrapText } from './text';
import type { ChartFrame, ChartOptions, ChartPalette, Series } from './types';
import { chartWords } from './words';

/** Scale of toPNG(): pixels per CSS px. */
export const PNG_SCALE = 2;

/** What an export draws: the drawn SVG and its frame, the series and options it was drawn from, the palette. */
export interface ChartExportSource {
  svg: SVGSVGElement;
  frame: ChartFrame;
  series: Series[];
  options: ChartOptions;
  palette: ChartPalette;
}

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

/** The drawn SVG as a standalone document at `scale` × its CSS size. */
export function exportChartSvg(src: ChartExportSource, scale = 1): string {
  const { frame: f, series, options: o, palette: pal } = src;
  const clone = src.svg.cloneNode(true) as SVGSVGElement;
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

/** The chart's export (its lifecycle's toSVG and toPNG): the SVG document, and that drawn at PNG_SCALE × the CSS size. */
export const CHART_EXPORT: FigureExport<ChartExportSource> = {
  name: 'line chart',
  nothingDrawn: 'line chart: nothing to export after destroy()',
  svg: (src) => exportChartSvg(src),
  canvas: (src, doc) => svgCanvas(doc, exportChartSvg(src, PNG_SCALE), 'line chart'),
};
