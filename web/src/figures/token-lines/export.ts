// export.ts — the token view as a file: a standalone SVG document (a copy of
// the drawn SVG with its background filled, a <title>, the accessible name,
// and every line as drawn without the view's state: no token chosen, nothing
// faded or lit, no hovered line) and a PNG of it at twice the CSS size.

import { canvasToPng, escapeXml, loadSvgImage, svgDocument } from '../kit/figure-kit';
import type { TokenLinesLayout } from './layout';
import type { TokenLinesPalette } from './style';

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

/** A PNG of the exported SVG at PNG_SCALE × the CSS size. */
export async function tokenLinesPNG(doc: Document, src: ExportSource): Promise<Blob> {
  const img = await loadSvgImage(doc, tokenLinesSVG(src, PNG_SCALE), 'token lines: could not render the SVG as an image');
  const out = doc.createElement('canvas');
  out.width = Math.ceil(src.L.width * PNG_SCALE);
  out.height = Math.ceil(src.L.height * PNG_SCALE);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('token lines: no 2D canvas context');
  ctx.fillStyle = src.pal.bg;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(img, 0, 0, out.width, out.height);
  return canvasToPng(out, 'token lines: toBlob failed');
}
