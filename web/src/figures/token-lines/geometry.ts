// geometry.ts — the lines of the token view (pure, no DOM): for every head h
// and every pair (query i, key j) that is not masked, a straight line from
// query i's end of the left column to key j's end of the right column,
// offset by the head's offset, with its width and opacity from the weight
// (style.ts). Also the line nearest a point, for the pointer.

import { isHidden } from './data';
import type { TokenLinesLayout } from './layout';
import { strokeOpacity, strokeWidth } from './style';
import type { TokenLinesData } from './types';

/** One line: head, query i, key j, weight w, its end points and how it is stroked. */
export interface Line {
  head: number;
  i: number;
  j: number;
  w: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  opacity: number;
}

/** Every line, head by head, then row-major (i, then j); masked pairs have none. */
export function buildLines(d: TokenLinesData, L: Pick<TokenLinesLayout, 'q' | 'k' | 'offsets' | 'maxStroke'>): Line[] {
  const out: Line[] = [];
  d.heads.forEach((h, head) => {
    const off = L.offsets[head] ?? 0;
    for (let i = 0; i < d.rows; i++) {
      for (let j = 0; j < d.cols; j++) {
        const p = i * d.cols + j;
        if (isHidden(d, p)) continue;
        const w = h.weights[p];
        out.push({
          head,
          i,
          j,
          w,
          x1: L.q.lineX,
          y1: L.q.ys[i] + off,
          x2: L.k.lineX,
          y2: L.k.ys[j] + off,
          width: strokeWidth(w, L.maxStroke),
          opacity: strokeOpacity(w),
        });
      }
    }
  });
  return out;
}

/** Whether the pairs with lines are the same in both (same shape, heads and mask), so only the weights need redrawing. */
export function samePairs(a: Line[], b: Line[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k].head !== b[k].head || a[k].i !== b[k].i || a[k].j !== b[k].j) return false;
  return true;
}

/** Distance from (x, y) to the segment of a line. */
export function distanceTo(l: Pick<Line, 'x1' | 'y1' | 'x2' | 'y2'>, x: number, y: number): number {
  const dx = l.x2 - l.x1;
  const dy = l.y2 - l.y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - l.x1) * dx + (y - l.y1) * dy) / len2)) : 0;
  return Math.hypot(x - (l.x1 + t * dx), y - (l.y1 + t * dy));
}

/**
 * The index of the visible line under (x, y): among the lines with a weight > 0
 * that `shown` lets through, the one whose edge is nearest, if it is within
 * `tolerance` px (on ties the larger weight); −1 when there is none.
 */
export function lineAt(lines: Line[], x: number, y: number, tolerance: number, shown: (k: number) => boolean = () => true): number {
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k];
    if (!(l.w > 0) || !shown(k)) continue;
    const dist = Math.max(0, distanceTo(l, x, y) - l.width / 2);
    if (dist > tolerance) continue;
    if (dist < bestD || (dist === bestD && l.w > lines[best].w)) {
      best = k;
      bestD = dist;
    }
  }
  return best;
}
