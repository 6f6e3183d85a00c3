// view.ts — the depth experiment's result view, rank collapse with depth:
// the three curves of r against the layer on a log y axis (Okabe–Ito colours,
// and each stack its own marker and dash, so they differ without colour), the
// one-sentence conclusion computed from the numbers, a table per stack (r
// after L layers, r_L / r_0, collapsed?) and r after every layer.

import type { Lang } from '../../base/lang';
import { DEPTH_VARIANTS, type DepthVariant } from '../../core/depth';
import { LineChart } from '../../figures/line-chart/line-chart';
import type { Series } from '../../figures/line-chart/types';
import { el, replaceChildren } from '../../widgets/dom';
import { sentence, textTable, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { depthSentence, fmtR } from './report';
import type { DepthResult } from './run';

/** Each stack's line: solid, dashed, dotted (its marker shape comes with its index). */
const DASHES: Record<DepthVariant, string> = { attention: '', residual: '7 4', pre_ln: '2 3' };

/** A y tick or readout: a power of ten as 1, 0.1, 0.01, 1e-3, 1e-5 …; any other r as fmtR. */
export function fmtAxisR(v: number): string {
  const e = Math.round(Math.log10(v));
  if (v > 0 && Math.abs(v / 10 ** e - 1) < 1e-9) return e >= -2 ? String(Number((10 ** e).toFixed(2))) : `1e${e}`;
  return fmtR(v);
}

/** The curves as chart series: every r > 0 at its layer (a log axis cannot show 0). */
export function depthSeries(r: DepthResult, t: T): Series[] {
  return DEPTH_VARIANTS.map((v) => ({
    id: v,
    label: t(`exp.depth.${v}`),
    shortLabel: t(`exp.depth.${v}Short`),
    markers: true,
    dash: DASHES[v],
    points: Array.from(r.curves[v].r, (y, x) => ({ x, y })),
  }));
}

/** Depth: r against the layer for attention alone, + residual and pre-LN + residual. */
export class DepthView implements ExperimentView<DepthResult> {
  readonly element: HTMLElement;
  private readonly lineChart: LineChart;
  private readonly text = sentence('exp-depth-sentence');
  private readonly zeros = el('p', { class: 'hint', hidden: true, 'data-testid': 'exp-depth-zeros' });
  private readonly summary = el('div', { class: 'depth-summary' });
  private readonly layers = el('div', { class: 'depth-layers', tabindex: 0, role: 'region', 'data-testid': 'exp-depth-layers' });
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang, chartWords }: ViewContext) {
    this.t = t;
    this.lang = lang;
    const box = el('div', { class: 'chart-box', 'data-testid': 'exp-depth-chart' });
    this.layers.setAttribute('aria-label', t('exp.depth.tableTitle'));
    this.element = el('div', { class: 'exp-result' }, this.text, this.summary, el('div', { class: 'exp-split' }, el('div', {}, box, this.zeros), this.layers));
    this.lineChart = new LineChart(box, {
      title: t('exp.depth.chart'),
      xLabel: t('exp.depth.x'),
      xName: t('exp.depth.x'),
      yLabel: t('exp.depth.y'),
      yScale: 'log',
      yFormat: fmtAxisR,
      xFormat: (x) => String(x),
      words: chartWords,
    });
  }
  show(r: DepthResult): void {
    const t = this.t;
    const s = r.settings;
    this.text.textContent = depthSentence(r, this.lang);
    const threshold = r.threshold.toExponential();
    const x = Array.from(r.curves.attention.r, (_, l) => l);
    this.lineChart.update(depthSeries(r, t), {
      caption: t('exp.depth.caption', { n: s.n, d: s.d, seed: s.seed }),
      xTicks: x.length > 13 ? x.filter((l) => l % (x.length > 33 ? 8 : 4) === 0) : x,
    });
    this.zeros.textContent = t('exp.depth.zeros');
    this.zeros.hidden = !DEPTH_VARIANTS.some((v) => r.curves[v].r.some((y) => y === 0));
    const names = DEPTH_VARIANTS.map((v) => t(`exp.depth.${v}`));
    replaceChildren(
      this.summary,
      textTable(
        [t('exp.depth.stack'), t('exp.depth.last', { L: s.L }), t('exp.depth.ratio'), t('exp.depth.state', { threshold })],
        DEPTH_VARIANTS.map((v, k) => {
          const c = r.curves[v];
          return [names[k], fmtR(c.r[c.r.length - 1]), fmtR(c.ratio), t(c.collapsed ? 'exp.depth.collapsed' : 'exp.depth.kept')];
        }),
        'exp-depth-summary',
      ),
    );
    replaceChildren(
      this.layers,
      textTable(
        [t('exp.depth.x'), ...DEPTH_VARIANTS.map((v) => t(`exp.depth.${v}Short`))],
        x.map((l) => [String(l), ...DEPTH_VARIANTS.map((v) => fmtR(r.curves[v].r[l]))]),
        'exp-depth-table',
      ),
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
