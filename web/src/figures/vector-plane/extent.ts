// extent.ts — the part of the plane that is shown (pure, no DOM): a square
// of data space around the origin that holds every arrow with a margin, its
// edges on ticks of a nice step (1, 2 or 5 × 10^k), the same span on both
// axes so that one unit is as long across as up (a circle stays a circle);
// and what follows from it: the ticks, the decimals values are rounded to,
// the step of a key press.

import type { Vec2 } from './types';

/** The shown square: [x0, x1] × [y0, y1] with x1 − x0 = y1 − y0, edges on multiples of `step`. */
export interface Extent {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** The distance between ticks. */
  step: number;
}

/** The margin around the arrows, as a share of their span. */
export const MARGIN = 0.15;
/** About how many tick steps the span holds (at least this many). */
const TICKS = 6;
/** The most decimals a value is rounded to. */
const MAX_DECIMALS = 15;

/** The smallest 1, 2 or 5 × 10^k that is ≥ raw (raw > 0). */
export function niceStep(raw: number): number {
  const p = Math.floor(Math.log10(raw));
  for (const k of [p - 1, p, p + 1])
    for (const m of [1, 2, 5]) {
      const s = Number((m * 10 ** k).toPrecision(1));
      if (s >= raw) return s;
    }
  return Number((10 ** (p + 1)).toPrecision(1));
}

/** The smallest box [lo, hi] on each axis that holds the origin and every finite point: [xlo, xhi, ylo, yhi]. */
function bounds(points: Iterable<Vec2>): [number, number, number, number] {
  let [xlo, xhi, ylo, yhi] = [0, 0, 0, 0];
  for (const [x, y] of points) {
    if (Number.isFinite(x)) [xlo, xhi] = [Math.min(xlo, x), Math.max(xhi, x)];
    if (Number.isFinite(y)) [ylo, yhi] = [Math.min(ylo, y), Math.max(yhi, y)];
  }
  return [xlo, xhi, ylo, yhi];
}

/**
 * The extent that shows every point and the origin with a margin of MARGIN of their span: each axis widened
 * by the margin, its ends moved out to ticks, and the shorter axis widened on both sides to the longer one's
 * span (in whole steps). Points all at the origin show [−1, 1]-ish.
 */
export function fitExtent(points: Iterable<Vec2>): Extent {
  let [xlo, xhi, ylo, yhi] = bounds(points);
  let span = Math.max(xhi - xlo, yhi - ylo);
  if (!(span > 0)) [xlo, xhi, ylo, yhi, span] = [-1, 1, -1, 1, 2];
  const m = MARGIN * span;
  const step = niceStep((span + 2 * m) / TICKS);
  // ends on ticks, in whole steps from the origin
  let [kx0, kx1, ky0, ky1] = [Math.floor((xlo - m) / step), Math.ceil((xhi + m) / step), Math.floor((ylo - m) / step), Math.ceil((yhi + m) / step)];
  const n = Math.max(kx1 - kx0, ky1 - ky0);
  const widen = (lo: number, hi: number): [number, number] => {
    const extra = n - (hi - lo);
    return [lo - Math.floor(extra / 2), hi + Math.ceil(extra / 2)];
  };
  [kx0, kx1] = widen(kx0, kx1);
  [ky0, ky1] = widen(ky0, ky1);
  const at = (k: number) => Number((k * step).toPrecision(12)) || 0; // 3 × 0.1 is 0.3, not 0.30000000000000004; no −0
  return { x0: at(kx0), x1: at(kx1), y0: at(ky0), y1: at(ky1), step };
}

/** Whether the extent shows every finite point. */
export function covers(e: Extent, points: Iterable<Vec2>): boolean {
  for (const [x, y] of points) if (x < e.x0 || x > e.x1 || y < e.y0 || y > e.y1) return false;
  return true;
}

/** Whether two extents are the same. */
export function sameExtent(a: Extent | null, b: Extent | null): boolean {
  return !!a && !!b && a.x0 === b.x0 && a.x1 === b.x1 && a.y0 === b.y0 && a.y1 === b.y1 && a.step === b.step;
}

/** The multiples of `step` in [lo, hi] (both on ticks), exact to 12 digits. */
export function ticks(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) out.push(Number((k * step).toPrecision(12)) || 0);
  return out;
}

/** The decimals of a tick step: 0.5 → 1, 0.25 → 2, 2 → 0. */
export function stepDecimals(step: number): number {
  for (let d = 0; d <= MAX_DECIMALS; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return MAX_DECIMALS;
}

/** The decimals dragged values are rounded to: one more than a tenth of a step needs (step 0.5 → 2, step 2 → 1, step 10 → 0). */
export function valueDecimals(e: Extent): number {
  return Math.max(0, Math.min(MAX_DECIMALS, 1 - Math.floor(Math.log10(e.step))));
}

/** How far one arrow-key press moves a tip: a tenth of the power of ten under the span (span 2 → 0.1, span 10 → 1). */
export function keyStep(e: Extent): number {
  return Number((10 ** (Math.floor(Math.log10(e.x1 - e.x0)) - 1)).toPrecision(1));
}
