// describe.ts — the line chart in words, pure: the readout of one x, the
// accessible summary, axis titles and guide labels, and what the readout says
// when no x is active. All from the chart's words (words.ts).

import { fill } from '../kit/figure-kit';
import { drawable, valueAt } from './data';
import { formatNumber } from './text';
import type { AxisKind, ChartOptions, Guide, Series } from './types';
import { chartWords, type ChartWords } from './words';

/** The name of x in readouts, the table and guide labels: xName, else xLabel. */
export function xNameOf(o: Pick<ChartOptions, 'xLabel' | 'xName'>): string {
  return o.xName ?? o.xLabel;
}

/** An axis title: the label, marked as log scale on a log axis. */
export function axisTitle(label: string, kind: AxisKind, w: ChartWords): string {
  return kind === 'log' ? fill(w.logAxis, { label }) : label;
}

/** The label of a guide line: its own, else "x = value". */
export function guideLabel(a: Guide, o: Pick<ChartOptions, 'xLabel' | 'xName' | 'xFormat'>): string {
  return a.label || `${xNameOf(o)} = ${(o.xFormat ?? formatNumber)(a.x)}`;
}

/** The readout of one x: "d = 64: without 0.97, with 0.46" (series without a point there are left out). */
export function readoutText(x: number, series: Series[], o: Pick<ChartOptions, 'xLabel' | 'xName' | 'xFormat' | 'yFormat' | 'words'>): string {
  const w = chartWords(o.words);
  const fx = o.xFormat ?? formatNumber;
  const fy = o.yFormat ?? formatNumber;
  const parts: string[] = [];
  for (const s of series) {
    const p = valueAt(s, x);
    if (p) parts.push(`${s.shortLabel ?? s.label} ${fy(p.y)}`);
  }
  return fill(w.readout, { x: xNameOf(o), value: fx(x), values: parts.length ? parts.join(w.listSep) : w.noValues });
}

/** What the readout says with no active x: no data, no drawable points, or the hint to hover or use the keys. */
export function idleReadout(series: Series[], positions: number, o: Pick<ChartOptions, 'xLabel' | 'xName' | 'words'>): string {
  const w = chartWords(o.words);
  if (!positions) return series.length ? w.noPoints : w.noData;
  return fill(w.hint, { x: xNameOf(o) });
}

/** One series in the summary: its range, dashed and band marks. */
function describeSeries(s: Series, o: ChartOptions, w: ChartWords): string {
  const xKind = o.xScale ?? 'linear';
  const yKind = o.yScale ?? 'linear';
  const fx = o.xFormat ?? formatNumber;
  const fy = o.yFormat ?? formatNumber;
  const pts = s.points.filter((p) => drawable(p.x, xKind) && drawable(p.y, yKind));
  if (!pts.length) return fill(w.seriesNone, { label: s.label });
  const first = pts[0];
  const last = pts[pts.length - 1];
  const text = fill(pts.length === 1 ? w.seriesPoint : w.seriesPoints, {
    label: s.dashed ? fill(w.dashed, { label: s.label }) : s.label,
    n: pts.length,
    y0: fy(first.y),
    x0: fx(first.x),
    y1: fy(last.y),
    x1: fx(last.x),
  });
  return pts.some((p) => drawable(p.lo, yKind) && drawable(p.hi, yKind)) ? fill(w.band, { text }) : text;
}

/** The accessible summary of a chart: what is plotted against what, each series' range, the guide lines. */
export function summarise(series: Series[], o: ChartOptions): string {
  const w = chartWords(o.words);
  const axis = (label: string, kind: AxisKind): string => (kind === 'log' ? fill(w.logSummary, { label }) : label);
  const head = fill(o.title ? w.summaryTitled : w.summary, {
    title: o.title ?? '',
    y: axis(o.yLabel, o.yScale ?? 'linear'),
    x: axis(o.xLabel, o.xScale ?? 'linear'),
  });
  if (!series.length) return fill(w.summaryEmpty, { head });
  const parts = series.map((s) => describeSeries(s, o, w));
  const text = fill(w.summarySeries, { head, series: parts.join(w.seriesSep) });
  const guides = (o.annotations ?? []).map((a) => guideLabel(a, o));
  return guides.length ? fill(guides.length > 1 ? w.guides : w.guide, { text, list: guides.join(w.listSep) }) : text;
}
