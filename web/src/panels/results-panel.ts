// results-panel.ts — the attention weights as one heatmap per head, their
// row sums and row maxima, and the output matrix (plus q/k/v, LN(X), …).
// While the input is invalid the last good result stays, dimmed.

import type { Outcome, View } from '../model/compute';
import { el, formatNumber, replaceChildren } from '../widgets/dom';
import { Heatmap } from '../figures/heatmap/heatmap';
import { MatrixTable } from '../widgets/matrix-table';
import type { State } from '../model/state';
import type { Panel, PanelContext } from './context';
import { heatmapWords } from './words';

/** The results panel. */
export class ResultsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly heatmapsBox: HTMLElement;
  private readonly outputs: HTMLElement;
  private readonly stale: HTMLElement;
  private readonly cards: { card: HTMLElement; heatmap: Heatmap; stats: HTMLElement }[] = [];
  private readonly outTables: MatrixTable[] = [];
  private shownCards = 0;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.heatmapsBox = el('div', { class: 'heatmaps', 'data-testid': 'heatmaps' });
    this.outputs = el('div', { class: 'outputs', 'data-testid': 'outputs' });
    this.stale = el('p', { class: 'stale-note', hidden: true, 'data-testid': 'stale' }, t('result.stale'));
    this.element = el(
      'section',
      { class: 'panel panel-results', 'aria-label': t('result.title') },
      el('h2', { class: 'panel-title' }, t('result.title')),
      this.stale,
      this.heatmapsBox,
      this.outputs,
    );
  }

  /** The heatmap of head `i` (for export). */
  heatmap(i = 0): Heatmap | undefined {
    return this.cards[i]?.heatmap;
  }

  render(_state: State, outcome: Outcome): void {
    const view = outcome.ok ? outcome.view : this.ctx.lastGood();
    const dimmed = !outcome.ok;
    this.stale.hidden = !dimmed || !view;
    this.element.classList.toggle('is-stale', dimmed);
    if (!view) return;
    if (outcome.ok) this.draw(view);
    for (const c of this.cards) c.heatmap.setDimmed(dimmed);
  }

  private draw(view: View): void {
    const t = this.ctx.t.bind(this.ctx);
    // one card per head, reusing the heatmaps that exist
    while (this.cards.length > view.heads.length) this.cards.pop()?.heatmap.destroy();
    while (this.cards.length < view.heads.length) {
      const i = this.cards.length;
      const box = el('div', { class: 'heatmap-box' });
      const stats = el('div', { class: 'row-stats' });
      const card = el('figure', { class: 'card heatmap-card', 'data-testid': `head-${i}` }, box, stats);
      this.cards.push({ card, heatmap: new Heatmap(box, { words: heatmapWords(t) }), stats });
    }
    if (this.shownCards !== this.cards.length) {
      this.shownCards = this.cards.length;
      replaceChildren(
        this.heatmapsBox,
        this.cards.map((c) => c.card),
      );
    }
    view.heads.forEach((head, i) => {
      const c = this.cards[i];
      const title = t(head.key, head.vars);
      c.heatmap.update(
        { values: head.weights.data, rows: head.weights.rows, cols: head.weights.cols, masked: view.hidden },
        {
          rowLabels: view.queryLabels,
          colLabels: view.keyLabels,
          rowTitle: t('result.query'),
          colTitle: t('result.key'),
          maskedLabel: t('result.masked'),
          title,
        },
      );
      replaceChildren(c.stats, rowStats(head.weights, view.queryLabels, view.keyLabels, t));
    });
    const all = [
      { title: t('result.outNamed', { name: t(view.out.key, view.out.vars) }), ...view.out },
      ...view.extra.map((m) => ({ title: t(m.key, m.vars), ...m })),
    ];
    while (this.outTables.length < all.length) this.outTables.push(new MatrixTable(this.outTables.length === 0 ? 'output' : undefined));
    if (this.outputs.childElementCount !== all.length)
      replaceChildren(
        this.outputs,
        this.outTables.slice(0, all.length).map((tb) => tb.element),
      );
    all.forEach((m, i) =>
      this.outTables[i].update(m.title, m.shape, m.m, { rowLabels: i === 0 || m.m.rows === view.queryLabels.length ? view.queryLabels : undefined }),
    );
  }
}

/** A small table: per query, the row sum (always 1, or 0 if fully masked) and the largest weight with its key. */
function rowStats(w: { data: Float64Array; rows: number; cols: number }, queries: string[], keys: string[], t: (k: string) => string): HTMLElement {
  const rows = Math.min(w.rows, 16);
  return el(
    'table',
    { class: 'stats-table', 'data-testid': 'row-stats' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, t('result.query')),
        el('th', { scope: 'col' }, t('result.rowSums')),
        el('th', { scope: 'col' }, t('result.rowMax')),
      ),
    ),
    el(
      'tbody',
      {},
      Array.from({ length: rows }, (_, i) => {
        let sum = 0;
        let best = 0;
        for (let j = 0; j < w.cols; j++) {
          const v = w.data[i * w.cols + j];
          sum += v;
          if (v > w.data[i * w.cols + best]) best = j;
        }
        return el(
          'tr',
          {},
          el('th', { scope: 'row' }, queries[i] ?? String(i)),
          el('td', { class: 'row-sum' }, formatNumber(sum, 6)),
          el('td', {}, `${formatNumber(w.data[i * w.cols + best], 4)} → ${keys[best] ?? best}`),
        );
      }),
    ),
  );
}
