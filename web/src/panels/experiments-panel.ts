// experiments-panel.ts — the seed 003 experiments in the browser: √d_k
// scaling, permutation, quadratic cost and the h = 1 check. Each card
// (experiment-card.ts) has its settings (kept in the URL state), Run / Cancel,
// a progress bar, the result (the last complete one stays, dimmed, while a new
// run goes) and downloads. The runs happen in a Web Worker
// (worker/client.ts), so the page never freezes; Cancel terminates the
// worker at once. This panel holds the cards and runs one at a time.

import { fromTyped } from '../core/core';
import { readMatrix, type Outcome } from '../model/compute';
import { download, el } from '../widgets/dom';
import { ExperimentCancelled, ExperimentClient } from '../worker/client';
import { notesReport } from '../experiments/reports';
import { SettingsError, type ExperimentName, type ResultMap } from '../experiments/run';
import type { State } from '../model/state';
import { opOf } from '../model/ops/index';
import type { Panel, PanelContext } from './context';
import { ExperimentCard } from './experiment-card';
import { H1View, PermutationView, QuadraticView, ScalingView } from './experiment-views';
import { RelativeView } from './experiment-views-positions';
import { DepthView } from './experiment-views-depth'; // depth (experiment 6)
import { MemoryView } from './experiment-views-memory'; // memory (experiment 8)

/** The experiments in page order. */
export const EXPERIMENTS: readonly ExperimentName[] = [
  'scaling',
  'permutation',
  'quadratic',
  'h1',
  'relative', // relative position (experiment 5)
  'depth', // depth (experiment 6)
  'memory', // memory (experiment 8)
];
import type { BuiltPanel } from './context';
import experimentsCss from './experiments.styles.css?inline';
import { EXPERIMENTS_LATER } from '../experiments/later.words';

/** The experiments panel. */
export class ExperimentsPanel implements Panel {
  readonly element: HTMLElement;
  readonly ctx: PanelContext;
  private readonly client = new ExperimentClient();
  private readonly cards: { [E in ExperimentName]: ExperimentCard<E> };
  private active: ExperimentName | null = null;
  private autoRan = false;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    this.cards = {
      scaling: new ExperimentCard('scaling', this, new ScalingView(t, ctx.lang)),
      permutation: new ExperimentCard('permutation', this, new PermutationView(t, ctx.lang)),
      quadratic: new ExperimentCard('quadratic', this, new QuadraticView(t, ctx.lang)),
      h1: new ExperimentCard('h1', this, new H1View(t, ctx.lang)),
      relative: new ExperimentCard('relative', this, new RelativeView(t, ctx.lang)), // experiment 5
      depth: new ExperimentCard('depth', this, new DepthView(t, ctx.lang)), // experiment 6
      memory: new ExperimentCard('memory', this, new MemoryView(t, ctx.lang)), // experiment 8
    };
    const notes = el(
      'button',
      { type: 'button', class: 'btn', 'data-testid': 'exp-notes', onclick: () => this.downloadNotes() },
      `${t('exp.download')} 08-notes.md`,
    );
    this.element = el(
      'section',
      { class: 'panel panel-experiments', 'aria-label': t('exp.title'), 'data-testid': 'experiments' },
      el('h2', { class: 'panel-title' }, t('exp.title')),
      el('p', { class: 'hint', 'data-testid': 'exp-intro' }, t('exp.intro', { count: EXPERIMENTS.length })),
      el(
        'div',
        { class: 'exp-cards' },
        EXPERIMENTS.map((e) => this.cards[e].element),
      ),
      el('div', { class: 'toolbar' }, notes),
    );
    // the worker compiles its WASM in the background, so the first Run starts at once
    setTimeout(() => this.client.warm(), 0);
  }

  render(state: State, _outcome: Outcome): void {
    // the forms show the state's settings (Back/Forward), so each seed box shows the seed the next run uses
    for (const e of EXPERIMENTS) this.cards[e].sync(state.experiments);
    // a shared link names the experiment it ran: run it once when opened
    if (!this.autoRan && state.run && (EXPERIMENTS as readonly string[]).includes(state.run)) {
      this.autoRan = true;
      queueMicrotask(() => void this.run(state.run as ExperimentName).catch(() => undefined));
    }
    this.autoRan = true;
  }

  /** The playground's current X (or Q), for the permutation experiment. */
  currentX(): number[][] | null {
    const s = this.ctx.state();
    const name = s.matrices.X && opOf(s).flags.selfInput ? 'X' : 'Q';
    const { m } = readMatrix(this.ctx.core, s, name);
    return m ? fromTyped(m) : null;
  }

  /** Run `name` with the card's settings (or `settings`); resolves with the result. */
  async run<E extends ExperimentName>(name: E, settings?: Record<string, unknown>): Promise<ResultMap[E]> {
    const card = this.cards[name] as ExperimentCard<E>;
    const raw = settings ?? card.raw();
    if (!card.validate(raw)) throw new SettingsError(name, {});
    if (this.active && this.active !== name) this.cards[this.active].running(false);
    this.active = name;
    card.running(true);
    this.ctx.update((s) => void (s.run = name), 'replace');
    const t0 = performance.now();
    try {
      const result = await this.client.run(name, raw, (step, total, label, key, vars) => card.onProgress(step, total, label, key, vars));
      card.done(result, performance.now() - t0);
      return result;
    } catch (err) {
      if (err instanceof ExperimentCancelled) card.message(this.ctx.t('exp.cancelled'));
      else if (err instanceof SettingsError) card.showErrors(err.errors);
      else card.message(String((err as Error).message ?? err));
      throw err;
    } finally {
      if (this.active === name) this.active = null;
      card.running(false);
    }
  }

  /** Stop the running experiment now, and get a fresh worker ready for the next run. */
  cancel(): void {
    this.client.cancel();
    setTimeout(() => this.client.warm(), 0);
  }

  private downloadNotes(): void {
    download('08-notes.md', notesReport(this.cards.scaling.result, this.cards.permutation.result, this.cards.quadratic.result, this.ctx.lang), 'text/markdown');
  }
}

/** The experiments panel with its styles (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new ExperimentsPanel(ctx), styles: [experimentsCss], words: EXPERIMENTS_LATER };
}
