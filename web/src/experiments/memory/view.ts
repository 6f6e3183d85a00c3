// view.ts — the memory experiment's result view, memory and time against n:
// the peak memory and the time of one attention and one flash_attention call
// on log–log axes, each with its fitted line (dashed) and a guide where
// attention stops; the two sentences computed from the numbers (where attention
// stops, what the slopes say) and a table per n.

import type { Lang } from '../../base/lang';
import type { LogLogFit } from '../../core/core';
import { LineChart } from '../../figures/line-chart/line-chart';
import type { Series } from '../../figures/line-chart/types';
import { el, replaceChildren } from '../../widgets/dom';
import { fmtBytes, fmtCount, fmtMs } from '../format';
import { sentence, textTable, unbroken, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { fmtSlope, memorySentence, memoryStopSentence } from './report';
import type { MemoryResult, MemoryRow } from './run';

/** The two calls, in the table's order. */
const OPS = [{ op: 'attention' }, { op: 'flash' }] as const;

/** The fitted line y = e^intercept · n^slope over the rows with n ≥ from, or no points. */
function fitted(rows: MemoryRow[], fit: LogLogFit, from: number, scale = 1): { x: number; y: number }[] {
  if (!Number.isFinite(fit.slope)) return [];
  return rows.filter((r) => r.n >= from).map((r) => ({ x: r.n, y: (Math.exp(fit.intercept) * r.n ** fit.slope) / scale }));
}

/** The series of one chart: the measured points of both calls and their fitted lines. */
export function memorySeries(r: MemoryResult, t: T, what: 'memory' | 'time'): Series[] {
  const out: Series[] = [];
  for (const { op } of OPS) {
    const rows = r[op];
    const name = t(`exp.memory.${op}`);
    const fit = what === 'memory' ? (op === 'flash' ? r.fits.flashMemory : r.fits.attentionMemory) : op === 'flash' ? r.fits.flashTime : r.fits.attentionTime;
    const from = op === 'flash' ? r.fits.flashFrom : r.fits.attentionFrom;
    const y = (row: MemoryRow) => (what === 'memory' ? row.peakBytes / 2 ** 20 : row.ms);
    out.push({ id: op, label: name, markers: true, points: rows.filter((row) => y(row) > 0).map((row) => ({ x: row.n, y: y(row) })) });
    const line = fitted(rows, fit, from, what === 'memory' ? 2 ** 20 : 1);
    if (line.length)
      out.push({
        id: `${op}-fit`,
        label: t('exp.memory.fit', { name, slope: fmtSlope(fit.slope) }),
        shortLabel: t('exp.memory.fitShort', { name }),
        dashed: true,
        points: line,
      });
  }
  return out;
}

/** The table's cells of one call at one n: time, peak, heap growth (— when it did not run). */
function cells(row: MemoryRow | undefined, none: string): string[] {
  if (!row) return [none, none, none];
  return [unbroken(fmtMs(row.ms)), unbroken(fmtBytes(row.peakBytes)), unbroken(fmtBytes(row.heapAfter - row.heapBefore))];
}

/** Memory: peak memory and time of attention and flash_attention against n. */
export class MemoryView implements ExperimentView<MemoryResult> {
  readonly element: HTMLElement;
  private readonly memChart: LineChart;
  private readonly timeChart: LineChart;
  private readonly stop = sentence('exp-memory-stop');
  private readonly text = sentence('exp-memory-sentence');
  private readonly table = el('div', { class: 'quad-grid', role: 'region', tabindex: 0, 'data-testid': 'exp-memory-rows' });
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang, chartWords }: ViewContext) {
    this.t = t;
    this.lang = lang;
    const a = el('div', { class: 'chart-box', 'data-testid': 'exp-memory-mem-chart' });
    const b = el('div', { class: 'chart-box', 'data-testid': 'exp-memory-time-chart' });
    this.table.setAttribute('aria-label', t('exp.memory.tableTitle'));
    this.element = el('div', { class: 'exp-result' }, this.stop, this.text, el('div', { class: 'quad-grid' }, a, b), this.table);
    const words = chartWords;
    const xFormat = (x: number) => fmtCount(x);
    this.memChart = new LineChart(a, {
      title: t('exp.memory.memChart'),
      xLabel: 'n',
      yLabel: t('exp.memory.mib'),
      xScale: 'log',
      yScale: 'log',
      xFormat,
      words,
    });
    this.timeChart = new LineChart(b, { title: t('exp.memory.timeChart'), xLabel: 'n', yLabel: 'ms', xScale: 'log', yScale: 'log', xFormat, words });
  }
  show(r: MemoryResult): void {
    const t = this.t;
    const s = r.settings;
    this.stop.textContent = memoryStopSentence(r, this.lang);
    this.text.textContent = memorySentence(r, this.lang);
    const last = r.attentionStop && r.attentionStop.last > 0 ? r.attentionStop.last : null;
    const annotations = last ? [{ x: last, label: t('exp.memory.stops') }] : [];
    const causal = t(s.causal ? 'exp.memory.causal' : 'exp.memory.notCausal');
    const caption = t('exp.memory.caption', { d: s.d, causal, seed: s.seed, from: Math.min(r.fits.flashFrom, r.fits.attentionFrom) || s.ns[0] });
    this.memChart.update(memorySeries(r, t, 'memory'), { annotations, caption, xTicks: s.ns });
    this.timeChart.update(memorySeries(r, t, 'time'), { annotations, caption, xTicks: s.ns });
    const none = t('exp.memory.none');
    const header = ['n', t('exp.memory.time'), t('exp.memory.peak'), t('exp.memory.growth')];
    replaceChildren(
      this.table,
      OPS.map(({ op }) =>
        el(
          'div',
          { class: 'mem-op' },
          el('h4', { class: 'exp-subtitle' }, t(`exp.memory.${op}`)),
          textTable(
            header,
            r.flash.map((row) => [
              fmtCount(row.n),
              ...cells(
                r[op].find((a) => a.n === row.n),
                none,
              ),
            ]),
            `exp-memory-table-${op}`,
          ),
        ),
      ),
    );
  }
  setDimmed(d: boolean): void {
    this.memChart.setDimmed(d);
    this.timeChart.setDimmed(d);
    this.element.classList.toggle('is-dim', d);
  }
  chart() {
    return this.memChart;
  }
}
