// head-card.ts — one head's card in the results: its heatmap (each row's
// entropy beside it, the largest possible one on the legend), the note of
// block maxima when the weights are too large to draw cell by cell, and the
// table of row sums and row maxima. Pointing at a cell tells the playground
// (ctx.point); what is pointed at elsewhere is outlined here (showPointed).

import type { HeadView, View } from '../model/compute';
import { maxEntropy, rowEntropy } from '../model/entropy';
import { blockRange } from '../model/pool';
import { setAttr, setText } from '../figures/kit/figure-kit';
import { Heatmap, shortLabel, type HeatmapData, type HeatmapOptions } from '../figures/heatmap/heatmap';
import { el, formatNumber, replaceChildren } from '../widgets/dom';
import type { PanelContext, Pointed } from './context';
import { heatmapWords } from './words';

/** One head's card. */
export class HeadCard {
  readonly element: HTMLElement;
  readonly heatmap: Heatmap;
  private readonly pooled: HTMLElement;
  private readonly stats: HTMLElement;
  /** Whether the heatmap draws block maxima (its cells are then not single weights to point at). */
  private blocks = false;
  /** The rows and labels the row statistics were built for. */
  private statsKey = '';

  constructor(
    private readonly ctx: PanelContext,
    private readonly index: number,
  ) {
    const t = ctx.t.bind(ctx);
    const box = el('div', { class: 'heatmap-box' });
    this.stats = el('div', { class: 'row-stats' });
    this.pooled = el('p', { class: 'hint', hidden: true, 'data-testid': `pooled-${index}` });
    this.element = el('figure', { class: 'card heatmap-card', 'data-testid': `head-${index}` }, box, this.pooled, this.stats);
    this.heatmap = new Heatmap(box, {
      words: heatmapWords(t),
      onPoint: (cell) => {
        if (this.blocks) return;
        ctx.point(cell ? { kind: 'weight', head: this.index, i: cell.row, j: cell.col } : null);
      },
    });
  }

  /** Draw `head` of `view` (its row statistics are updateStats()). */
  update(head: HeadView, view: View): void {
    const t = this.ctx.t.bind(this.ctx);
    const [data, drawn] = this.drawn(head, view);
    this.blocks = Boolean(head.drawn);
    const options = { rowTitle: t('result.query'), colTitle: t('result.key'), maskedLabel: t('result.masked'), title: t(head.key, head.vars), ...drawn };
    this.heatmap.update(data, options, this.ctx.live());
    this.pooled.hidden = !head.drawn;
    if (head.drawn) {
      const d = head.drawn;
      const vars = { rows: head.weights.rows, cols: head.weights.cols, blockRows: d.rows, blockCols: d.cols, rowStep: d.rowStep, colStep: d.colStep };
      this.pooled.textContent = t('result.pooled', vars);
    }
  }

  /** The row statistics of `head` (after update(): a step of its own for a large outcome). */
  updateStats(head: HeadView, view: View): void {
    this.showStats(head.weights, view.queryLabels, view.keyLabels);
  }

  /** The row statistics: the numbers written in place when the rows and labels are the same (a drag), else a new table. */
  private showStats(w: { data: Float64Array; rows: number; cols: number }, queries: string[], keys: string[]): void {
    const key = JSON.stringify([w.rows, queries.slice(0, STATS_ROWS), keys]);
    if (key !== this.statsKey) {
      this.statsKey = key;
      replaceChildren(this.stats, rowStats(w, queries, this.ctx.t.bind(this.ctx)));
    }
    this.stats.querySelectorAll('tbody tr').forEach((tr, i) => {
      const [sum, best] = rowSumAndBest(w, i);
      const [sumCell, bestCell] = tr.querySelectorAll('td');
      const key = keys[best] ?? String(best);
      // written only where they changed: a drag moves one row's numbers, and every write is laid out again
      setText(sumCell, formatNumber(sum, 6));
      setText(bestCell, `${formatNumber(w.data[i * w.cols + best], 4)} → ${shortLabel(key)}`);
      setAttr(bestCell, 'title', `${formatNumber(w.data[i * w.cols + best], 4)} → ${key}`);
    });
  }

  /** Outline what is pointed at: weight (i, j) of this head, or the weights row i that made output row i. */
  showPointed(p: Pointed): void {
    if (this.blocks || !p) this.heatmap.highlight(null);
    else if (p.kind === 'output') this.heatmap.highlight({ row: p.i });
    else this.heatmap.highlight(p.head === this.index ? { row: p.i, col: p.j } : null);
  }

  /** What the heatmap draws: the weights with each row's entropy, or their block maxima with block labels. */
  private drawn(head: HeadView, view: View): [HeatmapData, Partial<HeatmapOptions>] {
    const t = this.ctx.t.bind(this.ctx);
    const w = head.weights;
    const d = head.drawn;
    if (!d) {
      const h = rowEntropy(w.data, w.rows, w.cols);
      return [
        { values: w.data, rows: w.rows, cols: w.cols, masked: view.hidden },
        {
          rowLabels: view.queryLabels,
          colLabels: view.keyLabels,
          describeCell: undefined,
          rowNotes: Array.from(h, (x) => formatNumber(x, 2)),
          rowNotesTitle: t('result.entropy'),
          legendNote: t('result.maxEntropy', { n: w.cols, value: formatNumber(maxEntropy(w.cols), 3) }),
        },
      ];
    }
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
      { rowLabels, colLabels, describeCell, rowNotes: undefined, rowNotesTitle: undefined, legendNote: undefined },
    ];
  }
}

/** Labels of blocks of `step` along a side of n: the cells' own labels when step is 1, else their ranges ("8–15"). */
function blockLabels(blocks: number, step: number, n: number, labels: string[]): string[] {
  if (step === 1) return labels;
  return Array.from({ length: blocks }, (_, b) => blockRange(b, step, n).join('–'));
}

/** The rows the statistics table shows. */
const STATS_ROWS = 16;

/** Row i's sum (1, or 0 when fully masked) and the column of its largest weight. */
function rowSumAndBest(w: { data: Float64Array; cols: number }, i: number): [number, number] {
  let sum = 0;
  let best = 0;
  for (let j = 0; j < w.cols; j++) {
    const v = w.data[i * w.cols + j];
    sum += v;
    if (v > w.data[i * w.cols + best]) best = j;
  }
  return [sum, best];
}

/** A small table, per query: the row sum and the largest weight with its key (the numbers are written by showStats). */
function rowStats(w: { rows: number }, queries: string[], t: (k: string) => string): HTMLElement {
  const head = el(
    'tr',
    {},
    el('th', { scope: 'col' }, t('result.query')),
    el('th', { scope: 'col' }, t('result.rowSums')),
    el('th', { scope: 'col' }, t('result.rowMax')),
  );
  const body = Array.from({ length: Math.min(w.rows, STATS_ROWS) }, (_, i) => {
    const query = queries[i] ?? String(i);
    return el(
      'tr',
      {},
      // a long token name is cut ("supercalifr…"), whole in the title, so the table keeps its width
      el('th', { scope: 'row', class: 'token-cell', title: query }, shortLabel(query)),
      el('td', { class: 'row-sum' }),
      el('td', { class: 'token-cell' }),
    );
  });
  return el('table', { class: 'stats-table', 'data-testid': 'row-stats' }, el('thead', {}, head), el('tbody', {}, body));
}
