// axes.ts — the plane's grid and axes: a faint line at every tick, the two
// axes through the origin with tick marks and numbers (0 left out: the
// origin is where the arrows start), and each axis titled with its column in
// a corner of the plot (bottom right across, top left up). Redrawn only when the extent or the titles change (never
// during a drag: the extent is kept until it ends).

import { ticks, stepDecimals } from './extent';
import { toPx, type PlaneFrame } from './geometry';
import { numberText } from './describe';
import { svgEl } from './svg';

/** The size of a tick mark. */
const TICK = 4;
/** The most numbered ticks per axis; more are numbered every other one. */
const MAX_LABELS = 8;

/** Draw the grid into `grid` and the axes into `axes` for frame f, titled `xTitle` (across) and `yTitle` (up). */
export function drawAxes(grid: SVGGElement, axes: SVGGElement, f: PlaneFrame, xTitle: string, yTitle: string): void {
  const doc = grid.ownerDocument;
  const e = f.extent;
  const [ox, oy] = toPx(f, [0, 0]);
  const lo = f.pad;
  const hi = f.size - f.pad;
  const xs = ticks(e.x0, e.x1, e.step);
  const ys = ticks(e.y0, e.y1, e.step);
  const digits = stepDecimals(e.step);
  const text = (v: number) => numberText(Number(v.toFixed(digits)) || 0);

  const lines = [
    ...xs.map((x) => {
      const px = toPx(f, [x, 0])[0];
      return svgEl(doc, 'line', { x1: px, y1: lo, x2: px, y2: hi });
    }),
    ...ys.map((y) => {
      const py = toPx(f, [0, y])[1];
      return svgEl(doc, 'line', { x1: lo, y1: py, x2: hi, y2: py });
    }),
  ];
  grid.replaceChildren(...lines);

  const parts: SVGElement[] = [
    svgEl(doc, 'line', { class: 'vp-axis-line', x1: lo, y1: oy, x2: hi, y2: oy }),
    svgEl(doc, 'line', { class: 'vp-axis-line', x1: ox, y1: lo, x2: ox, y2: hi }),
  ];
  const numbered = (v: number, k: number, n: number) => v !== 0 && k % (n > MAX_LABELS ? 2 : 1) === 0;
  const label = (attrs: Record<string, string | number>, v: number) => {
    const t = svgEl(doc, 'text', { class: 'vp-tick-label', 'font-size': 10, ...attrs });
    t.textContent = text(v);
    return t;
  };
  xs.forEach((x, k) => {
    const px = toPx(f, [x, 0])[0];
    parts.push(svgEl(doc, 'line', { class: 'vp-tick', x1: px, y1: oy - TICK, x2: px, y2: oy + TICK }));
    if (numbered(x, k, xs.length)) parts.push(label({ x: px, y: oy + TICK + 10, 'text-anchor': 'middle' }, x));
  });
  ys.forEach((y, k) => {
    const py = toPx(f, [0, y])[1];
    parts.push(svgEl(doc, 'line', { class: 'vp-tick', x1: ox - TICK, y1: py, x2: ox + TICK, y2: py }));
    if (numbered(y, k, ys.length)) parts.push(label({ x: ox - TICK - 2, y: py, dy: '0.35em', 'text-anchor': 'end' }, y));
  });
  // the titles in the corners (bottom right: across, top left: up), away from the axes the arrows often lie along
  const xt = svgEl(doc, 'text', { class: 'vp-axis-title', x: hi - 3, y: hi - 5, 'text-anchor': 'end', 'font-weight': 600 });
  xt.textContent = `${xTitle} →`;
  const yt = svgEl(doc, 'text', { class: 'vp-axis-title', x: lo + 3, y: lo + 12, 'text-anchor': 'start', 'font-weight': 600 });
  yt.textContent = `↑ ${yTitle}`;
  axes.replaceChildren(...parts, xt, yt);
}
