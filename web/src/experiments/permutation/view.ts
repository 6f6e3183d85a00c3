// view.ts — the permutation experiment's result view: attention(PX) beside
// P·attention(X), without and with positions, the permutation used, both
// differences and the sentence that answers the question.

import type { Lang } from '../../base/lang';
import type { TypedMatrix } from '../../core/core';
import { Heatmap } from '../../figures/heatmap/heatmap';
import { el, replaceChildren } from '../../widgets/dom';
import { fmtDiff, fmtPerm } from '../format';
import { sentence, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { permSentence } from './report';
import type { PermutationResult } from './run';

/** P·W·Pᵀ: the weights of attention(X) with rows and columns put in the new order. */
function permuteWeights(w: TypedMatrix, perm: number[]): TypedMatrix {
  const n = w.rows;
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) data[i * n + j] = w.data[perm[i] * n + perm[j]];
  return { data, rows: n, cols: n };
}

/** The caption of the permutation experiment's second case. */
const WITH_KEYS = { none: 'exp.perm.none', sinusoidal: 'exp.perm.with', rope: 'exp.perm.withRope', alibi: 'exp.perm.withAlibi' } as const;

/**
 * Permutation: attention(PX) beside P·attention(X), without and with the positional encoding. Each case is a
 * figure whose caption names it (it wraps, never cut); its two heatmaps have the short titles "attention(PX)" and
 * "P·attention(X)", so they fit side by side.
 */
export class PermutationView implements ExperimentView<PermutationResult> {
  readonly element: HTMLElement;
  private readonly text = sentence('exp-permutation-sentence');
  private readonly diffs = el('div');
  private readonly maps: Heatmap[] = [];
  private readonly captions: HTMLElement[] = [];
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang, heatmapWords }: ViewContext) {
    this.t = t;
    this.lang = lang;
    const grid = el('div', { class: 'perm-grid', 'data-testid': 'exp-permutation-heatmaps' });
    for (let c = 0; c < 2; c++) {
      const caption = el('figcaption', { class: 'perm-case-title', 'data-testid': `exp-perm-case-${c}` });
      const pair = el('div', { class: 'perm-pair' });
      for (let k = 2 * c; k < 2 * c + 2; k++) {
        const box = el('div', { class: 'heatmap-box' });
        pair.appendChild(el('div', { class: 'perm-map', 'data-testid': `exp-perm-map-${k}` }, box));
        this.maps.push(new Heatmap(box, { showValues: 'never', words: heatmapWords }));
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
