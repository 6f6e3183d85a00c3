// view.ts — the scaling experiment's result view: the largest weight against
// d_k with and without ÷√d_k (mean ± one standard deviation), the sentence that
// answers the question at d = 64, and the table with the entropies.

import type { Lang } from '../../base/lang';
import { LineChart } from '../../figures/line-chart/line-chart';
import { el, replaceChildren } from '../../widgets/dom';
import { fmtMeanStd } from '../format';
import { sentence, textTable, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { scaleSentence } from './report';
import type { ScalingResult } from './run';

/** Scaling: the largest weight against d, with and without ÷√d_k. */
export class ScalingView implements ExperimentView<ScalingResult> {
  readonly element: HTMLElement;
  private readonly lineChart: LineChart;
  private readonly text = sentence('exp-scaling-sentence');
  private readonly table = el('div');
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang, chartWords }: ViewContext) {
    this.t = t;
    this.lang = lang;
    const box = el('div', { class: 'chart-box' });
    this.element = el('div', { class: 'exp-result' }, this.text, el('div', { class: 'exp-split' }, box, this.table));
    this.lineChart = new LineChart(box, {
      title: t('exp.scaling.chart'),
      xLabel: 'd_k',
      xName: 'd',
      yLabel: t('exp.scaling.y'),
      xScale: 'log',
      yDomain: [0, 1],
      annotations: [{ x: 64, label: 'd = 64' }],
      words: chartWords,
    });
  }
  show(r: ScalingResult): void {
    this.text.textContent = scaleSentence(r, this.lang);
    const band = (mean: number, std: number) => ({ lo: Math.max(0, mean - std), hi: Math.min(1, mean + std) });
    this.lineChart.update(
      [
        {
          id: 'unscaled',
          label: this.t('exp.scaling.without'),
          shortLabel: this.t('exp.scaling.withoutShort'),
          markers: true,
          points: r.points.map((p) => ({ x: p.d, y: p.max_unscaled_mean, ...band(p.max_unscaled_mean, p.max_unscaled_std) })),
        },
        {
          id: 'scaled',
          label: this.t('exp.scaling.with'),
          shortLabel: this.t('exp.scaling.withShort'),
          markers: true,
          points: r.points.map((p) => ({ x: p.d, y: p.max_scaled_mean, ...band(p.max_scaled_mean, p.max_scaled_std) })),
        },
      ],
      { caption: this.t('exp.scaling.caption', { n: r.settings.n, trials: r.settings.trials, seed: r.settings.seed }) },
    );
    replaceChildren(
      this.table,
      textTable(
        ['d', this.t('exp.scaling.without'), this.t('exp.scaling.with'), this.t('exp.scaling.entropyWithout'), this.t('exp.scaling.entropyWith')],
        r.points.map((p) => [
          String(p.d),
          fmtMeanStd(p.max_unscaled_mean, p.max_unscaled_std),
          fmtMeanStd(p.max_scaled_mean, p.max_scaled_std),
          p.entropy_unscaled_mean.toFixed(3),
          p.entropy_scaled_mean.toFixed(3),
        ]),
        'exp-scaling-table',
      ),
      el('p', { class: 'hint' }, this.t('exp.scaling.entropyNote', { max: r.points[0]?.entropy_max.toFixed(3) ?? '' })),
    );
  }
  setDimmed(d: boolean): void {
    this.lineChart.setDimmed(d);
    this.element.classList.toggle('is-dim', d);
  }
  chart() {
    return this.lineChart;
  }
}
