// model-view.ts — the model at the chosen snapshot: a grid of layers × heads,
// each head a card with its weights on the held-out sequence (head-map.ts),
// its previous-token and induction scores over training (a line chart, x =
// step, a guide at the chosen snapshot), a badge when it is the model's
// induction head or previous-token head (the highest score of its kind, above
// 0.5, at the chosen snapshot), and "Open this head in the playground".

import { LineChart } from '../../figures/line-chart/line-chart';
import type { ChartWords } from '../../figures/line-chart/words';
import type { ScorePoint, Snapshot } from '../../training/types';
import { el, replaceChildren } from '../../widgets/dom';
import { HeadMap } from './head-map';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** A head's score needs to be above this to be named. */
export const NAMED_SCORE = 0.5;

/** The head (l·h + t) with the highest score above NAMED_SCORE, or −1. */
export function bestHead(scores: readonly number[]): number {
  let best = -1;
  for (let k = 0; k < scores.length; k++) if (scores[k] > NAMED_SCORE && (best < 0 || scores[k] > scores[best])) best = k;
  return best;
}

/** One head's card. */
class HeadCard {
  readonly element: HTMLElement;
  readonly map: HeadMap;
  private readonly chart: LineChart;
  private readonly badge: HTMLElement;
  private readonly scores: HTMLElement;

  constructor(
    private readonly t: T,
    words: ChartWords,
    readonly layer: number,
    readonly head: number,
    /** The head's index l·h + t in a snapshot's lists. */
    readonly k: number,
    onOpen: () => void,
  ) {
    const name = t('train.head', { layer, head });
    this.badge = el('span', { class: 'train-badge', 'data-testid': 'train-badge', hidden: true });
    this.scores = el('p', { class: 'train-scores', 'data-testid': 'train-scores' });
    this.map = new HeadMap(t, t('train.map.label', { layer, head }));
    const box = el('div', { class: 'train-score-chart' });
    const open = el(
      'button',
      { type: 'button', class: 'train-open', 'data-testid': 'train-open', 'aria-label': t('train.openLabel', { layer, head }) },
      t('train.open'),
    );
    open.addEventListener('click', onOpen);
    this.element = el(
      'div',
      { class: 'train-head', role: 'group', 'aria-label': name, 'data-testid': `train-head-${layer}-${head}` },
      el('h4', { class: 'train-head-title' }, name, ' ', this.badge),
      this.map.element,
      this.scores,
      box,
      open,
    );
    this.chart = new LineChart(box, { title: t('train.scoresChart'), xLabel: t('train.step'), yLabel: t('train.score'), yDomain: [0, 1], height: 170, words });
  }

  /** Show the head at snapshot `index` of `snapshots`, its scores over `history`; `role` names it ('' none). */
  show(snapshots: readonly Snapshot[], index: number, tokens: readonly number[], role: '' | 'induction' | 'previous', history: readonly ScorePoint[]): void {
    const k = this.k;
    const s = snapshots[index];
    if (!s) return;
    const weights = s.attention[k];
    if (weights) this.map.show(weights, tokens);
    const prev = s.scores.previousToken[k] ?? 0;
    const ind = s.scores.induction[k] ?? 0;
    this.scores.textContent = this.t('train.scoresNow', { prev: prev.toFixed(2), ind: ind.toFixed(2) });
    this.badge.hidden = role === '';
    this.badge.textContent = role === 'induction' ? this.t('train.inductionHead') : role === 'previous' ? this.t('train.previousHead') : '';
    this.element.dataset['role'] = role;
    const points = (pick: (x: ScorePoint) => number) => history.map((x) => ({ x: x.step, y: pick(x) }));
    this.chart.update(
      [
        { id: 'previous', label: this.t('train.previousScore'), points: points((x) => x.scores.previousToken[k] ?? 0) },
        { id: 'induction', label: this.t('train.inductionScore'), points: points((x) => x.scores.induction[k] ?? 0), dash: '6 3' },
      ],
      // from step 0 to the last snapshot's (one snapshot alone would make an axis of a single step)
      { annotations: [{ x: s.step, label: this.t('train.stepN', { step: s.step }) }], xDomain: [0, Math.max(1, history.at(-1)?.step ?? 1, s.step)] },
    );
  }
}

/** The grid of every head. */
export class ModelView {
  readonly element: HTMLElement;
  private cards: HeadCard[] = [];
  private shape = { layers: 0, heads: 0 };

  constructor(
    private readonly t: T,
    private readonly words: ChartWords,
    private readonly onOpen: (layer: number, head: number) => void,
  ) {
    this.element = el('div', { class: 'train-model', 'data-testid': 'train-model' });
  }

  /** Show snapshot `index` of a model of `layers` × `heads` heads. */
  show(layers: number, heads: number, snapshots: readonly Snapshot[], index: number, tokens: readonly number[], history: readonly ScorePoint[]): void {
    if (layers !== this.shape.layers || heads !== this.shape.heads) this.build(layers, heads);
    const s = snapshots[index];
    const induction = s ? bestHead(s.scores.induction) : -1;
    const previous = s ? bestHead(s.scores.previousToken) : -1;
    for (const card of this.cards) {
      card.show(snapshots, index, tokens, card.k === induction ? 'induction' : card.k === previous ? 'previous' : '', history);
    }
  }

  private build(layers: number, heads: number): void {
    this.shape = { layers, heads };
    this.cards = [];
    this.element.className = `train-model train-heads-${heads}`;
    const rows: HTMLElement[] = [];
    for (let l = 0; l < layers; l++) {
      const row: HeadCard[] = [];
      for (let h = 0; h < heads; h++) {
        row.push(new HeadCard(this.t, this.words, l, h, l * heads + h, () => this.onOpen(l, h)));
      }
      this.cards.push(...row);
      rows.push(
        el(
          'div',
          { class: 'train-layer', role: 'group', 'aria-label': this.t('train.layer', { layer: l }) },
          row.map((c) => c.element),
        ),
      );
    }
    replaceChildren(this.element, rows);
  }
}
