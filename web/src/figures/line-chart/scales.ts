// scales.ts — the chart's scales and ticks, pure (d3-scale, no DOM): linear or
// log axes from the data or given domains, base-2 or base-10 log ticks, y ticks
// by the plot's height, x ticks by its width, and x labels thinned so they do
// not overlap.

import { scaleLinear, scaleLog } from 'd3-scale';
import { drawable, extent, xPositions } from './data';
import { MIN_PLOT_W, PAD } from './metrics';
import { formatNumber, textWidth } from './text';
import type { AxisKind, ChartOptions, Scale, Series } from './types';

/** Whether v is an integer power of two (1, 2, 4, …, also 0.5, 0.25, …). */
export function isPowerOfTwo(v: number): boolean {
  if (!(v > 0) || !Number.isFinite(v)) return false;
  const e = Math.log2(v);
  return Math.abs(e - Math.round(e)) < 1e-9;
}

/** Ticks of a log axis over [lo, hi]: powers of `base` inside; with base 10 and fewer than 3, also 2× and 5×. */
export function logTicks(domain: [number, number], base: 2 | 10): number[] {
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  if (!(lo > 0) || !Number.isFinite(hi)) return [];
  const eps = 1e-9;
  const out: number[] = [];
  const e0 = Math.ceil(Math.log(lo) / Math.log(base) - eps);
  const e1 = Math.floor(Math.log(hi) / Math.log(base) + eps);
  for (let e = e0; e <= e1; e++) out.push(base === 10 ? Number(`1e${e}`) : 2 ** e);
  if (base === 10 && out.length < 3) {
    const more: number[] = [];
    for (let e = e0 - 1; e <= e1; e++)
      for (const m of [1, 2, 5]) {
        const v = m * Number(`1e${e}`);
        if (v >= lo * (1 - eps) && v <= hi * (1 + eps)) more.push(Number(v.toPrecision(12)));
      }
    return more;
  }
  return out;
}

/** At most `max` log ticks: every 2nd, 3rd, … power when there are more. */
export function thinLog(ticks: number[], max: number): number[] {
  if (ticks.length <= max) return ticks;
  const step = Math.ceil(ticks.length / max);
  return ticks.filter((_, i) => i % step === 0);
}

/** Keep every step-th tick label (step 1, 2, 3, …) so that labels of the given widths, at these centres, are at least gap px apart. */
export function labelStep(centres: number[], widths: number[], gap = 8): number {
  for (let step = 1; step < Math.max(2, centres.length); step++) {
    let ok = true;
    for (let i = step; i < centres.length && ok; i += step) {
      const room = Math.abs(centres[i] - centres[i - step]);
      if (room < (widths[i] + widths[i - step]) / 2 + gap) ok = false;
    }
    if (ok) return step;
  }
  return Math.max(1, centres.length);
}

/** A new linear or log scale. */
function scaleOf(kind: AxisKind): Scale {
  return kind === 'log' ? scaleLog() : scaleLinear();
}

/** The y domain: the given one, else the data's (linear: from 0 at most), widened when it is a single value. */
export function yDomain(series: Series[], o: Pick<ChartOptions, 'yDomain' | 'yScale'>): [number, number] {
  const kind = o.yScale ?? 'linear';
  let dom = o.yDomain ?? extent(series, 'y', kind);
  if (!dom) dom = kind === 'log' ? [1, 10] : [0, 1];
  if (!o.yDomain && kind === 'linear') dom = [Math.min(0, dom[0]), dom[1] === dom[0] ? dom[0] + 1 : dom[1]];
  if (dom[0] === dom[1]) dom = kind === 'log' ? [dom[0] / 10, dom[1] * 10] : [dom[0] - 1, dom[1] + 1];
  return dom;
}

/** The y axis of a plot plotHeight px high: its scale (niced unless yDomain is given), ticks (about one per 40 px) and their labels. */
export function yAxisScale(series: Series[], o: ChartOptions, plotHeight: number): { y: Scale; ticks: number[]; labels: string[] } {
  const kind = o.yScale ?? 'linear';
  const y = scaleOf(kind);
  y.domain(yDomain(series, o)).range([plotHeight, 0]);
  if (!o.yDomain) y.nice();
  const count = Math.max(2, Math.floor(plotHeight / 40));
  const ticks = kind === 'log' ? thinLog(logTicks(y.domain() as [number, number], 10), count + 1) : y.ticks(count);
  const format = o.yFormat ?? (kind === 'log' ? formatNumber : y.tickFormat(count));
  return { y, ticks, labels: ticks.map((v) => format(v)) };
}

/** The x axis, given where the plot starts: its scale, the plot's width (room for the last label on the right), ticks, labels and label step. */
export function xAxisScale(
  series: Series[],
  o: ChartOptions,
  width: number,
  left: number,
): { x: Scale; xs: number[]; plotWidth: number; ticks: number[]; labels: string[]; step: number } {
  const kind = o.xScale ?? 'linear';
  let dom = o.xDomain ?? extent(series, 'x', kind) ?? (kind === 'log' ? [1, 10] : [0, 1]);
  if (dom[0] === dom[1]) dom = kind === 'log' ? [dom[0] / 2, dom[1] * 2] : [dom[0] - 1, dom[1] + 1];
  const x = scaleOf(kind);
  x.domain(dom);
  if (!o.xDomain && kind === 'linear') x.nice();
  const xs = xPositions(series, kind);
  const base2 = kind === 'log' && xs.length > 0 && xs.every(isPowerOfTwo);
  const format = o.xFormat ?? (kind === 'log' ? formatNumber : x.tickFormat(8));
  let ticks = o.xTicks ?? (kind === 'log' ? logTicks(x.domain() as [number, number], base2 ? 2 : 10) : x.ticks(8));
  const lastLabelW = ticks.length ? textWidth(format(ticks[ticks.length - 1])) : 0;
  const right = Math.ceil(PAD + Math.max(8, lastLabelW / 2));
  const plotWidth = Math.max(MIN_PLOT_W, width - left - right);
  x.range([0, plotWidth]);
  if (!o.xTicks && kind === 'linear') ticks = x.ticks(Math.max(2, Math.floor(plotWidth / 70)));
  const [d0, d1] = x.domain() as [number, number];
  ticks = ticks.filter(
    (v) => drawable(v, kind) && (!o.xWhole || Number.isInteger(v)) && v >= Math.min(d0, d1) * (1 - 1e-9) && v <= Math.max(d0, d1) * (1 + 1e-9),
  );
  const labels = ticks.map((v) => format(v));
  const step = labelStep(
    ticks.map((v) => x(v)),
    labels.map((s) => textWidth(s)),
  );
  return { x, xs, plotWidth, ticks, labels, step };
}
