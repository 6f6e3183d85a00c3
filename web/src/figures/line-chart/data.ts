// data.ts — pure questions about the series: which values an axis can draw,
// the x positions of the cursor, the data's extent, the point at an x and
// whether a series has a band.

import type { AxisKind, Series, SeriesPoint } from './types';

/** Whether a value can be drawn on an axis of this kind (finite, and > 0 on a log axis). */
export function drawable(v: number | undefined, kind: AxisKind): v is number {
  return typeof v === 'number' && Number.isFinite(v) && (kind === 'linear' || v > 0);
}

/** Whether a point's band (lo and hi) can be drawn on a y axis of this kind. */
export function bandDrawable(p: SeriesPoint, yKind: AxisKind): boolean {
  return drawable(p.lo, yKind) && drawable(p.hi, yKind);
}

/** Whether some point of the series has a drawable band. */
export function hasBand(s: Series, yKind: AxisKind): boolean {
  return s.points.some((p) => bandDrawable(p, yKind));
}

/** Every x that some series has a drawable point at, sorted, without repeats: the stops of the cursor. */
export function xPositions(series: Series[], xKind: AxisKind = 'linear'): number[] {
  const set = new Set<number>();
  for (const s of series) for (const p of s.points) if (drawable(p.x, xKind)) set.add(p.x);
  return [...set].sort((a, b) => a - b);
}

/** Data extent of x, or of y including the bands (lo/hi); null if nothing is drawable. */
export function extent(series: Series[], axis: 'x' | 'y', kind: AxisKind): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series)
    for (const p of s.points) {
      if (!drawable(p.x, axis === 'x' ? kind : 'linear')) continue;
      const vs = axis === 'x' ? [p.x] : [p.y, p.lo, p.hi];
      for (const v of vs)
        if (drawable(v, kind)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
    }
  return lo <= hi ? [lo, hi] : null;
}

/** The y of series s at exactly x, or undefined. */
export function valueAt(s: Series, x: number): SeriesPoint | undefined {
  return s.points.find((p) => p.x === x && Number.isFinite(p.y));
}

/** The series with their points sorted by x (copies; the input is left alone). */
export function sortedSeries(series: Series[]): Series[] {
  return series.map((s) => ({ ...s, points: [...s.points].sort((a, b) => a.x - b.x) }));
}
