// results-panel.ts — the attention weights as one heatmap per head (with
// their row entropies, row sums and row maxima: head-card.ts) and as token
// lines (every head in one figure, as BertViz draws them), with a switch
// heatmap / lines / both; then the output matrix (plus q/k/v, LN(X), …),
// whose rows can be pointed at to outline the weights row that made each.
// While the input is invalid the last good result stays, dimmed; so it does
// while a large state is computed in the background, under a progress note
// with Cancel. Weights too large to draw cell by cell are drawn as their
// block maxima (model/pool.ts), said so under the heatmap.

import type { Outcome, View } from '../model/compute';
import { CANCELLED, isWorkNote, PENDING } from '../worker/computation';
import { el, replaceChildren, uid } from '../widgets/dom';
import type { Heatmap } from '../figures/heatmap/heatmap';
import { TokenLines } from '../figures/token-lines/token-lines';
import { MatrixTable } from '../widgets/matrix-table';
import type { State, WeightsView } from '../model/state';
import type { Panel, PanelContext, Pointed } from './context';
import { HeadCard } from './head-card';
import { tokenLinesWords } from './words';

/** The views of the weights the switch offers. */
const VIEWS: readonly WeightsView[] = ['heatmap', 'lines', 'both'];

/** The results panel. */
export class ResultsPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly heatmapsBox: HTMLElement;
  private readonly linesCard: HTMLElement;
  private readonly lines: TokenLines;
  private readonly viewSwitch: HTMLElement;
  private readonly outputs: HTMLElement;
  private readonly stale: HTMLElement;
  private readonly work: HTMLElement;
  private readonly workText: HTMLElement;
  private readonly cancel: HTMLButtonElement;
  private readonly cards: HeadCard[] = [];
  private readonly outTables: MatrixTable[] = [];
  private shownCards = 0;
  /** The last view drawn, and whether the token lines skipped it (hidden: see draw). */
  private shown: View | null = null;
  private linesStale = false;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.heatmapsBox = el('div', { class: 'heatmaps', 'data-testid': 'heatmaps' });
    const linesBox = el('div', { class: 'lines-box' });
    this.linesCard = el('figure', { class: 'card lines-card', 'data-testid': 'lines-card' }, linesBox);
    this.lines = new TokenLines(linesBox, {
      words: tokenLinesWords(t),
      onPoint: (p) => ctx.point(p ? { kind: 'weight', head: p.head, i: p.i, j: p.j } : null),
    });
    this.viewSwitch = this.switchOf();
    this.outputs = el('div', { class: 'outputs', 'data-testid': 'outputs' });
    this.stale = el('p', { class: 'stale-note', hidden: true, 'data-testid': 'stale' }, t('result.stale'));
    this.workText = el('span', { role: 'status', 'data-testid': 'work-text' });
    this.cancel = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'work-cancel', onclick: () => ctx.cancelCompute() }, t('work.cancel'));
    this.work = el('p', { class: 'stale-note', hidden: true, 'data-testid': 'work-note' }, this.workText, ' ', this.cancel);
    this.element = el(
      'section',
      { class: 'panel panel-results', 'aria-label': t('result.title') },
      el('div', { class: 'panel-head' }, el('h2', { class: 'panel-title' }, t('result.title')), this.viewSwitch),
      this.stale,
      this.work,
      el('div', { class: 'weights-views' }, this.heatmapsBox, this.linesCard),
      this.outputs,
    );
  }

  /** The heatmap of head `i` (for export). */
  heatmap(i = 0): Heatmap | undefined {
    return this.cards[i]?.heatmap;
  }

  /** The token view (for export), drawn with the last result even while the heatmap alone is shown. */
  tokenLines(): TokenLines {
    if (this.shown && this.linesStale) this.drawLines(this.shown);
    return this.lines;
  }

  render(state: State, outcome: Outcome): void {
    for (const step of this.stages(state, outcome)) step();
  }

  /**
   * The render as steps: the chosen view, each head's heatmap, then its row statistics, the token lines, the
   * output tables; the note and the dimming last, so the last result stays dimmed under its note until the new
   * one is drawn whole.
   */
  stages(state: State, outcome: Outcome): (() => void)[] {
    const view = outcome.ok ? outcome.view : this.ctx.lastGood();
    const dimmed = !outcome.ok;
    const finish = () => {
      this.stale.hidden = !dimmed || !view || isWorkNote(outcome);
      this.showWork(outcome);
      this.element.classList.toggle('is-stale', dimmed);
      if (!view) return;
      for (const c of this.cards) c.heatmap.setDimmed(dimmed);
      this.lines.setDimmed(dimmed);
    };
    const chosen = () => this.showView(state.view);
    return outcome.ok ? [chosen, ...this.drawSteps(outcome.view, state.view), finish] : [chosen, finish];
  }

  showPointed(p: Pointed): void {
    for (const c of this.cards) c.showPointed(p);
    this.lines.highlight(p ? (p.kind === 'output' ? { i: p.i } : { i: p.i, j: p.j }) : null);
    this.outTables[0]?.highlight(p ? { row: p.i } : null);
  }

  /** The radio group heatmap / lines / both. */
  private switchOf(): HTMLElement {
    const t = this.ctx.t.bind(this.ctx);
    const name = uid('view');
    return el(
      'fieldset',
      { class: 'view-switch', 'data-testid': 'view-switch' },
      el('legend', { class: 'visually-hidden' }, t('view.legend')),
      VIEWS.map((v) =>
        el(
          'label',
          { class: 'switch-option' },
          el('input', { type: 'radio', name, value: v, 'data-testid': `view-${v}`, onchange: () => this.ctx.update((s) => void (s.view = v), 'push') }),
          t(`view.${v}`),
        ),
      ),
    );
  }

  /** Show the chosen view of the weights. */
  private showView(v: WeightsView): void {
    for (const input of this.viewSwitch.querySelectorAll('input')) input.checked = input.value === v;
    this.heatmapsBox.hidden = v === 'lines';
    this.linesCard.hidden = v === 'heatmap';
    this.element.dataset.view = v;
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

  /** The steps that draw `view`: the cards (one per head, reusing the heatmaps that exist), the token lines, the outputs. */
  private drawSteps(view: View, mode: WeightsView): (() => void)[] {
    const cards = () => {
      while (this.cards.length > view.heads.length) this.cards.pop()?.heatmap.destroy();
      while (this.cards.length < view.heads.length) this.cards.push(new HeadCard(this.ctx, this.cards.length));
      if (this.shownCards !== this.cards.length) {
        this.shownCards = this.cards.length;
        replaceChildren(
          this.heatmapsBox,
          this.cards.map((c) => c.element),
        );
      }
    };
    const heads = view.heads.flatMap((head, i) => [() => this.cards[i].update(head, view), () => this.cards[i].updateStats(head, view)]);
    // the token lines only while they are shown (a drag redraws every visible figure on every move)
    const lines = () => {
      this.shown = view;
      this.linesStale = mode === 'heatmap';
      if (mode !== 'heatmap') this.drawLines(view);
    };
    return [cards, ...heads, lines, () => this.drawOutputs(view)];
  }

  /** Every head's weights as lines from query tokens to key tokens. */
  private drawLines(view: View): void {
    this.linesStale = false;
    const t = this.ctx.t.bind(this.ctx);
    const [first] = view.heads;
    this.lines.update(
      {
        queryLabels: view.queryLabels,
        keyLabels: view.keyLabels,
        rows: first.weights.rows,
        cols: first.weights.cols,
        heads: view.heads.map((h) => ({ label: t(h.key, h.vars), weights: h.weights.data })),
        hidden: view.hidden,
      },
      { title: t('view.linesTitle') },
    );
  }

  /** The output (its rows pointable: each was made by a row of weights) and the other results. */
  private drawOutputs(view: View): void {
    const t = this.ctx.t.bind(this.ctx);
    const all = [
      { title: t('result.outNamed', { name: t(view.out.key, view.out.vars) }), ...view.out },
      ...view.extra.map((m) => ({ title: t(m.key, m.vars), ...m })),
    ];
    while (this.outTables.length < all.length)
      this.outTables.push(
        this.outTables.length === 0
          ? new MatrixTable('output', { onRowPoint: (i) => this.ctx.point(i === null ? null : { kind: 'output', i }) })
          : new MatrixTable(),
      );
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
