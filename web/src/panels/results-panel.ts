// results-panel.ts — the attention weights as one heatmap per head, their
// row sums and row maxima, and the output matrix (plus q/k/v, LN(X), …).
// While the input is invalid the last good result stays, dimmed; so it does
// while a large state is computed in the background, under a progress note
// with Cancel. Weights too large to draw cell by cell are drawn as their
// block maxima (model/pool.ts), said so under the heatmap.

import type { HeadView, Outcome, View } from '../model/compute';
import { CANCELLED, isWorkNote, PENDING } from '../compute-worker/runner';
import { el, formatNumber, replaceChildren } from '../widgets/dom';
import { Heatmap, type HeatmapData, type HeatmapOptions } from '../figures/heatmap/heatmap';
import { MatrixTable } from '../widgets/matrix-table';
import { blockRange } from '../model/pool';
import type { State } from '../model/state';
import type { Panel, PanelContext } from './context';
import { heatmapWords } from './words';

/** One head's card: its heatmap, the note of block maxima, its row statistics. */
interface Card {
  card: HTMLElement;
  heatmap: Heatmap;
  pooled: HTMLElement;
  stats: HTMLElement;
}

/** The results panel. */
export class ResultsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly heatmapsBox: HTMLElement;
  private readonly outputs: HTMLElement;
  private readonly stale: HTMLElement;
  private readonly work: HTMLElement;
  private readonly workText: HTMLElement;
  private readonly cancel: HTMLButtonElement;
  private readonly cards: Card[] = [];
  private readonly outTables: MatrixTable[] = [];
  private shownCards = 0;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.heatmapsBox = el('div', { class: 'heatmaps', 'data-testid': 'heatmaps' });
    this.outputs = el('div', { class: 'outputs', 'data-testid': 'outputs' });
    this.stale = el('p', { class: 'stale-note', hidden: true, 'data-testid': 'stale' }, t('result.stale'));
    this.workText = el('span', { role: 'status', 'data-testid': 'work-text' });
    this.cancel = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'work-cancel', onclick: () => ctx.cancelCompute() }, t('work.cancel'));
    this.work = el('p', { class: 'stale-note', hidden: true, 'data-testid': 'work-note' }, this.workText, ' ', this.cancel);
    this.element = el(
      'section',
      { class: 'panel panel-results', 'aria-label': t('result.title') },
      el('h2', { class: 'panel-title' }, t('result.title')),
      this.stale,
      this.work,
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
    this.stale.hidden = !dimmed || !view || isWorkNote(outcome);
    this.showWork(outcome);
    this.element.classList.toggle('is-stale', dimmed);
    if (!view) return;
    if (outcome.ok) this.draw(view);
    for (const c of this.cards) c.heatmap.setDimmed(dimmed);
  }

  /** The progress note and Cancel while the worker computes; the note of a cancelled run; nothing otherwise. */
  private showWork(outcome: Outcome): void {
    const t = this.ctx.t.bind(this.ctx);
    this.work.hidden = outcome.ok || !isWorkNote(outcome);
    if (outcome.ok || this.work.hidden) return;
    const note = t(outcome.key ?? '', outcome.vars);
    const stage = outcome.vars?.stage;
    this.workText.textContent = outcome.code === PENDING && stage ? t('work.progress', { note, stage: t(`work.stage.${stage}`) }) : note;
    this.cancel.hidden = outcome.code === CANCELLED;
  }

  /** What head's heatmap draws: its weights, or their block maxima with block labels and a readout of blocks. */
  private drawn(head: HeadView, view: View): [HeatmapData, Partial<HeatmapOptions>] {
    const w = head.weights;
    const d = head.drawn;
    if (!d)
      return [
        { values: w.data, rows: w.rows, cols: w.cols, masked: view.hidden },
        { rowLabels: view.queryLabels, colLabels: view.keyLabels, describeCell: undefined },
      ];
    const t = this.ctx.t.bind(this.ctx);
    const rowLabels = blockLabels(d.rows, d.rowStep, w.rows, view.queryLabels);
    const colLabels = blockLabels(d.cols, d.colStep, w.cols, view.keyLabels);
    const describeCell = (i: number, j: number, v: number, masked: boolean) =>
      t(masked ? 'result.blockMasked' : 'result.blockCell', {
        row: t('result.query'),
        rows: blockRange(i, d.rowStep, w.rows).join('–'),
        col: t('result.key'),
        cols: blockRange(j, d.colStep, w.cols).join('–'),
        value: formatNumber(v, 6),
        masked: t('result.masked'),
      });
    return [
      { values: d.data, rows: d.rows, cols: d.cols, masked: d.hidden },
      { rowLabels, colLabels, describeCell },
    ];
  }

  private draw(view: View): void {
    const t = this.ctx.t.bind(this.ctx);
    // one card per head, reusing the heatmaps that exist
    while (this.cards.length > view.heads.length) this.cards.pop()?.heatmap.destroy();
    while (this.cards.length < view.heads.length) {
      const i = this.cards.length;
      const box = el('div', { class: 'heatmap-box' });
      const stats = el('div', { class: 'row-stats' });
      const pooled = el('p', { class: 'hint', hidden: true, 'data-testid': `pooled-${i}` });
      const card = el('figure', { class: 'card heatmap-card', 'data-testid': `head-${i}` }, box, pooled, stats);
      this.cards.push({ card, heatmap: new Heatmap(box, { words: heatmapWords(t) }), pooled, stats });
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
      const [data, drawn] = this.drawn(head, view);
      c.heatmap.update(data, { rowTitle: t('result.query'), colTitle: t('result.key'), maskedLabel: t('result.masked'), title, ...drawn });
      c.pooled.hidden = !head.drawn;
      if (head.drawn) {
        const d = head.drawn;
        const vars = { rows: head.weights.rows, cols: head.weights.cols, blockRows: d.rows, blockCols: d.cols, rowStep: d.rowStep, colStep: d.colStep };
        c.pooled.textContent = t('result.pooled', vars);
      }
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

/** Labels of blocks of `step` along a side of n: the cells' own labels when step is 1, else their ranges ("8–15"). */
function blockLabels(blocks: number, step: number, n: number, labels: string[]): string[] {
  if (step === 1) return labels;
  return Array.from({ length: blocks }, (_, b) => blockRange(b, step, n).join('–'));
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
