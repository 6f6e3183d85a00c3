// view.ts — the quadratic-cost experiment's result view: score entries and the
// measured time of one attention call against n on log–log axes (with the
// fitted line), the two sentences and the table.

import type { Lang } from '../../base/lang';
import { LineChart } from '../../figures/line-chart/line-chart';
import { el, replaceChildren } from '../../widgets/dom';
import { fmtBytes, fmtCount, fmtMs } from '../format';
import { sentence, textTable, unbroken, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { quadMeasured, quadSentence } from './report';
import type { QuadraticResult } from './run';

/** Quadratic cost: score entries and measured time against n on log–log axes. */
export class QuadraticView implements ExperimentView<QuadraticResult> {
  readonly element: HTMLElement;
  private readonly sizeChart: LineChart;
  private readonly timeChart: LineChart;
  private readonly text = sentence('exp-quadratic-sentence');
  private readonly measured = el('p', { class: 'hint', 'data-testid': 'exp-quadratic-measured' });
  private readonly table = el('div', { class: 'quad-table' });
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang, chartWords }: ViewContext) {
    this.t = t;
    this.lang = lang;
    const a = el('div', { class: 'chart-box' });
    const b = el('div', { class: 'chart-box' });
    this.element = el('div', { class: 'exp-result' }, this.text, this.measured, el('div', { class: 'quad-grid' }, a, b, this.table));
    const words = chartWords;
    this.sizeChart = new LineChart(a, { title: t('exp.quad.sizeChart'), xLabel: 'n', yLabel: t('exp.quad.entries'), xScale: 'log', yScale: 'log', words });
    this.timeChart = new LineChart(b, { title: t('exp.quad.timeChart'), xLabel: 'n', yLabel: 'ms', xScale: 'log', yScale: 'log', words });
  }
  show(r: QuadraticResult): void {
    this.text.textContent = quadSentence(r, this.lang);
    this.measured.textContent = quadMeasured(r, this.lang);
    this.sizeChart.update([{ id: 'entries', label: this.t('exp.quad.entriesSeries'), markers: true, points: r.rows.map((q) => ({ x: q.n, y: q.entries })) }]);
    const fit = r.timeFit;
    const fitted = Number.isFinite(fit.slope)
      ? r.rows.filter((q) => q.n >= r.fitFromN).map((q) => ({ x: q.n, y: Math.exp(fit.intercept) * q.n ** fit.slope }))
      : [];
    this.timeChart.update([
      { id: 'time', label: this.t('exp.quad.measured'), markers: true, points: r.rows.map((q) => ({ x: q.n, y: q.ms })) },
      { id: 'fit', label: this.t('exp.quad.fit', { slope: Number.isFinite(fit.slope) ? fit.slope.toFixed(2) : '—' }), dashed: true, points: fitted },
    ]);
    replaceChildren(
      this.table,
      textTable(
        ['n', this.t('exp.quad.entries'), this.t('exp.quad.bytes'), this.t('exp.quad.time')],
        r.rows.map((q) => [String(q.n), fmtCount(q.entries), unbroken(fmtBytes(q.bytes)), unbroken(fmtMs(q.ms))]),
        'exp-quadratic-table',
      ),
    );
  }
  setDimmed(d: boolean): void {
    this.sizeChart.setDimmed(d);
    this.timeChart.setDimmed(d);
  }
  chart() {
    return this.timeChart;
  }
}
