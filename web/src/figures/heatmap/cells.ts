// cells.ts — the heatmap's cells on a <canvas>. Small matrices get one
// fillRect per cell; larger ones are a rows × cols RGBA image (one pixel per
// cell, filled from the viridis lookup table in scales.ts) drawn scaled
// with nearest-neighbour. Masked cells are grey with a diagonal hatch, and
// cells from 20 px up are separated by grid lines. The same painter draws
// the on-screen canvas and the cells of the PNG export.

import type { HeatmapLayout } from './layout';
import { colourTable, lutIndex, matrixToRGBA, type Palette } from './scales';
import type { Matrix } from './types';

const HATCH_MIN_CELL = 4; // hatch masked cells from this size up (device px)
const DIRECT_CELLS = 4096; // up to this many cells are painted with fillRect, larger ones through the bitmap

/** What paintCells draws: the matrix, its colour domain, its one-pixel-per-cell bitmap (cellBitmap), grid lines or not, and the palette. */
export interface CellSource {
  m: Matrix;
  domain: [number, number];
  bitmap: HTMLCanvasElement | null;
  grid: boolean;
  pal: Palette;
}

/** The rows × cols image (one pixel per cell) on a small canvas (`reuse`, the previous one, repainted); null for an empty matrix or without a 2D context (jsdom). */
export function cellBitmap(
  doc: Document,
  m: Matrix,
  domain: [number, number],
  maskFill: string,
  reuse: HTMLCanvasElement | null = null,
): HTMLCanvasElement | null {
  if (m.rows * m.cols === 0) return null;
  // the previous bitmap, repainted: a new canvas and its first getContext() are the costliest part of a drag step
  const c = reuse ?? doc.createElement('canvas');
  if (c.width !== m.cols) c.width = m.cols;
  if (c.height !== m.rows) c.height = m.rows;
  const ctx = c.getContext('2d');
  if (!ctx) return null;
  if (m.rows * m.cols <= DIRECT_CELLS) return c; // painted cell by cell (paintCells): no pixels to copy
  const img = ctx.createImageData(m.cols, m.rows);
  matrixToRGBA(m.values, m.masked, m.rows, m.cols, domain, maskFill, img.data);
  ctx.putImageData(img, 0, 0);
  return c;
}

/**
 * What the on-screen canvas shows: the size, matrix shape, domain and palette it was painted with, and each
 * cell's colour (its index in the lookup table, or -1 when masked). A drag changes one row or column of the
 * weights many times a second: drawCanvas then repaints only the cells whose colour changed.
 */
export interface PaintedCells {
  key: string;
  codes: Int16Array;
}

/** Each cell's colour code: its index in the lookup table, or -1 when masked. */
function colourCodes(m: Matrix, domain: [number, number]): Int16Array {
  const codes = new Int16Array(m.rows * m.cols);
  for (let p = 0; p < codes.length; p++) codes[p] = m.masked && m.masked[p] ? -1 : lutIndex(m.values[p], domain);
  return codes;
}

/**
 * Size the on-screen canvas to the plot (backing store at device resolution) and paint the cells; nothing is
 * painted without a bitmap. With `before` (what the canvas showed) and the same size, shape, domain, palette and
 * masked cells, and no grid lines, only the cells whose colour changed are painted again. Returns what it shows.
 */
export function drawCanvas(canvas: HTMLCanvasElement, L: HeatmapLayout, dpr: number, src: CellSource, before: PaintedCells | null = null): PaintedCells | null {
  canvas.style.left = `${L.left}px`;
  canvas.style.top = `${L.top}px`;
  canvas.style.width = `${L.plotWidth}px`;
  canvas.style.height = `${L.plotHeight}px`;
  // a new size only when it changed: setting it resets the bitmap even to the same size (clearRect clears it below)
  const [width, height] = [Math.max(1, Math.round(L.plotWidth * dpr)), Math.max(1, Math.round(L.plotHeight * dpr))];
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = src.bitmap ? canvas.getContext('2d') : null;
  if (!ctx) return null;
  const { m } = src;
  const cellPx = canvas.width / Math.max(m.cols, 1);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const direct = m.rows * m.cols <= DIRECT_CELLS && !src.grid;
  const key = JSON.stringify([canvas.width, canvas.height, m.rows, m.cols, src.domain, src.pal]);
  const codes = direct ? colourCodes(m, src.domain) : null;
  if (codes && before?.key === key && sameMasked(before.codes, codes)) {
    const hex = colourTable().hex;
    for (let p = 0; p < codes.length; p++) {
      if (codes[p] === before.codes[p] || codes[p] < 0) continue;
      ctx.fillStyle = hex[codes[p]];
      fillCell(ctx, 0, 0, cellPx, Math.floor(p / m.cols), p % m.cols);
    }
    return { key, codes };
  }
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  paintCells(ctx, src, 0, 0, cellPx);
  return codes ? { key, codes } : null;
}

/** Whether the same cells are masked in both (a cell masked or unmasked needs its hatch drawn or cleared: a full repaint). */
function sameMasked(a: Int16Array, b: Int16Array): boolean {
  if (a.length !== b.length) return false;
  for (let p = 0; p < a.length; p++) if (a[p] < 0 !== b[p] < 0) return false;
  return true;
}

/** Fill cell (i, j) over whole device pixels (its edges rounded), so a cell painted again leaves no trace of its old colour. */
function fillCell(ctx: CanvasRenderingContext2D, x0: number, y0: number, cellPx: number, i: number, j: number): void {
  const x = Math.round(x0 + j * cellPx);
  const y = Math.round(y0 + i * cellPx);
  ctx.fillRect(x, y, Math.round(x0 + (j + 1) * cellPx) - x, Math.round(y0 + (i + 1) * cellPx) - y);
}

/** Paint cells with their top-left corner at (x0, y0) and side cellPx, in the context's pixels. */
export function paintCells(ctx: CanvasRenderingContext2D, src: CellSource, x0: number, y0: number, cellPx: number): void {
  const { m, pal } = src;
  if (m.rows * m.cols <= DIRECT_CELLS) {
    // small matrices: one fillRect per cell (copying a bitmap between canvases
    // costs ~30 ms per frame in software-rendered Chromium)
    const hex = colourTable().hex;
    for (let i = 0; i < m.rows; i++)
      for (let j = 0; j < m.cols; j++) {
        const p = i * m.cols + j;
        ctx.fillStyle = m.masked && m.masked[p] ? pal.maskFill : hex[lutIndex(m.values[p], src.domain)];
        fillCell(ctx, x0, y0, cellPx, i, j);
      }
  } else if (src.bitmap) {
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(src.bitmap, 0, 0, m.cols, m.rows, x0, y0, m.cols * cellPx, m.rows * cellPx);
  }
  if (m.masked && cellPx >= HATCH_MIN_CELL) hatch(ctx, m, x0, y0, cellPx, pal);
  if (src.grid) {
    const w = Math.max(1, Math.round(cellPx / 32));
    ctx.fillStyle = pal.grid;
    for (let j = 1; j < m.cols; j++) ctx.fillRect(x0 + j * cellPx - w / 2, y0, w, m.rows * cellPx);
    for (let i = 1; i < m.rows; i++) ctx.fillRect(x0, y0 + i * cellPx - w / 2, m.cols * cellPx, w);
  }
}

/** Diagonal "/" hatching over the masked cells: strokes clipped to those cells (no pattern canvas). */
function hatch(ctx: CanvasRenderingContext2D, m: Matrix, x0: number, y0: number, cellPx: number, pal: Palette): void {
  const gap = Math.max(6, Math.round(cellPx / 6));
  ctx.save();
  ctx.beginPath();
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) if (m.masked![i * m.cols + j]) ctx.rect(x0 + j * cellPx, y0 + i * cellPx, cellPx, cellPx);
  ctx.clip();
  ctx.strokeStyle = pal.maskHatch;
  ctx.lineWidth = Math.max(1, gap / 5);
  ctx.beginPath();
  const w = m.cols * cellPx;
  const h = m.rows * cellPx;
  for (let o = -h; o < w; o += gap) {
    ctx.moveTo(x0 + o, y0 + h);
    ctx.lineTo(x0 + o + h, y0);
  }
  ctx.stroke();
  ctx.restore();
}
