// view.ts — the relative-position experiment's result view: the RoPE and the
// sinusoidal score matrices of one q and one k repeated at every position,
// side by side on one colour scale, each with its largest deviation from
// constant diagonals, and the sentence that answers "does a score depend only
// on i − j?".

import type { Lang } from '../../base/lang';
import { Heatmap } from '../../figures/heatmap/heatmap';
import { el, formatNumber, replaceChildren } from '../../widgets/dom';
import { fmtDiff } from '../format';
import { sentence, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { relativeSentence } from './report';
import type { RelativeResult } from './run';

/** The smallest and largest value of two arrays together (the shared colour scale); [0, 1] when all are equal. */
function sharedDomain(a: Float64Array, b: Float64Array): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const xs of [a, b])
    for (const x of xs) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  return hi > lo ? [lo, hi] : [lo - 0.5, lo + 0.5];
}

/** Relative position: the two score heatmaps with their deviations from constant diagonals. */
export class RelativeView implements ExperimentView<RelativeResult> {
  readonly element: HTMLElement;
  private readonly text = sentence('exp-relative-sentence');
  private readonly caption = el('p', { class: 'hint', 'data-testid': 'exp-relative-caption' });
  private readonly maps: Heatmap[] = [];
  private readonly deviations: HTMLElement[] = [];
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang, heatmapWords }: ViewContext) {
    this.t = t;
    this.lang = lang;
    const grid = el('div', { class: 'perm-grid', 'data-testid': 'exp-relative-heatmaps' });
    // each figure's title is the heatmap's own (drawn above it, in its accessible name and its PNG/SVG)
    for (const id of ['rope', 'sin']) {
      const box = el('div', { class: 'heatmap-box' });
      const deviation = el('p', { 'data-testid': `exp-relative-deviation-${id}` });
      grid.appendChild(el('figure', { class: 'card perm-case', 'data-testid': `exp-relative-case-${id}` }, el('div', { class: 'perm-map' }, box), deviation));
      this.maps.push(new Heatmap(box, { showValues: 'never', words: heatmapWords }));
      this.deviations.push(deviation);
    }
    this.element = el('div', { class: 'exp-result' }, this.text, grid, this.caption);
  }
  show(r: RelativeResult): void {
    const s = r.settings;
    const domain = sharedDomain(r.ropeScores.data, r.sinScores.data);
    this.text.textContent = relativeSentence(r, this.lang);
    const describeCell = (i: number, j: number, v: number) => this.t('exp.relative.cell', { i, j, c: i - j, v: formatNumber(v, 4) });
    const shown = [
      [r.ropeScores, r.ropeDeviation, this.t('exp.relative.rope')],
      [r.sinScores, r.sinDeviation, this.t('exp.relative.sin')],
    ] as const;
    shown.forEach(([S, deviation, title], k) => {
      this.maps[k].update(
        { values: S.data, rows: S.rows, cols: S.cols },
        { title, domain, rowTitle: this.t('exp.relative.queryPos'), colTitle: this.t('exp.relative.keyPos'), describeCell },
      );
      replaceChildren(this.deviations[k], this.t('exp.relative.deviation'), el('strong', {}, fmtDiff(deviation)));
    });
    this.caption.textContent = this.t('exp.relative.caption', {
      seed: s.seed,
      d: s.d,
      base: s.base,
      pairing: this.t(s.pairing === 'half' ? 'exp.field.pairingHalf' : 'exp.field.pairingInterleaved').split(' (')[0],
      lo: formatNumber(domain[0], 3),
      hi: formatNumber(domain[1], 3),
    });
  }
  setDimmed(d: boolean): void {
    for (const m of this.maps) m.setDimmed(d);
    this.element.classList.toggle('is-dim', d);
  }
  chart() {
    return this.maps[0];
  }
}
