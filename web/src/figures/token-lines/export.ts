// export.ts — the token view as a file: a standalone SVG document (a copy of
// the drawn SVG with its background filled, a <title>, the accessible name,
// and every line as drawn without the view's state: no token chosen, nothing
// faded or lit, no hovered line) and a PNG of it at twice the CSS size.

import { escapeXml, svgCanvas, svgDocument } from '../kit/figure-kit';
import type { FigureExport } from '../kit/lifecycle';
import type { TokenLinesLayout } from './layout';
import type { TokenLinesPalette } from './style';
import { MAX_TOKENS } from './types';

/** Pixels per CSS px of toPNG(). */
export const PNG_SCALE = 2;

/** What an export draws: the drawn SVG, its layout, its accessible name and title, the palette. */
export interface ExportSource {
  svg: SVGSVGElement;
  L: TokenLinesLayout;
  /** The accessible name of the image. */
  label: string;
  /** The document's <title>. */
  title: string;
  pal: TokenLinesPalette;
}

/** The drawn SVG as a standalone document at `scale` × its CSS size, without the view's state. */
export function tokenLinesSVG(src: ExportSource, scale = 1): string {
  const { L, pal } = src;
  const clone = src.svg.cloneNode(true) as SVGSVGElement;
  clone.querySelector('.tl-hover')?.remove();
  clone.querySelectorAll('.tl-line[display]').forEach((n) => n.removeAttribute('display'));
  clone.querySelectorAll('.tl-faded').forEach((n) => n.classList.remove('tl-faded'));
  clone.querySelectorAll('.tl-lit').forEach((n) => {
    n.classList.remove('tl-lit');
    if (n.hasAttribute('data-thinned')) n.setAttribute('display', 'none');
  });
  clone.removeAttribute('class');
  clone.setAttribute('aria-label', src.label);
  clone.setAttribute('color', pal.fg);
  clone.setAttribute('width', String(L.width * scale));
  clone.setAttribute('height', String(L.height * scale));
  clone.querySelector('.tl-background')?.setAttribute('fill', pal.bg);
  return svgDocument(clone, `<title>${escapeXml(src.title)}</title>`);
}

/** The token view's export (its lifecycle's toSVG and toPNG): the SVG without the view's state, and that at PNG_SCALE × the CSS size over the background. */
export const TOKEN_LINES_EXPORT: FigureExport<ExportSource> = {
  name: 'token lines',
  nothingDrawn: `token lines: nothing to export; call update() with at most ${MAX_TOKENS} tokens per side first`,
  svg: (src) => tokenLinesSVG(src),
  canvas: (src, doc) => {
    const size = { width: Math.ceil(src.L.width * PNG_SCALE), height: Math.ceil(src.L.height * PNG_SCALE) };
    return svgCanvas(doc, tokenLinesSVG(src, PNG_SCALE), 'token lines', size, src.pal.bg);
  },
};
