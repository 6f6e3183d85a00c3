// export.ts — the heatmap as a file: a standalone SVG (the overlay with one
// <rect class="hm-cell"> per cell under it, no cursor or emphasis, no
// inline styles; the row notes and the legend note included) and
// a PNG at twice the CSS size (the cells painted as on screen, the SVG's
// labels drawn on top as an image).

import { escapeXml, exportCanvas, formatFull, loadSvgImage, svgDocument } from '../kit/figure-kit';
import type { FigureExport } from '../kit/lifecycle';
import { paintCells, type CellSource } from './cells';
import { isMasked } from './data';
import type { HeatmapLayout } from './layout';
import { DEFAULT_PALETTE, colourFor, type Palette } from './scales';
import type { Matrix } from './types';

/** What an export draws: the on-screen overlay to copy, the cells, the layout, and the texts of the document. */
export interface ExportSource {
  /** The overlay as drawn (titles, axes, values, legend). */
  svg: SVGSVGElement;
  cells: CellSource;
  L: HeatmapLayout;
  /** The id of the hatch pattern in the overlay's <defs>. */
  hatchId: string;
  /** The accessible name of the image (without the keyboard help). */
  label: string;
  /** The document's <title>. */
  title: string;
}

/** SVG markup of the cells: one <rect class="hm-cell"> per cell, row i at y = top + i·cell (query), column j at x = left + j·cell (key). */
export function cellsMarkup(
  m: Matrix,
  L: Pick<HeatmapLayout, 'left' | 'top' | 'cell' | 'grid'>,
  domain: [number, number],
  hatchId: string,
  palette: Palette = DEFAULT_PALETTE,
): string {
  const parts: string[] = [];
  const stroke = L.grid ? ` stroke="${palette.grid}" stroke-width="1"` : '';
  parts.push(`<g class="hm-cells"${stroke}>`);
  for (let i = 0; i < m.rows; i++) {
    const y = L.top + i * L.cell;
    for (let j = 0; j < m.cols; j++) {
      const p = i * m.cols + j;
      const v = m.values[p];
      const hidden = isMasked(m, p);
      const fill = hidden ? `url(#${hatchId})` : colourFor(v, domain);
      parts.push(
        `<rect class="hm-cell" x="${L.left + j * L.cell}" y="${y}" width="${L.cell}" height="${L.cell}" fill="${fill}" data-row="${i}" data-col="${j}"${hidden ? ' data-masked="1"' : ` data-value="${formatFull(v)}"`}/>`,
      );
    }
  }
  parts.push('</g>');
  return parts.join('');
}

/** The overlay as a standalone SVG document, with the cells as rects (withCells) or without (labels only, for the PNG), `scale` times the CSS size. */
export function heatmapSVG(src: ExportSource, withCells: boolean, scale = 1): string {
  const { L, cells } = src;
  const pal = cells.pal;
  const clone = src.svg.cloneNode(true) as SVGSVGElement;
  // no cursor, no emphasis, and no empty notes (a heatmap without notes exports as it did before they existed)
  clone.querySelectorAll('.hm-cursor, .hm-emphasis, .hm-notes[display="none"], .hm-legend-note[display="none"]').forEach((n) => n.remove());
  clone.querySelectorAll('.hm-active').forEach((n) => n.classList.remove('hm-active'));
  clone.removeAttribute('aria-hidden');
  clone.removeAttribute('class');
  clone.setAttribute('role', 'img');
  clone.setAttribute('aria-label', src.label);
  clone.setAttribute('color', pal.fg);
  clone.setAttribute('width', String(L.width * scale));
  clone.setAttribute('height', String(L.height * scale));
  const head = `<title>${escapeXml(src.title)}</title>`;
  const body = withCells
    ? `<rect class="hm-background" width="${L.width}" height="${L.height}" fill="${pal.bg}"/>` + cellsMarkup(cells.m, L, cells.domain, src.hatchId, pal)
    : '';
  // Background and cells first, so the overlay's labels and values sit on top.
  return svgDocument(clone, head + body);
}

/** The heatmap painted for its PNG, at twice the CSS size: the cells as on screen, the overlay's labels drawn on top as an image. */
async function heatmapCanvas(src: ExportSource, doc: Document): Promise<HTMLCanvasElement> {
  const { L, cells } = src;
  const scale = 2;
  const { canvas, ctx } = exportCanvas(doc, Math.ceil(L.width * scale), Math.ceil(L.height * scale), cells.pal.bg, 'heatmap');
  paintCells(ctx, cells, L.left * scale, L.top * scale, L.cell * scale);
  // Labels: the same overlay, without cells and background, as an image on top.
  const labels = await loadSvgImage(doc, heatmapSVG(src, false, scale), 'heatmap: could not render the labels as an image');
  ctx.drawImage(labels, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The heatmap's export (its lifecycle's toSVG and toPNG): the SVG with its cells as rects, the PNG at twice the CSS size. */
export const HEATMAP_EXPORT: FigureExport<ExportSource> = {
  name: 'heatmap',
  nothingDrawn: 'heatmap: nothing to export yet; call update() first',
  svg: (src) => heatmapSVG(src, true),
  canvas: heatmapCanvas,
};
