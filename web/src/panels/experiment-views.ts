// experiment-views.ts — how each experiment's result is drawn: the plots, the
// sentence that answers the seed's question, and the table. One view per
// experiment; the experiments panel owns the forms, runs and downloads.
// Each card spans the panel's width: a view puts its figures and table side by
// side when the card is wide (experiments.styles.css, .exp-split and
// .quad-grid), so no card leaves an empty area beside a taller one.

import type { TypedMatrix } from '../core/core';
import { el, formatNumber, replaceChildren } from '../widgets/dom';
import {
  fmtBytes,
  fmtCount,
  fmtDiff,
  fmtMeanStd,
  fmtMs,
  fmtPerm,
  h1Sentence,
  permSentence,
  quadMeasured,
  quadSentence,
  scaleSentence,
} from '../experiments/reports';
import type { H1Result, PermutationResult, QuadraticResult, ResultMap, ScalingResult } from '../experiments/run';
import { Heatmap } from '../figures/heatmap/heatmap';
import type { Lang } from '../base/lang';
import { LineChart } from '../figures/line-chart/line-chart';
import { chartWords, heatmapWords } from './words';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** A view of one experiment's result. */
export interface ExperimentView<E extends keyof ResultMap> {
  readonly element: HTMLElement;
  show(result: ResultMap[E]): void;
  setDimmed(dimmed: boolean): void;
  /** The main chart (for PNG/SVG download), if any. */
  chart(): { toSVG(): string; toPNG(): Promise<Blob> } | null;
}

/** `text` with no-break spaces, so a narrow column never separates a number from its unit ("128 MiB"). */
const unbroken = (text: string): string => text.replace(/ /g, '\u00a0');

/** The paragraph of a view's one-sentence answer. */
export const sentence = (testid: string) => el('p', { class: 'exp-sentence', 'data-testid': testid });

/** A small table from header cells and rows of text. */
export function textTable(header: string[], rows: string[][], testid: string): HTMLElement {
  return el(
    'div',
    { class: 'table-scroll' },
    el(
      'table',
      { class: 'stats-table exp-table', 'data-testid': testid },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          header.map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el(
        'tbody',
        {},
        rows.map((r) =>
          el(
            'tr',
            {},
            r.map((c, i) => (i === 0 ? el('th', { scope: 'row' }, c) : el('td', {}, c))),
          ),
        ),
      ),
    ),
  );
}

/** 1. Scaling: the largest weight against d, with and without ÷√d_k. */
export class ScalingView implements ExperimentView<'scaling'> {
  readonly element: HTMLElement;
  private readonly lineChart: LineChart;
  private readonly text = sentence('exp-scaling-sentence');
  private readonly table = el('div');
  constructor(
    private readonly t: T,
    private readonly lang: Lang = 'en',
  ) {
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
      words: chartWords(t),
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

/** P·W·Pᵀ: the weights of attention(X) with rows and columns put in the new order. */
function permuteWeights(w: TypedMatrix, perm: number[]): TypedMatrix {
  const n = w.rows;
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) data[i * n + j] = w.data[perm[i] * n + perm[j]];
  return { data, rows: n, cols: n };
}

/** The caption of the permutation experiment's second case (RoPE and ALiBi: experiment 7). */
const WITH_KEYS = { none: 'exp.perm.none', sinusoidal: 'exp.perm.with', rope: 'exp.perm.withRope', alibi: 'exp.perm.withAlibi' } as const;

/**
 * 2. Permutation: attention(PX) beside P·attention(X), without and with the positional encoding. Each case is a
 * figure whose caption names it (it wraps, never cut); its two heatmaps have the short titles "attention(PX)" and
 * "P·attention(X)", so they fit side by side.
 */
export class PermutationView implements ExperimentView<'permutation'> {
  readonly element: HTMLElement;
  private readonly text = sentence('exp-permutation-sentence');
  private readonly diffs = el('div');
  private readonly maps: Heatmap[] = [];
  private readonly captions: HTMLElement[] = [];
  constructor(
    private readonly t: T,
    private readonly lang: Lang = 'en',
  ) {
    const grid = el('div', { class: 'perm-grid', 'data-testid': 'exp-permutation-heatmaps' });
    for (let c = 0; c < 2; c++) {
      const caption = el('figcaption', { class: 'perm-case-title', 'data-testid': `exp-perm-case-${c}` });
      const pair = el('div', { class: 'perm-pair' });
      for (let k = 2 * c; k < 2 * c + 2; k++) {
        const box = el('div', { class: 'heatmap-box' });
        pair.appendChild(el('div', { class: 'perm-map', 'data-testid': `exp-perm-map-${k}` }, box));
        this.maps.push(new Heatmap(box, { showValues: 'never', words: heatmapWords(t) }));
      }
      this.captions.push(caption);
      grid.appendChild(el('figure', { class: 'card perm-case' }, caption, pair));
    }
    this.element = el('div', { class: 'exp-result' }, this.text, this.diffs, grid);
  }
  show(r: PermutationResult): void {
    const labels = (perm: number[]) => perm.map((p) => `${p}`);
    const cases = [
      [r.plain, this.t('exp.perm.without')],
      [r.withPe, this.t(WITH_KEYS[r.settings.pe])],
    ] as const;
    this.text.textContent = permSentence(r, this.lang);
    replaceChildren(
      this.diffs,
      el('p', { class: 'exp-perm-line' }, `P = ${fmtPerm(r.perm)} (${r.permSource === 'given' ? this.t('exp.perm.given') : this.t('exp.perm.random')})`),
      el(
        'ul',
        { class: 'exp-diffs', 'data-testid': 'exp-permutation-diffs' },
        cases.map(([c, name]) => el('li', {}, `${name}: max |attention(PX) − P·attention(X)| = `, el('strong', {}, fmtDiff(c.max_abs_diff)))),
      ),
    );
    let k = 0;
    for (const [c, name] of cases) {
      this.captions[k / 2].textContent = name;
      const shown = [
        [c.weights_permuted, 'attention(PX)'],
        [permuteWeights(c.weights, r.perm), 'P·attention(X)'],
      ] as const;
      for (const [w, title] of shown) {
        // rows and columns are the tokens of PX: row i is the token that was at position perm[i]
        this.maps[k].update(
          { values: w.data, rows: w.rows, cols: w.cols },
          { rowLabels: labels(r.perm), colLabels: labels(r.perm), rowTitle: this.t('exp.perm.token'), colTitle: this.t('exp.perm.token'), title },
        );
        k++;
      }
    }
  }
  setDimmed(d: boolean): void {
    for (const m of this.maps) m.setDimmed(d);
  }
  chart() {
    return this.maps[0];
  }
}

/** 3. Quadratic cost: score entries and measured time against n on log–log axes. */
export class QuadraticView implements ExperimentView<'quadratic'> {
  readonly element: HTMLElement;
  private readonly sizeChart: LineChart;
  private readonly timeChart: LineChart;
  private readonly text = sentence('exp-quadratic-sentence');
  private readonly measured = el('p', { class: 'hint', 'data-testid': 'exp-quadratic-measured' });
  private readonly table = el('div', { class: 'quad-table' });
  constructor(
    private readonly t: T,
    private readonly lang: Lang = 'en',
  ) {
    const a = el('div', { class: 'chart-box' });
    const b = el('div', { class: 'chart-box' });
    this.element = el('div', { class: 'exp-result' }, this.text, this.measured, el('div', { class: 'quad-grid' }, a, b, this.table));
    const words = chartWords(t);
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

/** 4. h = 1: multi_head with one head equals attention, exactly. */
export class H1View implements ExperimentView<'h1'> {
  readonly element: HTMLElement;
  private readonly mark = el('p', { class: 'exp-mark', 'data-testid': 'exp-h1-mark' });
  private readonly text = sentence('exp-h1-sentence');
  private readonly table = el('div');
  constructor(
    private readonly t: T,
    private readonly lang: Lang = 'en',
  ) {
    this.element = el('div', { class: 'exp-result' }, this.mark, el('div', { class: 'exp-split' }, this.text, this.table));
  }
  show(r: H1Result): void {
    this.mark.textContent = r.pass ? `✓ ${this.t('exp.h1.pass')}` : `✗ ${this.t('exp.h1.fail')}`;
    this.mark.classList.toggle('pass', r.pass);
    this.mark.classList.toggle('fail', !r.pass);
    this.text.textContent = h1Sentence(r, this.lang);
    replaceChildren(
      this.table,
      textTable(
        ['h', 'd/h', '√(d/h)'],
        r.table.map((row) => [String(row.h), String(row.dHead), formatNumber(row.scale, 4)]),
        'exp-h1-table',
      ),
    );
  }
  setDimmed(d: boolean): void {
    this.element.classList.toggle('is-dim', d);
  }
  chart() {
    return null;
  }
}
