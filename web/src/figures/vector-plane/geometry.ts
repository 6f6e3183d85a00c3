// geometry.ts — the plane's pure geometry (no DOM): data ↔ viewBox pixels for
// an extent, the pointer's client position → viewBox pixels, a drag (the
// pixel delta since the press) and a key press → the new rounded value, the
// matrix cells a value writes, an arrow's head and where its tip's label goes.
//
// The SVG has a fixed square viewBox (VIEW × VIEW) and scales to its
// container, so everything here is in viewBox units; a client position is
// mapped through the SVG's bounding box.

import { estimateTextWidth } from '../kit/figure-kit';
import type { Extent } from './extent';
import type { Vec2, VectorKind } from './types';

/** The side of the viewBox. */
export const VIEW = 360;
/** The padding around the plot, inside the viewBox. */
export const PAD = 14;
/** The font size of the tips' labels. */
export const LABEL_FONT = 11;

/** An extent placed in the viewBox: the plot is the square [pad, size − pad]², `scale` viewBox units per data unit. */
export interface PlaneFrame {
  extent: Extent;
  size: number;
  pad: number;
  scale: number;
}

/** The frame of an extent in a viewBox of side `size`. */
export function frameFor(extent: Extent, size = VIEW, pad = PAD): PlaneFrame {
  return { extent, size, pad, scale: (size - 2 * pad) / (extent.x1 - extent.x0) };
}

/** A data point in viewBox units (y grows downwards on screen, upwards in data). */
export function toPx(f: PlaneFrame, [x, y]: Vec2): Vec2 {
  return [f.pad + (x - f.extent.x0) * f.scale, f.pad + (f.extent.y1 - y) * f.scale];
}

/** A viewBox point in data units. */
export function toData(f: PlaneFrame, [px, py]: Vec2): Vec2 {
  return [f.extent.x0 + (px - f.pad) / f.scale, f.extent.y1 - (py - f.pad) / f.scale];
}

/** The bounding box of the SVG on the page, as getBoundingClientRect gives it. */
export interface ClientBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A client (page) position in viewBox units of a square SVG of side `size` drawn in `box` (scaled to fit, centred: preserveAspectRatio's default). */
export function clientToView(box: ClientBox, size: number, clientX: number, clientY: number): Vec2 {
  const k = Math.min(box.width, box.height) / size;
  if (!(k > 0)) return [clientX - box.left, clientY - box.top];
  const ox = box.left + (box.width - size * k) / 2;
  const oy = box.top + (box.height - size * k) / 2;
  return [(clientX - ox) / k, (clientY - oy) / k];
}

/** x rounded to `decimals` (its shortest text is then short), never −0. */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f || 0;
}

/** The value inside the extent nearest to v. */
export function clampTo(e: Extent, [x, y]: Vec2): Vec2 {
  return [Math.min(e.x1, Math.max(e.x0, x)), Math.min(e.y1, Math.max(e.y0, y))];
}

/** Where a drag that started at value `start` is after the pointer moved `delta` viewBox units: kept inside the extent, rounded. */
export function dragValue(f: PlaneFrame, start: Vec2, delta: Vec2, decimals: number): Vec2 {
  const [x, y] = clampTo(f.extent, [start[0] + delta[0] / f.scale, start[1] - delta[1] / f.scale]);
  return [roundTo(x, decimals), roundTo(y, decimals)];
}

/** The direction of an arrow key ([+1, 0] is right, [0, +1] up), or null for another key. */
export function keyDirection(key: string): Vec2 | null {
  const dirs: Record<string, Vec2> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  return dirs[key] ?? null;
}

/** Where an arrow key moves value v: `step` (× 10 with Shift) that way, rounded; null for another key. */
export function keyValue(v: Vec2, key: string, shift: boolean, step: number, decimals: number): Vec2 | null {
  const d = keyDirection(key);
  if (!d) return null;
  const s = shift ? step * 10 : step;
  return [roundTo(v[0] + d[0] * s, decimals), roundTo(v[1] + d[1] * s, decimals)];
}

/** One matrix cell to write: row, column, value. */
export interface CellEdit {
  row: number;
  col: number;
  value: number;
}

/**
 * The two cells of Q (kind 'q') or K that put arrow `row` at `value`: columns offset + a and offset + b of
 * that row. The queries are drawn as qLength·Q, so a query's cells are value / qLength, rounded to `decimals`
 * plus the digits the division needs (qLength 3: one more; 0.1: one fewer).
 */
export function cellEdits(kind: VectorKind, row: number, value: Vec2, dims: Vec2, offset: number, qLength: number, decimals: number): CellEdit[] {
  const factor = kind === 'q' ? qLength : 1;
  const d = Math.max(0, Math.min(15, decimals + Math.ceil(Math.log10(factor) - 1e-12)));
  return [0, 1].map((c) => ({ row, col: offset + dims[c], value: roundTo(value[c] / factor, d) }));
}

/** The columns after select `axis` (0 across, 1 up) chose column n: the other axis takes the old column when they would be the same. */
export function chooseColumn(dims: Vec2, axis: 0 | 1, n: number): Vec2 {
  const next: Vec2 = [dims[0], dims[1]];
  next[axis] = n;
  if (next[1 - axis] === n) next[1 - axis] = dims[axis];
  return next;
}

/** The head of an arrow from `from` to `tip` (viewBox units): a triangle `size` long with its point at the tip; '' when the arrow has no length. */
export function arrowHead(from: Vec2, tip: Vec2, size: number): string {
  const dx = tip[0] - from[0];
  const dy = tip[1] - from[1];
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return '';
  const s = Math.min(size, len);
  const [ux, uy] = [dx / len, dy / len];
  const [bx, by] = [tip[0] - ux * s, tip[1] - uy * s];
  const w = s * 0.45;
  const r = (v: number) => Math.round(v * 100) / 100;
  return `M${r(tip[0])},${r(tip[1])}L${r(bx - uy * w)},${r(by + ux * w)}L${r(bx + uy * w)},${r(by - ux * w)}Z`;
}

/** Where a tip's label goes: its anchor point (the first line's middle) and text-anchor. */
export interface LabelPlace {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** How far a query's label turns from its arrow (counterclockwise on screen) and a key's (clockwise), in radians: a query and a key at the same point keep their labels apart. */
export const LABEL_TURN: Readonly<Record<VectorKind, number>> = { q: -0.6, k: 0.6 };

/**
 * The place of a label of `lines` lines (the widest `width` units) beside a tip: beyond the tip, along the
 * arrow (away from the origin) turned by `turn` radians, flipped to the other side of the tip where it would
 * leave the viewBox.
 */
export function labelPlace(f: PlaneFrame, origin: Vec2, tip: Vec2, width: number, lines: number, turn = 0): LabelPlace {
  const gap = 10;
  const lineH = LABEL_FONT + 2;
  let [ux, uy] = [tip[0] - origin[0], tip[1] - origin[1]];
  const len = Math.hypot(ux, uy);
  [ux, uy] = len > 1e-9 ? [ux / len, uy / len] : [Math.SQRT1_2, -Math.SQRT1_2];
  [ux, uy] = [ux * Math.cos(turn) - uy * Math.sin(turn), ux * Math.sin(turn) + uy * Math.cos(turn)];
  let anchor: LabelPlace['anchor'] = ux > 0.38 ? 'start' : ux < -0.38 ? 'end' : 'middle';
  let x = tip[0] + ux * gap;
  if (anchor === 'start' && x + width > f.size) [anchor, x] = ['end', tip[0] - gap];
  else if (anchor === 'end' && x - width < 0) [anchor, x] = ['start', tip[0] + gap];
  else if (anchor === 'middle') x = Math.min(f.size - width / 2, Math.max(width / 2, x));
  // the block of lines: centred on the tip's side, above the tip for arrows that point up
  const block = lines * lineH;
  let y = tip[1] + uy * (gap + LABEL_FONT / 2) - (uy < -0.38 ? block - lineH : 0);
  if (anchor === 'middle' && uy >= -0.38) y = tip[1] + gap + LABEL_FONT / 2;
  y = Math.min(f.size - block + lineH / 2, Math.max(lineH / 2, y));
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, anchor };
}

/** The estimated width of a label in viewBox units. */
export function labelWidth(text: string): number {
  return estimateTextWidth(text, LABEL_FONT, 0.6);
}

/** A placed label: its place, its widest line's width and its number of lines (viewBox units). */
export interface LabelBox extends LabelPlace {
  width: number;
  lines: number;
}

/** How many lines a label moves at most to clear the labels before it: a crowded plane keeps its labels where they were. */
export const LABEL_MAX_SHIFT = 3;

/**
 * The labels' y (in order) after each is moved down, past the labels before it that it would cover, by at most
 * LABEL_MAX_SHIFT lines and within the viewBox of `size`: two tips at nearly the same point (two query heads of
 * grouped-query attention, say) get their labels one under the other instead of one on top of the other.
 */
export function separateLabels(boxes: readonly LabelBox[], size: number): number[] {
  const lineH = LABEL_FONT + 2;
  const placed: { x0: number; x1: number; y0: number; y1: number }[] = [];
  return boxes.map((b) => {
    const x0 = b.anchor === 'start' ? b.x : b.anchor === 'end' ? b.x - b.width : b.x - b.width / 2;
    const x1 = x0 + b.width;
    const height = b.lines * lineH;
    const top = b.y - lineH / 2; // y is the first line's middle
    let y0 = top;
    for (;;) {
      const hit = placed.find((p) => x0 < p.x1 && p.x0 < x1 && y0 < p.y1 && p.y0 < y0 + height);
      if (!hit) break;
      y0 = hit.y1;
      if (y0 - top > LABEL_MAX_SHIFT * lineH || y0 + height > size) {
        y0 = top; // no room close by: where it was
        break;
      }
    }
    placed.push({ x0, x1, y0, y1: y0 + height });
    return Math.round((y0 + lineH / 2) * 10) / 10;
  });
}
