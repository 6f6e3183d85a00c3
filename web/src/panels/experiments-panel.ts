// experiments-panel.ts — the experiments in the browser, one card each
// (experiment-card.ts), made from the experiments' pages in page order
// (experiments/pages.ts). Each card has its settings (kept in the URL state),
// Run / Cancel, a progress bar, the result (the last complete one stays,
// dimmed, while a new run goes) and downloads. The runs happen in a Web Worker
// (worker/client.ts), so the page never freezes; Cancel terminates the worker
// at once. This panel holds the cards, runs one at a time, and offers
// 08-notes.md from the results it holds.

import { fromTyped } from '../core/core';
import { SettingsError, type ExperimentName, type ResultMap } from '../experiments/index';
import { NOTES, type NotesResults } from '../experiments/notes';
import { EXPERIMENT_PAGES, EXPERIMENTS_LATER } from '../experiments/pages';
import { shown } from '../experiments/settings';
import type { ViewContext } from '../experiments/view-kit';
import { readMatrix, type Outcome } from '../model/compute';
import { opOf } from '../model/ops/index';
import type { State } from '../model/state';
import { download, el } from '../widgets/dom';
import { ExperimentCancelled, ExperimentClient } from '../worker/experiment-client';
import type { BuiltPanel, Panel, PanelContext } from './context';
import { ExperimentCard } from './experiment-card';
import experimentsCss from './experiments.styles.css?inline';
import { chartWords, heatmapWords } from './words';

/** The experiments panel. */
export class ExperimentsPanel implements Panel {
  readonly element: HTMLElement;
  readonly ctx: PanelContext;
  private readonly client = new ExperimentClient();
  /** One card per experiment, in page order. */
  private readonly cards: readonly ExperimentCard[];
  private active: ExperimentCard | null = null;
  private autoRan = false;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const kit: ViewContext = { t, lang: ctx.lang, chartWords: chartWords(t), heatmapWords: heatmapWords(t) };
    this.cards = EXPERIMENT_PAGES.map((page) => new ExperimentCard(page, this, new page.View(kit)));
    const notes = el(
      'button',
      { type: 'button', class: 'btn', 'data-testid': 'exp-notes', onclick: () => this.downloadNotes() },
      `${t('exp.download')} ${NOTES.name}`,
    );
    this.element = el(
      'section',
      { class: 'panel panel-experiments', 'aria-label': t('exp.title'), 'data-testid': 'experiments' },
      el('h2', { class: 'panel-title' }, t('exp.title')),
      el('p', { class: 'hint', 'data-testid': 'exp-intro' }, t('exp.intro', { count: this.cards.length })),
      el(
        'div',
        { class: 'exp-cards' },
        this.cards.map((c) => c.element),
      ),
      el('div', { class: 'toolbar' }, notes),
    );
    // the worker compiles its WASM in the background, so the first Run starts at once
    setTimeout(() => this.client.warm(), 0);
  }

  render(state: State, _outcome: Outcome): void {
    // the forms show the state's settings (Back/Forward), so each seed box shows the seed the next run uses
    for (const card of this.cards) card.sync(state.experiments);
    // a shared link names the experiment it ran: run it once when opened
    const named = state.run ? this.cards.find((c) => c.name === state.run) : undefined;
    if (!this.autoRan && named) {
      this.autoRan = true;
      queueMicrotask(() => void this.run(named.name as ExperimentName).catch(() => undefined));
    }
    this.autoRan = true;
  }

  /** The playground's current X (or Q), for a form that takes it. */
  currentX(): number[][] | null {
    const s = this.ctx.state();
    const name = s.matrices.X && opOf(s).flags.selfInput ? 'X' : 'Q';
    const { m } = readMatrix(this.ctx.core, s, name);
    return m ? fromTyped(m) : null;
  }

  /** Run `name` with the card's settings (or `settings`); resolves with the result. */
  async run<E extends ExperimentName>(name: E, settings?: Record<string, unknown>): Promise<ResultMap[E]> {
    const card = this.cards.find((c) => c.name === name);
    if (!card) throw new SettingsError(name, { experiment: `unknown experiment ${shown(name)}` });
    const raw = settings ?? card.raw();
    if (!card.validate(raw)) throw new SettingsError(name, {});
    if (this.active && this.active !== card) this.active.running(false);
    this.active = card;
    card.running(true);
    this.ctx.update((s) => void (s.run = name), 'replace');
    const t0 = performance.now();
    try {
      const result = await this.client.run(name, raw, (step, total, label, key, vars) => card.onProgress(step, total, label, key, vars));
      card.done(result, performance.now() - t0);
      this.ctx.host.dispatchEvent(new CustomEvent('experiment-done', { detail: { name, result }, bubbles: true, composed: true }));
      return result;
    } catch (err) {
      if (err instanceof ExperimentCancelled) card.message(this.ctx.t('exp.cancelled'));
      else if (err instanceof SettingsError) card.showErrors(err.errors);
      else card.message(String((err as Error).message ?? err));
      throw err;
    } finally {
      if (this.active === card) this.active = null;
      card.running(false);
    }
  }

  /** Stop the running experiment now, and get a fresh worker ready for the next run. */
  cancel(): void {
    this.client.cancel();
    setTimeout(() => this.client.warm(), 0);
  }

  private downloadNotes(): void {
    const results = Object.fromEntries(this.cards.map((c) => [c.name, c.result])) as NotesResults;
    download(NOTES.name, NOTES.text(results, this.ctx.lang), 'text/markdown');
  }
}

/** The experiments panel with its styles and its words (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new ExperimentsPanel(ctx), styles: [experimentsCss], words: EXPERIMENTS_LATER };
}
